import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { createTestApp } from '../../testing/test-app.js';

// Sign-in starts, callbacks, set-redirect and logout (every route that may write a session for a
// caller without one) are counted together per client address, before passport runs. Each test
// speaks from an address of its own (X-Forwarded-For, one trusted proxy), as the limits are.
describe('sign-in rate limit per client address', () => {
  let app: INestApplication<App>;
  beforeAll(async () => {
    app = await createTestApp({
      SIGN_IN_LIMIT_PER_IP: '3',
      HEALTH_LIMIT_PER_IP: '5',
      TRUST_PROXY_HOPS: '1',
    });
  });
  afterAll(async () => {
    await app.close();
  });
  const sessions = () => app.get<Connection>(getConnectionToken()).collection('sessions');

  it('answers the fourth sign-in request of a minute with 429 and Retry-After', async () => {
    const server = app.getHttpServer();
    const from = { 'x-forwarded-for': '198.51.100.1' };
    for (let i = 0; i < 3; i++) await request(server).get('/auth/google').set(from).expect(302);
    const limited = await request(server)
      .get('/auth/google/callback?code=some-code&state=some-state')
      .set(from)
      .expect(429);
    expect(limited.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await request(server).get('/auth/google').set(from).expect(429);
    // Other routes are not counted with sign-in, and another policy's limit is not blocked by
    // this one (memory store: one key per policy and address).
    await request(server).get('/api/me').set(from).expect(200);
    await request(server).get('/api/health').set(from).expect(200);
    // Another address is not limited.
    await request(server).get('/auth/google').set('x-forwarded-for', '198.51.100.2').expect(302);
  });

  it('exhausting one policy never blocks another policy for the same address', async () => {
    const server = app.getHttpServer();
    const from = { 'x-forwarded-for': '198.51.100.3' };
    for (let i = 0; i < 5; i++) await request(server).get('/api/health').set(from).expect(200);
    await request(server).get('/api/health').set(from).expect(429);
    await request(server).get('/auth/google').set(from).expect(302);
  });

  it('100 cookieless set-redirect calls write at most the limit of sessions, then 429', async () => {
    const server = app.getHttpServer();
    const from = { 'x-forwarded-for': '198.51.100.4' };
    // One CSRF token (its pre-session cookie), then each call without the session cookie it got.
    const init = await request(server).get('/api/session-init').set(from).expect(200);
    const csrfCookie = (init.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
    const token = (init.body as { csrfToken: string }).csrfToken;
    const before = await sessions().countDocuments();
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const response = await request(server)
        .post('/api/set-redirect')
        .set(from)
        .set('cookie', csrfCookie)
        .set('x-csrf-token', token)
        .send({ path: '/pricing' });
      statuses.push(response.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(97);
    expect((await sessions().countDocuments()) - before).toBeLessThanOrEqual(3);
  });

  it('cookieless logouts are limited with the sign-in routes', async () => {
    const server = app.getHttpServer();
    const from = { 'x-forwarded-for': '198.51.100.5' };
    for (let i = 0; i < 3; i++) await request(server).get('/auth/logout').set(from).expect(302);
    await request(server).get('/auth/logout').set(from).expect(429);
  });
});
