import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import type { PlanType } from 'contracts';
import { LOCAL_OAUTH_CLIENT } from '../config/app-config.js';
import { startDevIdp, type DevIdp, type DevIdpOptions } from '../dev-idp/dev-idp.js';
import { EntitlementsService } from '../modules/billing/entitlements.service.js';
import { idTokenFromLocalProvider, type OidcClient } from './addon-id-token.js';
import { Browser, freePort } from './http-client.js';
import { signInAtLocalProvider } from './local-sign-in.js';
import { createTestApp } from './test-app.js';

export type SignedIn = {
  browser: Browser;
  csrf: string;
  googleId: string;
  userId: string;
  /** POST JSON with the session cookie and CSRF token. */
  post: (path: string, body: unknown) => Promise<Response>;
};

export type Visitor = {
  browser: Browser;
  csrf: string;
  post: (path: string, body: unknown, headers?: Record<string, string>) => Promise<Response>;
};

/** The real API, listening, with the embedded provider to sign people in through. */
export class SignedInApp {
  private constructor(
    readonly app: INestApplication,
    readonly api: string,
    private readonly idp: DevIdp,
  ) {}

  static async start(
    env: NodeJS.ProcessEnv = {},
    idpOptions: Pick<DevIdpOptions, 'unverifiedEmails' | 'signingKey'> = {},
  ): Promise<SignedInApp> {
    const [apiPort, idpPort] = [await freePort(), await freePort()];
    const api = `http://127.0.0.1:${String(apiPort)}`;
    const issuer = `http://127.0.0.1:${String(idpPort)}`;
    const idp = await startDevIdp({
      issuer,
      redirectUris: [`${api}/auth/google/callback`],
      ...idpOptions,
    });
    const app = await createTestApp({
      DEV_IDP_URL: issuer,
      API_PUBLIC_URL: api,
      WEB_URL: 'http://web.test',
      // Every test person signs in from 127.0.0.1: a test of the limit itself sets its own.
      SIGN_IN_LIMIT_PER_IP: '1000',
      ...env,
    });
    await app.listen(apiPort, '127.0.0.1');
    return new SignedInApp(app, api, idp);
  }

  get db(): Connection {
    return this.app.get<Connection>(getConnectionToken());
  }

  async signIn(name: string, email: string): Promise<SignedIn> {
    const browser = new Browser();
    await browser.request(`${this.api}/api/session-init`);
    const start = await browser.request(`${this.api}/auth/google?state=%2F`);
    const callback = await signInAtLocalProvider(
      browser,
      start.headers.get('location') ?? '',
      { name, email },
      `${this.api}/auth/google/callback`,
    );
    await browser.request(callback);
    // The session changed at sign-in: a fresh token for it.
    const initResponse = await browser.request(`${this.api}/api/session-init`);
    if (!initResponse.ok)
      throw new Error(`session-init: ${String(initResponse.status)} ${await initResponse.text()}`);
    const init = (await initResponse.json()) as { csrfToken: string };
    const me = (await (await browser.request(`${this.api}/api/me`)).json()) as {
      user: { googleId: string };
    };
    const row = await this.db.collection('users').findOne({ googleId: me.user.googleId });
    const post = (path: string, body: unknown) =>
      browser.request(`${this.api}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': init.csrfToken },
        body: JSON.stringify(body),
      });
    return {
      browser,
      csrf: init.csrfToken,
      googleId: me.user.googleId,
      userId: String(row?._id),
      post,
    };
  }

  /** The embedded provider's issuer URL (the API's add-on issuer by default). */
  get issuer(): string {
    return this.idp.issuer;
  }

  /**
   * An ID token for the add-on, as Google gives one to the add-on (ScriptApp.getIdentityToken),
   * from the embedded provider's real flow: the same email is the same subject as web sign-in.
   * `client`: another client of the provider (the web one: a token for another audience).
   */
  addonToken(name: string, email: string, client?: OidcClient): Promise<string> {
    return idTokenFromLocalProvider(this.idp.issuer, { name, email }, client);
  }

  /** The web sign-in's client at this provider, for a token whose audience is not the add-on. */
  get webClient(): OidcClient {
    return { ...LOCAL_OAUTH_CLIENT, redirectUri: `${this.api}/auth/google/callback` };
  }

  /** Gives the person a paid plan, as support would (through the billing module). */
  async makePremium(who: { userId: string }, plan: PlanType = 'Pro Monthly'): Promise<void> {
    await this.app
      .get(EntitlementsService)
      .supportGrant(
        who.userId,
        plan,
        { operationId: randomUUID() },
        { kind: 'support', name: 'test' },
      );
  }

  /** A visitor who is not signed in: a session and its CSRF token, nothing more. */
  async visitor(): Promise<Visitor> {
    const browser = new Browser();
    const init = (await (await browser.request(`${this.api}/api/session-init`)).json()) as {
      csrfToken: string;
    };
    return {
      browser,
      csrf: init.csrfToken,
      post: (path, body, headers = {}) =>
        browser.request(`${this.api}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-csrf-token': init.csrfToken,
            ...headers,
          },
          body: JSON.stringify(body),
        }),
    };
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.idp.close();
  }
}
