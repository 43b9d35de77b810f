import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { LOCAL_ADDON_CLIENT } from '../config/addon-identity-config.js';
import { LOCAL_OAUTH_CLIENT } from '../config/app-config.js';
import { DevAccountsStore } from './accounts-store.js';
import { loginPage } from './login-page.js';

// A local OpenID provider (the `oidc-provider` library) that stands in for Google when no Google
// client is configured: the API's Google strategy is pointed at its endpoints, so development,
// tests and production run the same sign-in code. It also stands in for the Google Sheets
// add-on's identity: its add-on client (LOCAL_ADDON_CLIENT) gets ID tokens carrying email,
// email_verified and name as Google's do, signed with this run's key and published at /jwks,
// which the API verifies as it verifies Google's (modules/auth/id-token-verifier.ts).

export type DevIdpOptions = {
  issuer: string;
  redirectUris: string[];
  accountsFile?: string;
  /**
   * Addresses the provider reports with email_verified false, as Google does for an account
   * made with an address nobody confirmed (tests of the API's refusal). Every other is verified.
   */
  unverifiedEmails?: readonly string[];
  /**
   * The private RS256 key (a JWK with `kid`) that signs ID tokens. Unset: a new one each start.
   * Tests pass their own to sign tokens the provider would not issue (expired, another issuer).
   */
  signingKey?: JWK;
};

export type DevIdp = {
  issuer: string;
  server: http.Server;
  close: () => Promise<void>;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) req.destroy(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    // No form-action: the sign-in form's redirects end at the API's callback on another origin.
    'Content-Security-Policy':
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  });
  res.end(html);
}

export function assertNotProduction(env: NodeJS.ProcessEnv): void {
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'The local development sign-in provider refuses to run with NODE_ENV=production. ' +
        'Configure GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET instead.',
    );
  }
}

/** A fresh RS256 signing key, as a private JWK with a key id (what `jwks` takes). */
export async function newSigningKey(): Promise<JWK & { kid: string }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    ...(await exportJWK(privateKey)),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };
}

export function createProvider(
  options: DevIdpOptions,
  accounts: DevAccountsStore,
  signingKey: JWK,
): Provider {
  const configuration: Configuration = {
    jwks: { keys: [signingKey] },
    clients: [
      {
        client_id: LOCAL_OAUTH_CLIENT.id,
        client_secret: LOCAL_OAUTH_CLIENT.secret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
      {
        // The add-on: a public client (PKCE, no secret), as an installed add-on is.
        client_id: LOCAL_ADDON_CLIENT.id,
        redirect_uris: [LOCAL_ADDON_CLIENT.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      },
    ],
    // Google's ID tokens carry email, email_verified and name; the library's default keeps
    // them for userinfo when an access token is issued too.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    scopes: ['openid', 'profile', 'email'],
    findAccount: (_ctx, sub) => {
      const account = accounts.find(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: account.name,
          email: account.email,
          email_verified: !options.unverifiedEmails?.includes(account.email),
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    // Google's userinfo path shape: passport-google-oauth20 reads OpenID claims (sub, email)
    // from a profile URL ending in /userinfo.
    routes: { userinfo: '/userinfo' },
  };
  return new Provider(options.issuer, configuration);
}

async function handleInteraction(
  provider: Provider,
  accounts: DevAccountsStore,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const interaction = await provider.interactionDetails(req, res);
  const uid = interaction.uid;

  if (req.method === 'POST' && path === `/interaction/${uid}/login`) {
    const form = await readForm(req);
    const name = (form.get('name') ?? '').trim();
    const email = (form.get('email') ?? '').trim();
    if (!name || name.length > 100 || !EMAIL.test(email) || email.length > 254) {
      sendHtml(
        res,
        400,
        loginPage({
          uid,
          accounts: accounts.recent(),
          error: 'Please enter your name and a valid email address.',
          name,
          email,
        }),
      );
      return;
    }
    const account = accounts.remember(name, email);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub } },
      {
        mergeWithLastSubmission: false,
      },
    );
    return;
  }

  if (interaction.prompt.name === 'consent') {
    // A stand-in for Google: consent to the requested scopes is given at once.
    const { details } = interaction.prompt;
    const accountId = interaction.session?.accountId;
    const grant = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : new provider.Grant({ accountId, clientId: String(interaction.params.client_id) });
    if (!grant) throw new Error('grant not found');
    const missingScope = details.missingOIDCScope as string[] | undefined;
    if (missingScope) grant.addOIDCScope(missingScope.join(' '));
    const missingClaims = details.missingOIDCClaims as string[] | undefined;
    if (missingClaims) grant.addOIDCClaims(missingClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      {
        mergeWithLastSubmission: true,
      },
    );
    return;
  }

  sendHtml(res, 200, loginPage({ uid, accounts: accounts.recent() }));
}

/** Starts the provider on the issuer's port (or `port`, 0 for any free one). */
export async function startDevIdp(
  options: DevIdpOptions & { port?: number; host?: string },
): Promise<DevIdp> {
  const accounts = new DevAccountsStore(options.accountsFile);
  const provider = createProvider(options, accounts, options.signingKey ?? (await newSigningKey()));
  const callback = provider.callback();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', options.issuer).pathname;
    if (path.startsWith('/interaction/')) {
      handleInteraction(provider, accounts, req, res, path).catch((error: unknown) => {
        const message = error instanceof Error ? error.message : 'unexpected error';
        sendHtml(
          res,
          400,
          `<!doctype html><title>Sign-in error</title><p role="alert">Sign-in could not continue: ${message.replace(/[<>&]/g, '')}. Please start again from the site.</p>`,
        );
      });
      return;
    }
    void callback(req, res);
  });
  const port = options.port ?? Number(new URL(options.issuer).port || 80);
  await new Promise<void>((resolve) => server.listen(port, options.host ?? '127.0.0.1', resolve));
  return {
    issuer: options.issuer,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
