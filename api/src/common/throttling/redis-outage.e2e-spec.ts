import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { postFrom } from '../../modules/messages/testing/post-contact.js';
import { freePort } from '../../testing/http-client.js';
import { SignedInApp } from '../../testing/signed-in-app.js';

// Security plan 38: the rate limits' store (Redis) goes away under a running API. Documented
// behaviour: fail open — requests still go through, unlimited and logged, never a 500 or a crash —
// and the limits hold again once Redis is back, without a restart.
jest.setTimeout(60_000);

async function startRedis(port: number, dir: string): Promise<ChildProcess> {
  const redis = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 50; i++) {
    try {
      const probe = await fetch(`http://127.0.0.1:${String(port)}`).catch((e: unknown) => e);
      // Redis answers an HTTP request by closing the connection: anything but a refusal means up.
      if (!(probe instanceof Error && /ECONNREFUSED/.test(String(probe.cause)))) return redis;
    } catch {
      // keep waiting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('redis-server did not start');
}

const stop = (redis: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (redis.exitCode !== null) return resolve();
    redis.once('exit', () => resolve());
    redis.kill('SIGKILL');
  });

describe('the rate limits when their Redis goes away and comes back (plan 38)', () => {
  let app: SignedInApp;
  let redis: ChildProcess;
  let port: number;
  let dir: string;

  beforeAll(async () => {
    port = await freePort();
    dir = mkdtempSync(path.join(os.tmpdir(), 'redis-outage-'));
    redis = await startRedis(port, dir);
    app = await SignedInApp.start({
      REDIS_URL: `redis://127.0.0.1:${String(port)}`,
      REDIS_KEY_PREFIX: `outage-${randomBytes(4).toString('hex')}:`,
      MESSAGE_LIMIT_PER_IP: '3',
      MESSAGE_LIMIT_PER_USER: '100',
    });
  });
  afterAll(async () => {
    await app.close();
    await stop(redis);
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets messages through unlimited while Redis is down, then limits again', async () => {
    const visitor = await app.visitor();
    expect((await postFrom(app, visitor)).status).toBe(200);

    await stop(redis);
    // Fail open: more than the limit of 3 goes through, each stored, none a 5xx.
    const during: number[] = [];
    for (let i = 0; i < 5; i++) during.push((await postFrom(app, visitor)).status);
    expect(during).toEqual([200, 200, 200, 200, 200]);
    expect(await app.db.collection('messages').countDocuments()).toBe(6);
    const health = await fetch(`${app.api}/api/health`);
    expect(health.status).toBeLessThan(500);

    // Back on the same port: the client reconnects by itself and the limit holds again.
    redis = await startRedis(port, dir);
    let limited = false;
    const deadline = Date.now() + 15_000;
    while (!limited && Date.now() < deadline) {
      limited = (await postFrom(app, visitor)).status === 429;
      if (!limited) await new Promise((r) => setTimeout(r, 200));
    }
    expect(limited).toBe(true);
  });
});
