import { z } from 'zod';

// The spreadsheet add-on's identity (issue 22 item 4): the API accepts a Google ID token sent as
// `Authorization: Bearer` and verifies it against these (modules/auth/id-token-verifier.ts).
// With a Google client configured the defaults are Google's; without one, the embedded provider
// (api/src/dev-idp) issues the tokens for its own add-on client. Production refuses any of them
// pointing at a local provider (production-config.ts).

/** Google signs ID tokens with either spelling of its issuer. */
export const GOOGLE_ID_TOKEN_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
/** Google's signing keys (JWKS); jose caches them and fetches again when a new key id appears. */
export const GOOGLE_ID_TOKEN_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

/**
 * The embedded provider's add-on client (development and tests only): a public client with PKCE,
 * as an installed add-on is. Its redirect is where the code comes back; nothing serves it — a
 * client reads the code from the redirect (api/src/testing/addon-id-token.ts).
 */
export const LOCAL_ADDON_CLIENT = {
  id: 'local-addon-client',
  redirectUri: 'http://localhost/local-addon/signed-in',
};

const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

export const addonIdentityEnv = {
  ADDON_ID_TOKEN_ISSUERS: list.pipe(z.array(z.string().min(1).max(200)).min(1)).optional(),
  ADDON_ID_TOKEN_JWKS_URL: z.url({ protocol: /^https?$/ }).optional(),
  ADDON_OAUTH_CLIENT_IDS: list.pipe(z.array(z.string().min(1).max(200)).min(1)).optional(),
};

export type AddonIdentityConfig = {
  /** `iss` values accepted (exact match). */
  issuers: string[];
  /** Where the issuer publishes its signing keys. */
  jwksUrl: string;
  /** `aud` values accepted: the add-on's OAuth client ids. Empty: no bearer token is accepted. */
  audiences: string[];
};

type AddonIdentityEnv = {
  ADDON_ID_TOKEN_ISSUERS?: string[] | undefined;
  ADDON_ID_TOKEN_JWKS_URL?: string | undefined;
  ADDON_OAUTH_CLIENT_IDS?: string[] | undefined;
};

/**
 * `provider` is the web sign-in's (app-config.ts): 'google' gives Google's issuer and keys and no
 * audience until ADDON_OAUTH_CLIENT_IDS names the add-on's client (the Apps Script project's
 * OAuth client id); 'local' gives the embedded provider at `localIssuer` and its add-on client.
 */
export function addonIdentityFromEnv(
  c: AddonIdentityEnv,
  provider: 'google' | 'local',
  localIssuer: string,
): AddonIdentityConfig {
  const google = provider === 'google';
  return {
    issuers: c.ADDON_ID_TOKEN_ISSUERS ?? (google ? GOOGLE_ID_TOKEN_ISSUERS : [localIssuer]),
    jwksUrl:
      c.ADDON_ID_TOKEN_JWKS_URL ?? (google ? GOOGLE_ID_TOKEN_JWKS_URL : `${localIssuer}/jwks`),
    audiences: c.ADDON_OAUTH_CLIENT_IDS ?? (google ? [] : [LOCAL_ADDON_CLIENT.id]),
  };
}
