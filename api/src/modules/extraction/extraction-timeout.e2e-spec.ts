import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { SignedInApp } from '../../testing/signed-in-app.js';
import { fixture } from '../../testing/fixtures.js';

// Its own file: passport is one global per module registry, and this app needs its own config.
jest.setTimeout(30_000);

const SIMPLE = fixture('printed/tesseractjs_simple.png');

/** True once the process has exited (gone, or a zombie waiting to be reaped). */
async function gone(pid: string): Promise<boolean> {
  // Up to 5 s: a loaded machine may take a moment to reap the killed tree.
  for (let i = 0; i < 50; i++) {
    const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
    if (!stat || / Z /.test(stat)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe('POST /api/extract when the engine hangs', () => {
  let platform: SignedInApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hang-'));
    // A stand-in engine that starts a child and hangs: the whole tree must be killed.
    const fake = path.join(dir, 'tesseract');
    writeFileSync(fake, `#!/bin/sh\nsleep 120 &\necho $! > ${dir}/child.pid\nwait\n`);
    chmodSync(fake, 0o755);
    platform = await SignedInApp.start({ TESSERACT_PATH: fake, OCR_TIMEOUT_MS: '700' });
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
});
