import { createHash, randomBytes } from 'node:crypto';
import { LOCAL_ADDON_CLIENT } from '../config/addon-identity-config.js';
import { Browser } from './http-client.js';
import { signInAtLocalProvider } from './local-sign-in.js';

export type OidcClient = { id: string; redirectUri: string; secret?: string };

/**
 * A real ID token from the embedded provider, as the add-on would hold one: its authorization-code
 * flow (PKCE S256, state, nonce) for `client`, the person signing in on its form, the code read
 * from the redirect (never requested) and exchanged at the token endpoint. The token is signed
 * with the provider's key and verifiable only through its JWKS. Another client (the web one,
 * with its secret) gives a token whose audience is not the add-on's.
 */
export async function idTokenFromLocalProvider(
  issuer: string,
  person: { name: string; email: string },
  client: OidcClient = LOCAL_ADDON_CLIENT,
): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const authorize = new URL(`${issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: client.id,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const returned = new URL(
    await signInAtLocalProvider(new Browser(), authorize.toString(), person, client.redirectUri),
  );
  const code = returned.searchParams.get('code');
  if (!code || returned.searchParams.get('state') !== state) {
    throw new Error(`no code for this sign-in in ${returned.toString()}`);
  }
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.redirectUri,
      client_id: client.id,
      code_verifier: verifier,
      ...(client.secret ? { client_secret: client.secret } : {}),
    }).toString(),
  });
  const body = (await response.json()) as { id_token?: string; error?: string };
  if (!response.ok || !body.id_token) {
    throw new Error(`token endpoint: ${String(response.status)} ${JSON.stringify(body)}`);
  }
  return body.id_token;
}
