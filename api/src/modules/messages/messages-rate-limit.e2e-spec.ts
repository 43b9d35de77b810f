import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { SignedInApp } from '../../testing/signed-in-app.js';
import { postFrom, statuses } from './testing/post-contact.js';

// Rate limits on the message forms: per client IP and per signed-in user, in memory or in Redis
// (127.0.0.1:6379 runs on every machine of this project, CI's included). Behind a trusted proxy:
// messages-proxy.e2e-spec.ts (sign-in registers passport globally: one signing-in app per file).

describe('message rate limits with no proxy trusted (TRUST_PROXY_HOPS=0)', () => {
  let app: SignedInApp;
  beforeAll(async () => {
    app = await SignedInApp.start({ MESSAGE_LIMIT_PER_IP: '3', MESSAGE_LIMIT_PER_USER: '100' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('limits one address, and X-Forwarded-For cannot pose as others', async () => {
    const visitor = await app.visitor();
    const seen = await statuses(3, () =>
      postFrom(app, visitor, `198.51.100.${String(Math.random() * 200)}`),
    );
    expect(seen).toEqual([200, 200, 200]);
    const fourth = await postFrom(app, visitor, '203.0.113.77');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({
      success: false,
      code: 'TOO_MANY_MESSAGES',
      error: 'Too many messages from you in a short time. Please try again in 10 minutes.',
    });
    expect(Number(fourth.retryAfter)).toBeGreaterThan(500);
    // A new session from the same address is the same client.
    expect((await postFrom(app, await app.visitor())).status).toBe(429);
    expect(await app.db.collection('messages').countDocuments()).toBe(3);
  });
});

describe('message rate limits shared through Redis by two API instances', () => {
  const prefix = `test-${randomBytes(6).toString('hex')}:`;
  const env = {
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: prefix,
    MESSAGE_LIMIT_PER_IP: '3',
    MESSAGE_LIMIT_PER_USER: '100',
  };
  let first: SignedInApp;
  let second: SignedInApp;
  let redis: Redis;
  beforeAll(async () => {
    first = await SignedInApp.start(env);
    second = await SignedInApp.start(env);
    redis = new Redis('redis://127.0.0.1:6379');
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await first.close();
    await second.close();
  });

  it('refuses the fourth message however the three before were spread', async () => {
    const a = await first.visitor();
    const b = await second.visitor();
    expect((await postFrom(first, a)).status).toBe(200);
    expect((await postFrom(second, b)).status).toBe(200);
    expect((await postFrom(first, a)).status).toBe(200);
    const refused = await postFrom(second, b);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await redis.keys(`${prefix}throttle:*`)).length).toBeGreaterThan(0);
  });
});
