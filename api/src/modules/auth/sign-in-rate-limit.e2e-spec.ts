import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { createTestApp } from '../../testing/test-app.js';

// Sign-in starts and callbacks are counted together per client address, before passport runs.
describe('sign-in rate limit per client address', () => {
  let app: INestApplication<App>;
  beforeAll(async () => {
    app = await createTestApp({ SIGN_IN_LIMIT_PER_IP: '3' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers the fourth sign-in request of a minute with 429 and Retry-After', async () => {
    const server = app.getHttpServer();
    for (let i = 0; i < 3; i++) await request(server).get('/auth/google').expect(302);
    const limited = await request(server)
      .get('/auth/google/callback?code=some-code&state=some-state')
      .expect(429);
    expect(limited.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await request(server).get('/auth/google').expect(429);
    // Other routes are not counted with sign-in.
    await request(server).get('/api/me').expect(200);
  });
});
