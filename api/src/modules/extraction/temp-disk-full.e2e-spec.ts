import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jest } from '@jest/globals';
import mongoose, { type Connection } from 'mongoose';
import { startDevIdp, type DevIdp } from '../../dev-idp/dev-idp.js';
import { ensureApiBuild } from '../../testing/api-build.js';
import { fixture } from '../../testing/fixtures.js';
import { Browser, freePort } from '../../testing/http-client.js';
import { signInAtLocalProvider } from '../../testing/local-sign-in.js';
import { TEST_SESSION_SECRET } from '../../testing/test-app.js';
import { fillUp, spawnWithTmpfs } from '../../testing/tmpfs-process.js';

// Security test 38, a full temporary disk: the built API runs as its own process with its
// temporary folder (TMPDIR) on a small tmpfs of its own (testing/tmpfs-process.ts), which the
// test fills for real. An extraction then answers a stable 503 with Retry-After, never a 500 or
// a crash; the person's free slot is given back; the job leaves nothing behind; and once there is
// room again the next extraction reads as usual, in the same process.
jest.setTimeout(120_000);

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = path.join(ROOT, 'api', 'dist', 'main.js');
const MB = 1024 * 1024;
const TMPFS_BYTES = 16 * MB;
const FULL = {
  code: 'TEMP_STORAGE_FULL',
  error:
    'The server is short of disk space to read files right now. Please try again in a few minutes.',
};

describe('an extraction when the temporary disk is full', () => {
  let dir: string;
  let idp: DevIdp;
  let api: ChildProcess;
  let apiPid: number;
  let view: string;
  let output = '';
  let base: string;
  let db: Connection;

  beforeAll(async () => {
    ensureApiBuild(ROOT);
    dir = mkdtempSync(path.join(os.tmpdir(), 'full-tmp-'));
    const [apiPort, idpPort] = [await freePort(), await freePort()];
    base = `http://127.0.0.1:${String(apiPort)}`;
    const issuer = `http://127.0.0.1:${String(idpPort)}`;
    idp = await startDevIdp({ issuer, redirectUris: [`${base}/auth/google/callback`] });
    const server = process.env.TEST_MONGODB_URI ?? '';
    const uri = server.replace(/\/[^/]*$/, `/diskfull_${randomUUID().replaceAll('-', '')}`);
    db = await mongoose.createConnection(uri).asPromise();
    ({ child: api, view } = spawnWithTmpfs(dir, TMPFS_BYTES, process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        MONGODB_URI: uri,
        SESSION_SECRET: TEST_SESSION_SECRET,
        API_PORT: String(apiPort),
        API_HOST: '127.0.0.1',
        API_PUBLIC_URL: base,
        WEB_URL: 'http://web.test',
        DEV_IDP_URL: issuer,
        TMPDIR: dir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }));
    apiPid = api.pid ?? 0;
    api.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    api.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    for (let i = 0; i < 150 && !output.includes('API listening') && api.exitCode === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!output.includes('API listening')) throw new Error(`API did not start: ${output}`);
  });
  afterAll(async () => {
    if (api.exitCode === null) api.kill('SIGKILL');
    await db.dropDatabase().catch(() => undefined);
    await db.close();
    await idp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function signIn(email: string) {
    const browser = new Browser();
    await browser.request(`${base}/api/session-init`);
    const start = await browser.request(`${base}/auth/google?state=%2F`);
    const callback = await signInAtLocalProvider(
      browser,
      start.headers.get('location') ?? '',
      { name: 'Full Disk', email },
      `${base}/auth/google/callback`,
    );
    await browser.request(callback);
    const { csrfToken } = (await (await browser.request(`${base}/api/session-init`)).json()) as {
      csrfToken: string;
    };
    const user = await db.collection('users').findOne({ email });
    return {
      userId: String(user?._id),
      extract: async (body: unknown) => {
        const response = await browser.request(`${base}/api/extract`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
          body: JSON.stringify(body),
        });
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as Record<string, unknown>,
        };
      },
    };
  }

  it('answers TEMP_STORAGE_FULL (503), gives the slot back, leaves nothing, and reads again once there is room', async () => {
    const user = await signIn('full-disk@example.com');
    const slots = (state: string) =>
      db.collection('extraction_slots').countDocuments({ userId: user.userId, state });
    const image = {
      base64Image: readFileSync(fixture('printed/tesseractjs_simple.png')).toString('base64'),
    };
    const pdf = {
      base64Pdf: readFileSync(fixture('pdf-digital/pdfminer_simple1.pdf')).toString('base64'),
      pageToExtract: 1,
    };

    // The API works with its disk as it is: the engine's folder and warm processes exist.
    const before = await user.extract(image);
    expect(before.status).toBe(200);
    expect(before.body.extractedText).toBe('Tesseract.js');
    expect(await slots('recorded')).toBe(1);

    // Something else fills the disk: an image (written for Tesseract) and a PDF (written for
    // pdfinfo) cannot be put down.
    expect(fillUp(view, TMPFS_BYTES)).toBeGreaterThan(TMPFS_BYTES / 2);
    for (const body of [image, pdf]) {
      const answer = await user.extract(body);
      expect(answer.body).toEqual(FULL);
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toMatch(/^\d+$/);
    }
    // Nothing charged, nothing left: the engine's folder holds no job folder.
    expect(await slots('held')).toBe(0);
    expect(await slots('recorded')).toBe(1);
    const engineDirs = readdirSync(view).filter((name) => name.startsWith('ocr-engine-'));
    expect(engineDirs).toHaveLength(1);
    expect(
      readdirSync(path.join(view, engineDirs[0] ?? '')).filter((n) => n.startsWith('job-')),
    ).toEqual([]);
    // The same process, still up, with no rejection left unhandled.
    expect(api.exitCode).toBeNull();
    expect(api.pid).toBe(apiPid);
    expect(output).not.toContain('Unhandled promise rejection');
    expect(output).toContain('Temporary disk full: extraction refused');

    // Room again: the next extractions read as usual.
    unlinkSync(path.join(view, 'filler'));
    const after = await user.extract(image);
    expect(after.status).toBe(200);
    expect(after.body.extractedText).toBe('Tesseract.js');
    const afterPdf = await user.extract(pdf);
    expect(afterPdf.status).toBe(200);
    expect(await slots('recorded')).toBe(3);
    expect(await slots('held')).toBe(0);
  });
});
