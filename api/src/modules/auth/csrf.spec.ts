import type { Request } from 'express';
import { needsCsrfCheck } from './csrf.js';

const req = (method: string, path: string, headers: Record<string, string> = {}) =>
  ({ method, path, headers }) as unknown as Request;

describe('needsCsrfCheck', () => {
  it('asks state-changing calls carrying cookies for the token', () => {
    expect(needsCsrfCheck(req('POST', '/api/extract', { cookie: 'sid=x' }))).toBe(true);
    expect(needsCsrfCheck(req('PATCH', '/api/support/messages/1'))).toBe(true);
  });

  it('exempts safe methods and signed webhooks', () => {
    expect(needsCsrfCheck(req('GET', '/api/me', { cookie: 'sid=x' }))).toBe(false);
    expect(needsCsrfCheck(req('POST', '/api/webhooks/razorpay'))).toBe(false);
  });

  it('exempts a bearer-token call with no cookie, since no browser credential rides on it', () => {
    expect(needsCsrfCheck(req('POST', '/api/extract', { authorization: 'Bearer abc.def' }))).toBe(
      false,
    );
  });

  it('still asks a bearer-token call for the token when it also carries a cookie', () => {
    const both = { authorization: 'Bearer abc.def', cookie: 'sid=x' };
    expect(needsCsrfCheck(req('POST', '/api/extract', both))).toBe(true);
    expect(needsCsrfCheck(req('POST', '/api/extract', { authorization: 'Basic abc' }))).toBe(true);
    expect(needsCsrfCheck(req('POST', '/api/extract', { authorization: 'Bearer ' }))).toBe(true);
  });
});
