import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { startDevIdp, type DevIdp } from '../../dev-idp/dev-idp.js';
import { Browser, freePort } from '../../testing/http-client.js';
import { signInAtLocalProvider } from '../../testing/local-sign-in.js';
import { createTestApp } from '../../testing/test-app.js';
import { UsersService } from '../users/users.service.js';
import { SessionCleanupService } from './session-cleanup.service.js';

const WEB = 'http://web.test';

describe('sign-in, sessions and the user record (embedded provider, real database)', () => {
  let app: INestApplication;
  let idp: DevIdp;
  let api: string;
  let callbackPrefix: string;

  beforeAll(async () => {
    const [apiPort, idpPort] = [await freePort(), await freePort()];
    api = `http://127.0.0.1:${String(apiPort)}`;
    callbackPrefix = `${api}/auth/google/callback`;
    const issuer = `http://127.0.0.1:${String(idpPort)}`;
    idp = await startDevIdp({
      issuer,
      redirectUris: [callbackPrefix],
      unverifiedEmails: ['unverified@example.com'],
    });
    app = await createTestApp({
      DEV_IDP_URL: issuer,
      API_PUBLIC_URL: api,
      WEB_URL: WEB,
      // These tests change session rows behind the API's back: no in-memory copy
      // (session-cache.spec.ts tests the cache).
      SESSION_CACHE_SECONDS: '0',
    });
    await app.listen(apiPort, '127.0.0.1');
  });
  afterAll(async () => {
    await app.close();
    await idp.close();
  });

  async function sessionInit(browser: Browser): Promise<string> {
    const response = await browser.request(`${api}/api/session-init`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  /** GET /auth/google (with `state` when given) → the provider's authorize URL. */
  async function startSignIn(browser: Browser, state?: string): Promise<string> {
    const query = state === undefined ? '' : `?state=${encodeURIComponent(state)}`;
    const response = await browser.request(`${api}/auth/google${query}`);
    expect(response.status).toBe(302);
    return response.headers.get('location') ?? '';
  }

  async function signIn(browser: Browser, person: { name: string; email: string }, state?: string) {
    await sessionInit(browser);
    const authorize = await startSignIn(browser, state);
    const callback = await signInAtLocalProvider(browser, authorize, person, callbackPrefix);
    const done = await browser.request(callback);
    return { callback, done };
  }

  const me = async (browser: Browser) =>
    (await (await browser.request(`${api}/api/me`)).json()) as { user?: Record<string, unknown> };

  it('answers /api/me with no user when signed out', async () => {
    expect(await me(new Browser())).toEqual({});
  });

  it('sends the browser to the provider with state and an S256 PKCE challenge', async () => {
    const browser = new Browser();
    await sessionInit(browser);
    const authorize = new URL(await startSignIn(browser, '/'));
    expect(authorize.pathname).toBe('/auth');
    expect(authorize.searchParams.get('state')).toMatch(/.{16,}/);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/.{43}/);
    expect(authorize.searchParams.get('scope')).toBe('openid profile email');
  });

  it('signs a person in, returns where they started and creates their user record', async () => {
    const browser = new Browser();
    await sessionInit(browser);
    const authorize = await startSignIn(browser, '/pricing?aff=x');
    // The sign-in start made the pre-login session (it holds the OAuth state and PKCE verifier).
    const before = browser.cookie(api, 'sid');
    expect(before).toBeDefined();
    const callback = await signInAtLocalProvider(
      browser,
      authorize,
      { name: 'Asha Rao', email: 'asha@example.com' },
      callbackPrefix,
    );
    const done = await browser.request(callback);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(`${WEB}/pricing?aff=x`);

    const after = browser.cookie(api, 'sid');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);

    const { user } = await me(browser);
    expect(user).toEqual({
      googleId: expect.stringMatching(/^local-[0-9a-f]{24}$/) as string,
      name: 'Asha Rao',
      email: 'asha@example.com',
      isPremium: false,
      planType: 'Free user',
      premiumSince: null,
      nextBilling: null,
      validTill: null,
      isCancelled: false,
      isTrialPlan: false,
      subscriptionId: null,
      isTextOcrFeedbackSubmitted: false,
      isExtPremium: false,
      extPlan: null,
      extLastBilled: null,
      extNextBilling: null,
      extValidTill: null,
      isExtCancelled: false,
      topUpBalance: 0,
      defaultBalance: 5,
      roles: [],
    });

    // The pre-login session id no longer works.
    const stale = new Browser();
    stale.setCookie(api, 'sid', before ?? '');
    expect(await me(stale)).toEqual({});

    // The code cannot be used twice.
    const replay = await browser.request(callback);
    expect(replay.status).toBe(403);
  });

  it('updates the same record at the next sign-in (keyed by subject id, never by email)', async () => {
    await signIn(new Browser(), { name: 'Bo', email: 'bo@example.com' });
    const second = new Browser();
    await signIn(second, { name: 'Bo Lindqvist', email: 'bo@example.com' });
    const { user } = await me(second);
    expect(user?.name).toBe('Bo Lindqvist');
    const users = app.get<Connection>(getConnectionToken()).collection('users');
    expect(await users.countDocuments({ googleId: user?.googleId })).toBe(1);

    const service = app.get(UsersService);
    await service.recordSignIn({ subject: 'subject-one', name: 'A', email: 'shared@example.com' });
    await service.recordSignIn({ subject: 'subject-two', name: 'B', email: 'shared@example.com' });
    expect(await users.countDocuments({ email: 'shared@example.com' })).toBe(2);
  });

  it('rejects a callback without state, with no session', async () => {
    const browser = new Browser();
    await sessionInit(browser);
    const response = await browser.request(`${callbackPrefix}?code=anything`);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'SIGN_IN_FAILED' });
    expect(await me(browser)).toEqual({});
  });

  it('refuses an account whose email the provider has not verified, creating nothing', async () => {
    const browser = new Browser();
    const { done } = await signIn(browser, { name: 'Eve', email: 'unverified@example.com' });
    expect(done.status).toBe(403);
    expect(await done.json()).toMatchObject({ code: 'SIGN_IN_FAILED' });
    expect(await me(browser)).toEqual({});
    const users = app.get<Connection>(getConnectionToken()).collection('users');
    expect(await users.countDocuments({ email: 'unverified@example.com' })).toBe(0);
  });

  it('rejects a callback whose state was changed, with no session', async () => {
    const browser = new Browser();
    await sessionInit(browser);
    const authorize = await startSignIn(browser, '/');
    const callback = new URL(
      await signInAtLocalProvider(
        browser,
        authorize,
        { name: 'Cy', email: 'cy@example.com' },
        callbackPrefix,
      ),
    );
    callback.searchParams.set('state', 'forged-state-value');
    const response = await browser.request(callback.toString());
    expect(response.status).toBe(403);
    expect(await me(browser)).toEqual({});
  });

  it.each(['https://elsewhere.example', '//elsewhere.example/x', '/\\elsewhere.example'])(
    'ignores the return target %s and goes home',
    async (target) => {
      const { done } = await signIn(new Browser(), { name: 'Di', email: 'di@example.com' }, target);
      expect(done.headers.get('location')).toBe(`${WEB}/`);
    },
  );

  it('refuses set-redirect without the CSRF token, and honours it with the token', async () => {
    const browser = new Browser();
    const csrf = await sessionInit(browser);
    const post = (body: unknown, token?: string) =>
      browser.request(`${api}/api/set-redirect`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { 'x-csrf-token': token } : {}),
        },
        body: JSON.stringify(body),
      });

    const forbidden = await post({ path: '/pricing?aff=y' });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ code: 'CSRF_TOKEN_INVALID' });
    expect((await post({ path: '/pricing' }, 'wrong-token')).status).toBe(403);

    expect((await post({ path: 'https://evil.example' }, csrf)).status).toBe(400);
    expect((await post({ path: '/pricing', admin: true }, csrf)).status).toBe(400);
    const accepted = await post({ path: '/pricing?aff=y' }, csrf);
    expect(accepted.status).toBe(200);
    // The body ends once the session is saved (express-session), as a browser would wait for it.
    expect(await accepted.json()).toEqual({ ok: true });

    const authorize = await startSignIn(browser);
    const callback = await signInAtLocalProvider(
      browser,
      authorize,
      { name: 'Ed', email: 'ed@example.com' },
      callbackPrefix,
    );
    const done = await browser.request(callback);
    expect(done.headers.get('location')).toBe(`${WEB}/pricing?aff=y`);
  });

  it('logs out: the old cookie gets no user afterwards', async () => {
    const browser = new Browser();
    await signIn(browser, { name: 'Fay', email: 'fay@example.com' });
    const sid = browser.cookie(api, 'sid');
    expect((await me(browser)).user?.name).toBe('Fay');

    const out = await browser.request(`${api}/auth/logout`);
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe(`${WEB}/`);
    expect(browser.cookie(api, 'sid')).toBeUndefined();

    const replay = new Browser();
    replay.setCookie(api, 'sid', sid ?? '');
    expect(await me(replay)).toEqual({});
  });

  it('keeps sessions in MongoDB and deletes the expired ones', async () => {
    const sessions = app.get<Connection>(getConnectionToken()).collection('sessions');
    const browser = new Browser();
    await signIn(browser, { name: 'Gus', email: 'gus@example.com' });
    const sid = decodeURIComponent(browser.cookie(api, 'sid') ?? '');
    const id = /^s:([^.]+)\./.exec(sid)?.[1];
    expect(await sessions.countDocuments({ _id: id as unknown as never })).toBe(1);

    await sessions.insertOne({
      _id: 'expired-session' as unknown as never,
      expires: new Date(Date.now() - 60_000),
      session: '{}',
    });
    const removed = await app.get(SessionCleanupService).removeExpired();
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await sessions.countDocuments({ _id: 'expired-session' as unknown as never })).toBe(0);
    expect((await me(browser)).user?.name).toBe('Gus'); // live sessions stay
  });

  it('has a unique index on googleId', async () => {
    const users = app.get<Connection>(getConnectionToken()).model('User');
    await users.init();
    const indexes = await users.collection.indexes();
    expect(indexes).toContainEqual(expect.objectContaining({ key: { googleId: 1 }, unique: true }));
  });

  it('sets HttpOnly, SameSite=Lax session and CSRF cookies on path /', async () => {
    const browser = new Browser();
    const init = await browser.request(`${api}/api/session-init`);
    const start = await browser.request(`${api}/auth/google`);
    const cookies = [
      init.headers.getSetCookie().find((c) => c.startsWith('sid.csrf=')),
      start.headers.getSetCookie().find((c) => c.startsWith('sid=')),
    ];
    for (const cookie of cookies) {
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Domain=/i);
    }
  });

  it('creates no session for anonymous visitors: 50 session-inits write no session row', async () => {
    const sessions = app.get<Connection>(getConnectionToken()).collection('sessions');
    const before = await sessions.countDocuments();
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const response = await fetch(`${api}/api/session-init`);
        expect(response.headers.getSetCookie().some((c) => c.startsWith('sid='))).toBe(false);
        return ((await response.json()) as { csrfToken: string }).csrfToken;
      }),
    );
    expect(new Set(answers).size).toBe(50); // one token per visitor
    await fetch(`${api}/api/me`);
    expect(await sessions.countDocuments()).toBe(before);
  });

  it('keeps one CSRF token per visitor, across sign-in, and refuses it with another cookie', async () => {
    const browser = new Browser();
    const first = await sessionInit(browser);
    expect(await sessionInit(browser)).toBe(first);
    await signIn(browser, { name: 'Hal', email: 'hal@example.com' });
    expect(await sessionInit(browser)).toBe(first);

    const other = new Browser();
    await sessionInit(other);
    const response = await other.request(`${api}/api/set-redirect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': first },
      body: JSON.stringify({ path: '/pricing' }),
    });
    expect(response.status).toBe(403);
  });

  it('renews a signed-in session only when half its lifetime has passed', async () => {
    const sessions = app.get<Connection>(getConnectionToken()).collection('sessions');
    const browser = new Browser();
    await signIn(browser, { name: 'Ida', email: 'ida@example.com' });
    const id = /^s:([^.]+)\./.exec(decodeURIComponent(browser.cookie(api, 'sid') ?? ''))?.[1];
    const row = () => sessions.findOne({ _id: id as unknown as never });
    await me(browser); // the first request after sign-in stamps renewedAt (saved before the body ends)
    const settled = await row();

    // Signed-in requests neither write the row nor send the cookie again.
    for (let i = 0; i < 5; i++) {
      const response = await browser.request(`${api}/api/me`);
      expect(response.headers.getSetCookie()).toEqual([]);
      await response.text();
    }
    expect(await row()).toEqual(settled);

    // Past half its lifetime (renewedAt set back 4 days of 7): renewed in store and cookie.
    const session = JSON.parse(String(settled?.session)) as { renewedAt: number };
    session.renewedAt -= 4 * 24 * 3600_000;
    const oldExpiry = new Date(Date.now() - 60_000 + 3 * 24 * 3600_000);
    await sessions.updateOne(
      { _id: id as unknown as never },
      {
        $set: { session: JSON.stringify(session), expires: oldExpiry },
      },
    );
    const renewed = await browser.request(`${api}/api/me`);
    expect(renewed.headers.getSetCookie().some((c) => c.startsWith('sid='))).toBe(true);
    await renewed.text();
    const after = await row();
    expect((after?.expires as Date).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    expect(((await me(browser)).user as { name?: string }).name).toBe('Ida');
  });
});
