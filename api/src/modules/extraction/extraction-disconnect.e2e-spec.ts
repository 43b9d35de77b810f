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
function gone(pid: string): boolean {
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !stat || / Z /.test(stat);
}

/** Polls `done` every 20 ms for up to `ms`; its last answer. */
async function within(ms: number, done: () => boolean): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return done();
}

describe('POST /api/extract when the client leaves mid-extraction', () => {
  let platform: SignedInApp;
  let dir: string;
  const ids = (name: string): string[] => {
    const file = path.join(dir, name);
    return existsSync(file) ? readFileSync(file, 'utf8').split(/\s+/).filter(Boolean) : [];
  };
  /** Every process the stand-in engine started, and its child. */
  const started = () => ids('processes');

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'leave-'));
    // A stand-in engine with a child of its own: its OSD hangs until killed; a reading, until
    // the test releases it, and then fails (no time limit is reached: they are a minute).
    const fake = path.join(dir, 'tesseract');
    writeFileSync(
      fake,
      [
        '#!/bin/sh',
        'case "$*" in *--version*) echo "tesseract 5.3.0"; exit 0 ;; esac',
        'sleep 120 &',
        `echo $$ $! >> ${dir}/processes`,
        `case "$*" in *"--psm 0"*) echo $$ >> ${dir}/osd; wait ;; esac`,
        `while [ ! -e ${dir}/release ]; do sleep 0.05; done`,
        'kill $!',
        'exit 1',
      ].join('\n'),
    );
    chmodSync(fake, 0o755);
    platform = await SignedInApp.start({ TESSERACT_PATH: fake, EXTRACT_CONCURRENT_PER_USER: '1' });
  });
  afterAll(async () => {
    writeFileSync(path.join(dir, 'release'), '');
    await platform.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps its slot until the job has ended and its processes are gone', async () => {
    const user = await platform.signIn('Leaver', 'leaver@example.com');
    const concurrency = platform.app.get(ExtractionConcurrency);
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
    // The job is under way: the page is being read, and its orientation detected beside.
    expect(await within(20_000, () => ids('osd').some((pid) => !gone(pid)))).toBe(true);

    // The client leaves while the engine reads its file: the slot stays taken.
    const closed = new Promise((resolve) => response.once('close', resolve));
    client.destroy();
    await closed;
    expect(started().filter((pid) => !gone(pid))).not.toEqual([]);
    expect(concurrency.runningFor(user.userId)).toBe(1);
    const another = await user.post('/api/extract', {
      base64Image: readFileSync(SIMPLE).toString('base64'),
    });
    expect(another.status).toBe(429);
    expect(await another.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(concurrency.runningFor(user.userId)).toBe(1);

    // The reading fails: by the time the slot is back, none of the job's processes runs (its
    // OSD, which would have run on, was killed), and the failed job spent nothing.
    writeFileSync(path.join(dir, 'release'), '');
    expect(await within(20_000, () => concurrency.runningFor(user.userId) === 0)).toBe(true);
    expect(started().filter((pid) => !gone(pid))).toEqual([]);
    const usage = await platform.db.collection('daily_usage').findOne({ userId: user.userId });
    expect(usage).toMatchObject({ used: 0 });
    expect((await user.post('/api/extract', { base64Image: 'AAAA' })).status).not.toBe(429);
  });
});
