import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { createTestApp } from '../../testing/test-app.js';

// In production the session cookie is `__Host-sid`: a browser accepts a Set-Cookie for that name,
// the one that deletes it included, only when it is Secure, on Path=/ and without Domain
// (RFC 6265bis, cookie name prefixes). A clearing without Secure is ignored and the browser keeps
// sending the old cookie. The API runs as deployed: behind one TLS-terminating proxy.
const WEB = 'https://site.example';

/** The Set-Cookie line for `name` in an answer, as attribute names (lower case) → values. */
function setCookie(response: request.Response, name: string): Map<string, string> | undefined {
  const header = response.headers['set-cookie'] as unknown as string[] | undefined;
  const line = header?.find((cookie) => cookie.startsWith(`${name}=`));
  if (!line) return undefined;
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  return new Map([
    ['value', pair.slice(name.length + 1)],
    ...attributes.map((a): [string, string] => {
      const at = a.indexOf('=');
      return at < 0 ? [a.toLowerCase(), ''] : [a.slice(0, at).toLowerCase(), a.slice(at + 1)];
    }),
  ]);
}

describe('logout in production (the __Host- session cookie)', () => {
  let app: INestApplication<App>;

  beforeAll(async () => {
    app = await createTestApp({
      NODE_ENV: 'production',
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      API_PUBLIC_URL: 'https://api.site.example',
      WEB_URL: WEB,
      TRUST_PROXY_HOPS: '1',
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const overTls = (path: string, cookie?: string) => {
    const call = request(app.getHttpServer()).get(path).set('X-Forwarded-Proto', 'https');
    return cookie ? call.set('Cookie', cookie) : call;
  };

  it('clears the session cookie with Secure, Path=/ and no Domain, and goes home by navigation', async () => {
    // The sign-in start creates the session (its state and PKCE verifier) and sets the cookie.
    const start = await overTls('/auth/google').expect(302);
    const session = setCookie(start, '__Host-sid');
    expect(session?.has('secure')).toBe(true);

    const out = await overTls('/auth/logout', `__Host-sid=${session?.get('value') ?? ''}`).expect(
      302,
    );
    expect(out.headers.location).toBe(`${WEB}/`);
    const clearing = setCookie(out, '__Host-sid');
    expect(clearing?.get('value')).toBe('');
    expect(new Date(clearing?.get('expires') ?? '').getTime()).toBeLessThan(Date.now());
    expect(clearing?.has('secure')).toBe(true);
    expect(clearing?.get('path')).toBe('/');
    expect(clearing?.has('domain')).toBe(false);
  });
});
