import type { PublicUser, TablesJobView } from 'contracts';
import {
  SignJWT,
  UnsecuredJWT,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTPayload,
} from 'jose';
import { LOCAL_ADDON_CLIENT } from '../../config/addon-identity-config.js';
import { newSigningKey } from '../../dev-idp/dev-idp.js';
import { tablePdf } from '../../testing/table-pdf.js';
import { SignedInApp } from '../../testing/signed-in-app.js';

// The add-on's whole path with the real app, the real database and the embedded provider: a
// Google-style ID token from the provider's own flow, sent as `Authorization: Bearer` with no
// cookie, reads a table and spends the credits the same person's web session sees. The
// verifier's every refusal is id-token-verifier.spec.ts and the middleware's cookie/bearer
// contract bearer-identity.spec.ts; here each refusal is shown once through the real app.

const EXTRACT = '/api/sheets-extension/extract';
const ROWS = [
  ['Item', 'Qty'],
  ['Apples', '3'],
  ['Pears', '12'],
];
const UNVERIFIED = 'unverified@example.com';

describe('the add-on identity: a bearer ID token on the table routes (real app)', () => {
  let platform: SignedInApp;
  let key: JWK & { kid: string };
  let pdf: string;
  let people = 0;
  const someone = () => {
    people += 1;
    return { name: `Add-on user ${String(people)}`, email: `addon${String(people)}@example.com` };
  };

  beforeAll(async () => {
    key = await newSigningKey();
    platform = await SignedInApp.start(
      // Two reads a minute per person, many per address: the limit met is the person's.
      { EXTRACT_LIMIT_PER_USER: '2', EXTRACT_LIMIT_PER_IP: '1000' },
      { unverifiedEmails: [UNVERIFIED], signingKey: key },
    );
    pdf = (
      await tablePdf([
        [{ kind: 'table', ruled: true, x: 60, y: 80, widths: [120, 80], rows: ROWS }],
      ])
    ).toString('base64');
  });
  afterAll(async () => {
    await platform.close();
  });

  const withToken = (token: string, path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    return fetch(`${platform.api}${path}`, { ...init, headers });
  };
  const extractWith = (token: string, headers: Record<string, string> = {}) =>
    withToken(token, EXTRACT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ file: pdf, fileName: 'fruit.pdf', mode: 'tables' }),
    });
  const meWith = async (token: string): Promise<PublicUser> =>
    ((await (await withToken(token, '/api/me')).json()) as { user: PublicUser }).user;
  /** The add-on's credits (spec §9): the free ones and the bought ones. */
  const credits = (user: PublicUser): number => {
    const { defaultBalance, topUpBalance } = user;
    if (defaultBalance === undefined || topUpBalance === undefined) {
      throw new Error(`no credits in ${JSON.stringify(user)}`);
    }
    return defaultBalance + topUpBalance;
  };

  it("reads a table with the provider's token and spends the credits of the same person's web session", async () => {
    const person = someone();
    const web = await platform.signIn(person.name, person.email);
    const webMe = async () =>
      ((await (await web.browser.request(`${platform.api}/api/me`)).json()) as { user: PublicUser })
        .user;
    const before = credits(await webMe());
    const token = await platform.addonToken(person.name, person.email);

    const addonUser = await meWith(token);
    expect(addonUser.googleId).toBe(web.googleId);
    expect(credits(addonUser)).toBe(before);

    const response = await extractWith(token); // no cookie, no CSRF token
    expect(response.status).toBe(200);
    const view = (await response.json()) as TablesJobView;
    expect(view.result?.tables.map((t) => t.rows)).toEqual([ROWS]);
    expect(view.credits).toEqual({ reserved: 1, spent: 1, refunded: 0 });
    expect(credits(await webMe())).toBe(before - 1);
    expect(credits(await meWith(token))).toBe(before - 1);

    // The job is the person's, whichever way they come: read and downloaded with either.
    const job = `/api/sheets-extension/jobs/${view.jobId}`;
    expect(((await (await withToken(token, job)).json()) as TablesJobView).state).toBe('done');
    const csv = await withToken(token, `${job}/download?format=csv`);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('Apples');
    expect((await web.browser.request(`${platform.api}${job}`)).status).toBe(200);
  });

  it('Prefer: respond-async: a one-page PDF gets the job answer (202) and its job completes; without it, 200', async () => {
    const person = someone();
    const token = await platform.addonToken(person.name, person.email);
    const before = credits(await meWith(token));

    const accepted = await extractWith(token, { prefer: 'respond-async' });
    expect(accepted.status).toBe(202);
    expect(accepted.headers.get('preference-applied')).toBe('respond-async');
    const { jobId } = (await accepted.json()) as { jobId: string };
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    let view: TablesJobView | undefined;
    for (let i = 0; i < 300 && view?.state !== 'done'; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const polled = await withToken(token, `/api/sheets-extension/jobs/${jobId}`);
      expect(polled.status).toBe(200);
      view = (await polled.json()) as TablesJobView;
      expect(view.state === 'running' || view.state === 'done').toBe(true);
    }
    expect(view?.state).toBe('done');
    expect(view?.result?.tables.map((t) => t.rows)).toEqual([ROWS]);
    expect(view?.credits).toEqual({ reserved: 1, spent: 1, refunded: 0 });
    expect(credits(await meWith(token))).toBe(before - 1);

    const sync = await extractWith(token);
    expect(sync.status).toBe(200);
    expect(sync.headers.get('preference-applied')).toBeNull();
    expect(((await sync.json()) as TablesJobView).state).toBe('done');
  });

  it('creates, at the first token, the account web sign-in later finds (same Google subject)', async () => {
    const person = someone();
    const token = await platform.addonToken(person.name, person.email);
    const created = await meWith(token);
    expect(created).toMatchObject({ name: person.name, email: person.email });
    const web = await platform.signIn(person.name, person.email);
    expect(web.googleId).toBe(created.googleId);
    expect(await platform.db.collection('users').countDocuments({ googleId: web.googleId })).toBe(
      1,
    );
  });

  const signed = async (change: JWTPayload, signingKey: JWK = key, kid = key.kid) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: platform.issuer,
      aud: LOCAL_ADDON_CLIENT.id,
      sub: 'subject-of-a-forged-token',
      email: 'forged@example.com',
      email_verified: true,
      iat: now - 120,
      exp: now + 3600,
      ...change,
    })
      .setProtectedHeader({ alg: 'RS256', kid })
      .sign(await importJWK(signingKey, 'RS256'));
  };

  it.each<[string, () => Promise<string>, string]>([
    [
      "the provider's real token for the web client (wrong audience)",
      () => platform.addonToken('Web', 'web-audience@example.com', platform.webClient),
      'ID_TOKEN_INVALID',
    ],
    [
      "a token of the provider's key from another issuer",
      () => signed({ iss: 'https://accounts.example.com' }),
      'ID_TOKEN_INVALID',
    ],
    [
      "an expired token of the provider's key",
      () => signed({ exp: Math.floor(Date.now() / 1000) - 120 }),
      'ID_TOKEN_EXPIRED',
    ],
    [
      'an unsigned token (alg: none)',
      () =>
        Promise.resolve(
          new UnsecuredJWT({ iss: platform.issuer, aud: LOCAL_ADDON_CLIENT.id, sub: 'x' })
            .setIssuedAt()
            .setExpirationTime('1h')
            .encode(),
        ),
      'ID_TOKEN_INVALID',
    ],
    [
      'a token signed by another key under the provider key id',
      async () => {
        const { privateKey } = await generateKeyPair('RS256', { extractable: true });
        return signed({}, await exportJWK(privateKey));
      },
      'ID_TOKEN_INVALID',
    ],
    [
      "the provider's real token for an unverified email",
      () => platform.addonToken('Unverified', UNVERIFIED),
      'ID_TOKEN_EMAIL_UNVERIFIED',
    ],
  ])('refuses %s with 401 and its code, creating no account', async (_what, token, code) => {
    const users = await platform.db.collection('users').countDocuments();
    const response = await extractWith(await token());
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code, error: expect.any(String) as string });
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect(await platform.db.collection('users').countDocuments()).toBe(users);
  });

  it('rate-limits bearer calls per person, counting them with the same person’s cookie calls', async () => {
    const person = someone();
    const web = await platform.signIn(person.name, person.email);
    const token = await platform.addonToken(person.name, person.email);
    expect((await extractWith(token)).status).toBe(200);
    const cookieRead = await web.post(EXTRACT, { file: pdf, mode: 'tables' });
    expect(cookieRead.status).toBe(200);
    const third = await extractWith(token);
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Another person's token, from the same address, is not held back.
    const other = someone();
    expect((await extractWith(await platform.addonToken(other.name, other.email))).status).toBe(
      200,
    );
  });

  it("with a session cookie too: the token's person calls, and the cookie still needs its CSRF token", async () => {
    const cookiePerson = someone();
    const tokenPerson = someone();
    const web = await platform.signIn(cookiePerson.name, cookiePerson.email);
    const token = await platform.addonToken(tokenPerson.name, tokenPerson.email);
    const cookie = web.browser.cookieHeader(platform.api);
    const tokenCredits = credits(await meWith(token));

    const me = await withToken(token, '/api/me', { headers: { cookie } });
    expect(((await me.json()) as { user: PublicUser }).user.email).toBe(tokenPerson.email);

    const noCsrf = await extractWith(token, { cookie });
    expect(noCsrf.status).toBe(403);
    expect(await noCsrf.json()).toMatchObject({ code: 'CSRF_TOKEN_INVALID' });

    const webCredits = async () =>
      credits(
        (
          (await (await web.browser.request(`${platform.api}/api/me`)).json()) as {
            user: PublicUser;
          }
        ).user,
      );
    const cookieCredits = await webCredits();
    const both = await extractWith(token, { cookie, 'x-csrf-token': web.csrf });
    expect(both.status).toBe(200);
    expect(credits(await meWith(token))).toBe(tokenCredits - 1);
    expect(await webCredits()).toBe(cookieCredits);

    const forged = await withToken('not.a.token', '/api/me', { headers: { cookie } });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'ID_TOKEN_INVALID' });
  });
});
