import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { createTestApp } from '../../testing/test-app.js';

describe('GET /api/health', () => {
  let app: INestApplication<App> | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers 200 when the database answers and Tesseract is installed', async () => {
    app = await createTestApp();
    const response = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(response.body).toMatchObject({
      status: 'ok',
      database: { status: 'up' },
      ocr: { status: 'up', engine: 'tesseract' },
    });
    expect((response.body as { ocr: { version: string } }).ocr.version).toMatch(/^\d+\.\d+/);
  });

  it('answers 503 naming the OCR engine when Tesseract is missing', async () => {
    app = await createTestApp({ TESSERACT_PATH: '/nonexistent/tesseract' });
    const response = await request(app.getHttpServer()).get('/api/health').expect(503);
    expect(response.body).toMatchObject({
      status: 'degraded',
      database: { status: 'up' },
      ocr: { status: 'down' },
    });
  });

  it('answers 503 naming the database when it is unreachable', async () => {
    app = await createTestApp();
    await app.get<Connection>(getConnectionToken()).close();
    const response = await request(app.getHttpServer()).get('/api/health').expect(503);
    expect(response.body).toMatchObject({ status: 'degraded', database: { status: 'down' } });
  });
});
