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
import { LOCAL_OAUTH_CLIENT } from '../../config/app-config.js';
import { DevAccountsStore } from '../../dev-idp/accounts-store.js';
import { newSigningKey, startDevIdp, type DevIdp } from '../../dev-idp/dev-idp.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { idTokenFromLocalProvider } from '../../testing/addon-id-token.js';
import { freePort } from '../../testing/http-client.js';
import { IdTokenVerifier } from './id-token-verifier.js';

// The verifier against the embedded provider's real JWKS. Tokens the add-on would hold come from
// the provider's own authorization-code flow; tokens it would never issue (expired, another
// issuer) are signed here with the provider's key, which the test owns, so that each refusal
// differs from an accepted token by the one thing it tests.

const WEB_CALLBACK = 'http://127.0.0.1:9/auth/google/callback';

describe('IdTokenVerifier (ID tokens of the embedded provider, verified by jose)', () => {
  let idp: DevIdp;
  let key: JWK & { kid: string };
  let verifier: IdTokenVerifier;
  let issuer: string;

  beforeAll(async () => {
    key = await newSigningKey();
    issuer = `http://127.0.0.1:${String(await freePort())}`;
    idp = await startDevIdp({
      issuer,
      redirectUris: [WEB_CALLBACK],
      unverifiedEmails: ['unverified@example.com'],
      signingKey: key,
    });
    verifier = new IdTokenVerifier({
      issuers: [issuer],
      jwksUrl: `${issuer}/jwks`,
      audiences: ['another-addon-client', LOCAL_ADDON_CLIENT.id],
    });
  });
  afterAll(async () => {
    await idp.close();
  });

  const now = () => Math.floor(Date.now() / 1000);
  const claims = (change: JWTPayload = {}): JWTPayload => ({
    iss: issuer,
    aud: LOCAL_ADDON_CLIENT.id,
    sub: 'google-subject-1',
    email: 'ada@example.com',
    email_verified: true,
    name: 'Ada',
    iat: now() - 60,
    exp: now() + 3600,
    ...change,
  });
  /** Signed with `signingKey` (the provider's unless given), RS256, naming `kid`. */
  const signed = async (payload: JWTPayload, signingKey: JWK = key, kid = key.kid) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid })
      .sign(await importJWK(signingKey, 'RS256'));

  const refusal = async (token: string): Promise<{ code: string; status: number }> => {
    try {
      await verifier.verify(token);
    } catch (error) {
      if (error instanceof DomainError) return { code: error.code, status: error.status };
      throw error;
    }
    throw new Error('the token was accepted');
  };

  it("accepts a token from the provider's code flow for the add-on client, naming its person", async () => {
    const token = await idTokenFromLocalProvider(issuer, {
      name: 'Grace Hopper',
      email: 'grace@example.com',
    });
    await expect(verifier.verify(token)).resolves.toEqual({
      subject: DevAccountsStore.subjectFor('grace@example.com'),
      email: 'grace@example.com',
      name: 'Grace Hopper',
    });
  });

  it('accepts a token signed here with the provider key whose claims are all right', async () => {
    await expect(verifier.verify(await signed(claims()))).resolves.toEqual({
      subject: 'google-subject-1',
      email: 'ada@example.com',
      name: 'Ada',
    });
    // Google gives no name without the profile scope, which the add-on does not ask for.
    await expect(verifier.verify(await signed(claims({ name: undefined })))).resolves.toEqual({
      subject: 'google-subject-1',
      email: 'ada@example.com',
    });
  });

  it("refuses the provider's real token for another client (the web sign-in's): wrong audience", async () => {
    const token = await idTokenFromLocalProvider(
      issuer,
      { name: 'Grace Hopper', email: 'grace@example.com' },
      { ...LOCAL_OAUTH_CLIENT, redirectUri: WEB_CALLBACK },
    );
    expect(await refusal(token)).toEqual({ code: 'ID_TOKEN_INVALID', status: 401 });
  });

  it('refuses a token whose email the provider reports unverified', async () => {
    const token = await idTokenFromLocalProvider(issuer, {
      name: 'Someone',
      email: 'unverified@example.com',
    });
    expect(await refusal(token)).toEqual({ code: 'ID_TOKEN_EMAIL_UNVERIFIED', status: 401 });
    for (const verified of [false, 'false', undefined]) {
      expect(await refusal(await signed(claims({ email_verified: verified })))).toEqual({
        code: 'ID_TOKEN_EMAIL_UNVERIFIED',
        status: 401,
      });
    }
  });

  it.each([
    ['another issuer', { iss: 'https://accounts.example.com' }],
    ['another audience', { aud: 'someone-elses-client' }],
    ['no subject', { sub: undefined }],
    ['no email', { email: undefined }],
    ['no issue time', { iat: undefined }],
    ['a start time a minute ahead', { nbf: now() + 90 }],
  ])('refuses a token signed by the provider key with %s', async (_what, change) => {
    expect(await refusal(await signed(claims(change)))).toEqual({
      code: 'ID_TOKEN_INVALID',
      status: 401,
    });
  });

  it('refuses a token expired beyond the 30 s clock skew, and accepts one within it', async () => {
    expect(await refusal(await signed(claims({ exp: now() - 45 })))).toEqual({
      code: 'ID_TOKEN_EXPIRED',
      status: 401,
    });
    await expect(verifier.verify(await signed(claims({ exp: now() - 10 })))).resolves.toEqual(
      expect.objectContaining({ subject: 'google-subject-1' }),
    );
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const unsigned = new UnsecuredJWT(claims()).encode();
    expect(unsigned.split('.')[2]).toBe('');
    expect(await refusal(unsigned)).toEqual({ code: 'ID_TOKEN_INVALID', status: 401 });
    // The same with the provider's key id in the header.
    const header = Buffer.from(JSON.stringify({ alg: 'none', kid: key.kid })).toString('base64url');
    expect(await refusal(`${header}.${unsigned.split('.')[1] ?? ''}.`)).toEqual({
      code: 'ID_TOKEN_INVALID',
      status: 401,
    });
  });

  it("refuses a token signed by another key, under the provider key's id or its own", async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const other = await exportJWK(privateKey);
    expect(await refusal(await signed(claims(), other))).toEqual({
      code: 'ID_TOKEN_INVALID',
      status: 401,
    });
    expect(await refusal(await signed(claims(), other, 'attacker-key'))).toEqual({
      code: 'ID_TOKEN_INVALID',
      status: 401,
    });
  });

  it('refuses a token of another algorithm (HS256) and one that is not a JWT', async () => {
    const hmac = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .sign(new TextEncoder().encode('a shared secret the attacker chose, 32+ bytes long'));
    expect(await refusal(hmac)).toEqual({ code: 'ID_TOKEN_INVALID', status: 401 });
    expect(await refusal('not-a-token')).toEqual({ code: 'ID_TOKEN_INVALID', status: 401 });
  });

  it('accepts any of the configured issuers (Google signs with two spellings of its own)', async () => {
    const both = new IdTokenVerifier({
      issuers: [issuer, 'accounts.example.com'],
      jwksUrl: `${issuer}/jwks`,
      audiences: [LOCAL_ADDON_CLIENT.id],
    });
    for (const iss of [issuer, 'accounts.example.com']) {
      await expect(both.verify(await signed(claims({ iss })))).resolves.toMatchObject({
        subject: 'google-subject-1',
      });
    }
  });

  it('refuses every token when no add-on client is configured', async () => {
    const closed = new IdTokenVerifier({
      issuers: [issuer],
      jwksUrl: `${issuer}/jwks`,
      audiences: [],
    });
    await expect(closed.verify(await signed(claims()))).rejects.toMatchObject({
      code: 'ID_TOKEN_INVALID',
    });
  });

  it("answers 503 when the issuer's keys cannot be fetched: not the caller's fault", async () => {
    const unreachable = new IdTokenVerifier({
      issuers: [issuer],
      jwksUrl: `http://127.0.0.1:${String(await freePort())}/jwks`,
      audiences: [LOCAL_ADDON_CLIENT.id],
    });
    await expect(unreachable.verify(await signed(claims()))).rejects.toMatchObject({
      code: 'ID_TOKEN_KEYS_UNAVAILABLE',
      status: 503,
    });
  });
});
