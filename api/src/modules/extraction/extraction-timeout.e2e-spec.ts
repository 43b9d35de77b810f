import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { SignedInApp } from '../../testing/signed-in-app.js';
import { fixture } from '../../testing/fixtures.js';
import { ExtractionConcurrency } from './extraction-concurrency.js';

// Its own file: passport is one global per module registry, and this app needs its own config.
jest.setTimeout(30_000);

const SIMPLE = fixture('printed/tesseractjs_simple.png');

/** True once the process has exited (gone, or a zombie waiting to be reaped). */
function goneNow(pid: string): boolean {
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !stat || / Z /.test(stat);
}

/** Polls `done` every 20 ms for up to `ms`; its last answer. */
async function within(ms: number, done: () => boolean): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return done();
}

const gone = (pid: string) => within(2000, () => goneNow(pid));

describe('POST /api/extract when the engine hangs', () => {
  let platform: SignedInApp;
  let dir: string;
  /** Every process the stand-in engine started: its own id and its child's. */
  const started = (): string[] => {
    const file = path.join(dir, 'processes');
    return existsSync(file) ? readFileSync(file, 'utf8').split(/\s+/).filter(Boolean) : [];
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hang-'));
    // A stand-in engine that starts a child and hangs: the whole tree must be killed. Its OSD
    // hangs until killed; a reading, until killed or released (then it fails).
    const fake = path.join(dir, 'tesseract');
    writeFileSync(
      fake,
      [
        '#!/bin/sh',
        'sleep 120 &',
        `echo $! > ${dir}/child.pid`,
        `echo $$ $! >> ${dir}/processes`,
        'case "$*" in *"--psm 0"*) wait ;; esac',
        `while [ ! -e ${dir}/release ]; do sleep 0.05; done`,
        'kill $!',
        'exit 1',
      ].join('\n'),
    );
    chmodSync(fake, 0o755);
    platform = await SignedInApp.start({
      TESSERACT_PATH: fake,
      OCR_TIMEOUT_MS: '3000',
      EXTRACT_CONCURRENT_PER_USER: '1',
    });
  });
  afterAll(async () => {
    await platform.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops it at the time limit, kills its process tree and spends no quota', async () => {
    const user = await platform.signIn('Slow', 'slow@example.com');
    const response = await user.post('/api/extract', {
      base64Image: readFileSync(SIMPLE).toString('base64'),
    });
    const status = response.status;
    const body = (await response.json()) as { code: string };
    expect(status).toBe(504);
    expect(body.code).toBe('ENGINE_TIMEOUT');
    const child = readFileSync(path.join(dir, 'child.pid'), 'utf8').trim();
    expect(await gone(child)).toBe(true); // the grandchild was killed too
    const usage = await platform.db.collection('daily_usage').findOne({ userId: user.userId });
    expect(usage).toMatchObject({ used: 0, remaining: 5 });
  });

  it('keeps the slot of a client that left mid-extraction until its processes are gone', async () => {
    // After the time-limit test: its readings hang until killed, these until released.
    const user = await platform.signIn('Leaver', 'leaver@example.com');
    const concurrency = platform.app.get(ExtractionConcurrency);
    const before = started().length;
    /** The processes of this upload's job (none else runs meanwhile). */
    const ours = () => started().slice(before);
    const server = platform.app.getHttpServer() as http.Server;
    // The server's side of the upload: its response closes when the client leaves.
    const serverSide = new Promise<ServerResponse>((resolve) => {
      const onRequest = (req: IncomingMessage, res: ServerResponse) => {
        if (req.url !== '/api/extract') return;
        server.off('request', onRequest);
        resolve(res);
      };
      server.on('request', onRequest);
    });
    const body = JSON.stringify({ base64Image: readFileSync(SIMPLE).toString('base64') });
    const client = http.request(`${platform.api}/api/extract`, {
      method: 'POST',
      agent: false,
      headers: {
        cookie: user.browser.cookieHeader(platform.api),
        'x-csrf-token': user.csrf,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
    });
    client.on('error', () => undefined); // it is destroyed below
    client.end(body);
    const response = await serverSide;
    // Its job is under way once the stand-in engine runs.
    expect(await within(10_000, () => ours().some((pid) => !goneNow(pid)))).toBe(true);

    // The client leaves while the engine reads its file.
    const closed = new Promise((resolve) => response.once('close', resolve));
    client.destroy();
    await closed;
    expect(ours().filter((pid) => !goneNow(pid))).not.toEqual([]);
    expect(concurrency.runningFor(user.userId)).toBe(1);
    const another = await user.post('/api/extract', {
      base64Image: readFileSync(SIMPLE).toString('base64'),
    });
    expect(another.status).toBe(429);
    expect(await another.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });

    // The reading fails: by the time the job's slot is back, none of its processes runs (its OSD
    // was killed, not left to finish).
    writeFileSync(path.join(dir, 'release'), '');
    expect(await within(10_000, () => concurrency.runningFor(user.userId) === 0)).toBe(true);
    expect(ours().filter((pid) => !goneNow(pid))).toEqual([]);
    const usage = await platform.db.collection('daily_usage').findOne({ userId: user.userId });
    expect(usage).toMatchObject({ used: 0 });
  });
});
