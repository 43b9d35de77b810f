import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { createTestApp } from './testing/test-app.js';

describe('the HTTP surface every module shares', () => {
  let app: INestApplication<App>;

  beforeAll(async () => {
    app = await createTestApp({ CORS_ORIGINS: 'http://localhost:3000,http://localhost:3004' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers an unknown route with 404 and a { code, error } body', async () => {
    const response = await request(app.getHttpServer()).get('/api/nothing-here').expect(404);
    expect(response.body).toEqual({ code: 'NOT_FOUND', error: expect.any(String) as string });
  });

  it('gives every response a request id, keeping a sane one from the caller', async () => {
    const fresh = await request(app.getHttpServer()).get('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const kept = await request(app.getHttpServer())
      .get('/api/health')
      .set('X-Request-Id', 'trace-12345678');
    expect(kept.headers['x-request-id']).toBe('trace-12345678');

    const replaced = await request(app.getHttpServer())
      .get('/api/health')
      .set('X-Request-Id', '<script>alert(1)</script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('allows the platform origins with credentials', async () => {
    const response = await request(app.getHttpServer())
      .get('/api/health')
      .set('Origin', 'http://localhost:3004');
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3004');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('does not allow any other origin, preflight included', async () => {
    const simple = await request(app.getHttpServer())
      .get('/api/health')
      .set('Origin', 'https://evil.example');
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await request(app.getHttpServer())
      .options('/api/health')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends the security headers and hides the framework', async () => {
    const response = await request(app.getHttpServer()).get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
