import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { createTestApp } from '../../testing/test-app.js';

describe('GET /api/health', () => {
  let app: INestApplication<App> | undefined;
  let spies: string | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
    if (spies) rmSync(spies, { recursive: true, force: true });
    spies = undefined;
  });

  /** A tesseract that notes each start in a file, then runs the real one. */
  function countingTesseract(): { bin: string; starts: () => number } {
    spies = mkdtempSync(path.join(os.tmpdir(), 'tesseract-spy-'));
    const log = path.join(spies, 'starts');
    const bin = path.join(spies, 'tesseract');
    writeFileSync(log, '');
    writeFileSync(bin, `#!/bin/sh\necho started >> '${log}'\nexec tesseract "$@"\n`);
    chmodSync(bin, 0o755);
    return { bin, starts: () => readFileSync(log, 'utf8').split('\n').filter(Boolean).length };
  }

  it('answers 200 when the database answers and Tesseract is installed, up/down only', async () => {
    app = await createTestApp();
    const response = await request(app.getHttpServer()).get('/api/health').expect(200);
    // Anonymous callers learn no versions, engines or driver errors.
    expect(response.body).toEqual({
      status: 'ok',
      database: { status: 'up' },
      ocr: { status: 'up' },
    });
    expect(response.text).not.toMatch(/\d+\.\d+|tesseract/i);
  });

  it('probes Tesseract once at start: 20 calls start no further process', async () => {
    const tesseract = countingTesseract();
    app = await createTestApp({ TESSERACT_PATH: tesseract.bin });
    expect(tesseract.starts()).toBe(1);
    const server = app.getHttpServer();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async () => (await request(server).get('/api/health')).status),
    );
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 200));
    expect(tesseract.starts()).toBe(1);
  });

  it('answers 503 with the OCR engine down when Tesseract is missing, without its error', async () => {
    app = await createTestApp({ TESSERACT_PATH: '/nonexistent/tesseract' });
    const response = await request(app.getHttpServer()).get('/api/health').expect(503);
    expect(response.body).toEqual({
      status: 'degraded',
      database: { status: 'up' },
      ocr: { status: 'down' },
    });
  });

  it('answers 503 with the database down when it is unreachable, without the driver error', async () => {
    app = await createTestApp();
    await app.get<Connection>(getConnectionToken()).close();
    const response = await request(app.getHttpServer()).get('/api/health').expect(503);
    expect(response.body).toEqual({
      status: 'degraded',
      database: { status: 'down' },
      ocr: { status: 'up' },
    });
  });

  it('limits calls per client address (429 with Retry-After)', async () => {
    app = await createTestApp({ HEALTH_LIMIT_PER_IP: '3' });
    const server = app.getHttpServer();
    for (let i = 0; i < 3; i++) await request(server).get('/api/health').expect(200);
    const limited = await request(server).get('/api/health').expect(429);
    expect(limited.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
