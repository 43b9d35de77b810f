import { jest } from '@jest/globals';
import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { authErrors } from './auth.errors.js';
import type { SignedInUser } from './auth.types.js';
import { bearerIdentity, bearerToken } from './bearer-identity.js';
import type { RequestUserService } from './request-user.service.js';

// The middleware's contract, with RequestUserService mocked (its verification is
// id-token-verifier.spec.ts; the whole path with the real app is tables-bearer.e2e-spec.ts):
// who `req.user` is for each mix of session cookie and bearer token, and what is refused.

const SESSION_USER = { id: 'session-person' } as SignedInUser;
const TOKEN_USER = { id: 'token-person' } as SignedInUser;

describe('bearerIdentity', () => {
  const forIdToken = jest.fn<RequestUserService['forIdToken']>();
  const app = express();
  // Stands for passport's session: a `sid=a` cookie is SESSION_USER.
  app.use((req: Request, _res: Response, next: NextFunction) => {
    if (req.headers.cookie === 'sid=a') req.user = SESSION_USER;
    next();
  });
  app.use(bearerIdentity({ forIdToken } as unknown as RequestUserService));
  app.use((req: Request, res: Response) => {
    res.json({ user: req.user?.id ?? null });
  });
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
    res.status(599).json({ forwarded: error.message });
  });

  beforeEach(() => {
    forIdToken.mockReset();
    forIdToken.mockImplementation((token) =>
      token === 'good.token.here'
        ? Promise.resolve(TOKEN_USER)
        : Promise.reject(authErrors.idTokenInvalid()),
    );
  });

  it('leaves a call without a bearer token to the session (or to nobody), verifying nothing', async () => {
    expect((await request(app).get('/api/me').set('Cookie', 'sid=a')).body).toEqual({
      user: 'session-person',
    });
    expect((await request(app).get('/api/me')).body).toEqual({ user: null });
    const basic = await request(app).get('/api/me').set('Authorization', 'Basic dXNlcjpwdw==');
    expect(basic.body).toEqual({ user: null });
    const empty = await request(app).get('/api/me').set('Authorization', 'Bearer ');
    expect(empty.body).toEqual({ user: null });
    expect(forIdToken).not.toHaveBeenCalled();
  });

  it("makes a call with a valid token the token's person", async () => {
    const response = await request(app)
      .post('/api/sheets-extension/extract')
      .set('Authorization', 'Bearer good.token.here');
    expect(response.body).toEqual({ user: 'token-person' });
    expect(forIdToken).toHaveBeenCalledWith('good.token.here');
  });

  it('lets the token, not the session cookie, decide who calls when both come', async () => {
    const response = await request(app)
      .get('/api/me')
      .set('Cookie', 'sid=a')
      .set('Authorization', 'bearer good.token.here');
    expect(response.body).toEqual({ user: 'token-person' });
  });

  it.each([
    ['alone', {}],
    ['with a valid session cookie', { Cookie: 'sid=a' }],
  ])(
    'refuses a token that fails verification %s: 401 with its code, never the session',
    async (_how, headers) => {
      const response = await request(app)
        .get('/api/me')
        .set(headers)
        .set('Authorization', 'Bearer forged.token.x');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        code: 'ID_TOKEN_INVALID',
        error: authErrors.idTokenInvalid().message,
      });
      expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    },
  );

  it('hands an unexpected failure (the database away) to the error handler', async () => {
    forIdToken.mockRejectedValue(new Error('database away'));
    const response = await request(app)
      .get('/api/me')
      .set('Authorization', 'Bearer good.token.here');
    expect(response.status).toBe(599);
    expect(response.body).toEqual({ forwarded: 'database away' });
  });

  it('leaves the payment webhooks alone (their senders sign them)', async () => {
    const response = await request(app)
      .post('/api/webhooks/paypal')
      .set('Authorization', 'Bearer forged.token.x');
    expect(response.body).toEqual({ user: null });
    expect(forIdToken).not.toHaveBeenCalled();
  });

  it('reads the token of an Authorization: Bearer header, any case, trimmed', () => {
    const of = (authorization?: string) => bearerToken({ headers: { authorization } });
    expect(of('Bearer a.b.c')).toBe('a.b.c');
    expect(of('BEARER  a.b.c  ')).toBe('a.b.c');
    expect(of('Bearer a b')).toBe('a b');
    expect(of('Bearer ')).toBeUndefined();
    expect(of('Basic a.b.c')).toBeUndefined();
    expect(of(undefined)).toBeUndefined();
  });
});
