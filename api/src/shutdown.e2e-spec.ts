import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jest } from '@jest/globals';
import { startDevIdp, type DevIdp } from './dev-idp/dev-idp.js';
import { ensureApiBuild } from './testing/api-build.js';
import { Browser, freePort } from './testing/http-client.js';
import { fixture } from './testing/fixtures.js';
import { signInAtLocalProvider } from './testing/local-sign-in.js';
import { TEST_SESSION_SECRET } from './testing/test-app.js';

// The built API as a process (api/dist/main.js, built here when missing or stale) stopped by SIGTERM in
// the middle of an extraction, as an orchestrator's rolling restart does (security test 37).
jest.setTimeout(120_000);

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Resolves once `done()` holds (checked every 20 ms); throws after 30 s. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const MAIN = path.join(ROOT, 'api', 'dist', 'main.js');

describe('the API process on SIGTERM', () => {
  let dir: string;
  let idp: DevIdp;
  let api: ChildProcess;
  let output = '';
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  let base: string;

  beforeAll(async () => {
    ensureApiBuild(ROOT);
    dir = mkdtempSync(path.join(os.tmpdir(), 'sigterm-'));
    // Real Tesseract, held before each reading until the test releases it: the extraction is
    // still running at SIGTERM, however fast or slow the machine. The version probe at start
    // goes straight through.
    const held = path.join(dir, 'tesseract');
    writeFileSync(
      held,
      [
        '#!/bin/sh',
        'case "$*" in *--version*) exec tesseract "$@" ;; esac',
        `touch '${path.join(dir, 'reading')}'`,
        `while [ ! -e '${path.join(dir, 'release')}' ]; do sleep 0.05; done`,
        'exec tesseract "$@"',
        '',
      ].join('\n'),
    );
    chmodSync(held, 0o755);
    const [apiPort, idpPort] = [await freePort(), await freePort()];
    base = `http://127.0.0.1:${String(apiPort)}`;
    const issuer = `http://127.0.0.1:${String(idpPort)}`;
    idp = await startDevIdp({ issuer, redirectUris: [`${base}/auth/google/callback`] });
    const server = process.env.TEST_MONGODB_URI ?? '';
    api = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        MONGODB_URI: server.replace(/\/[^/]*$/, `/sigterm_${randomUUID().replaceAll('-', '')}`),
        SESSION_SECRET: TEST_SESSION_SECRET,
        API_PORT: String(apiPort),
        API_HOST: '127.0.0.1',
        API_PUBLIC_URL: base,
        WEB_URL: 'http://web.test',
        DEV_IDP_URL: issuer,
        TESSERACT_PATH: held,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    api.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    exited = new Promise((resolve) => api.on('exit', (code, signal) => resolve({ code, signal })));
    for (let i = 0; i < 100 && !output.includes('API listening'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!output.includes('API listening')) throw new Error(`API did not start: ${output}`);
  });
  afterAll(async () => {
    if (api.exitCode === null) api.kill('SIGKILL');
    await idp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the extraction in flight, refuses new ones with 503 and Retry-After, then exits 0', async () => {
    const browser = new Browser();
    await browser.request(`${base}/api/session-init`);
    const start = await browser.request(`${base}/auth/google?state=%2F`);
    const callback = await signInAtLocalProvider(
      browser,
      start.headers.get('location') ?? '',
      { name: 'Rolling Restart', email: 'rolling@example.com' },
      `${base}/auth/google/callback`,
    );
    await browser.request(callback);
    const { csrfToken } = (await (await browser.request(`${base}/api/session-init`)).json()) as {
      csrfToken: string;
    };
    const post = (body: unknown) =>
      browser.request(`${base}/api/extract`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
        body: JSON.stringify(body),
      });
    const image = readFileSync(fixture('printed/tesseractjs_simple.png')).toString('base64');

    const inFlight = post({ base64Image: image });
    // In flight: the engine has started reading it.
    await until(() => existsSync(path.join(dir, 'reading')));
    api.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = await post({ base64Image: image });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { code: string }).code).toBe('ENGINE_BUSY');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);

    writeFileSync(path.join(dir, 'release'), '');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { extractedText: string }).extractedText).toBe('Tesseract.js');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(output).toContain('SIGTERM received: shutting down');
  });
});
