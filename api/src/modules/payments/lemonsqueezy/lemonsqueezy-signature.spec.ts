import { lemonSqueezySignatureValid } from './lemonsqueezy-webhook.service.js';

// X-Signature: HMAC-SHA256 hex of the raw body with the signing secret
// (https://docs.lemonsqueezy.com/help/webhooks/signing-requests). Lemon Squeezy's docs publish no
// example vector; these were computed independently with `openssl dgst -sha256 -hmac SECRET`.
const BODY = '{"meta":{"event_name":"order_created"},"data":{"id":"1"}}';
const SECRET = 'signing-secret-123';
const SIGNATURE = '9d43c04339dc9dbb803956db0197a4eb91e4fb9e5b79e229672e401e1611cef7';

describe('Lemon Squeezy webhook signature', () => {
  it('accepts the HMAC-SHA256 hex of the exact bytes', () => {
    expect(lemonSqueezySignatureValid(Buffer.from(BODY), SIGNATURE, SECRET)).toBe(true);
    expect(
      lemonSqueezySignatureValid(
        Buffer.alloc(0),
        '4f811fe755b1119713464080bc0be0beb0b71911e0ac32cfe57f7062e4b7a37c',
        'abcdef',
      ),
    ).toBe(true);
  });

  it('refuses a 1-byte change of the body, the signature or the secret', () => {
    expect(
      lemonSqueezySignatureValid(Buffer.from(BODY.replace('"1"', '"2"')), SIGNATURE, SECRET),
    ).toBe(false);
    expect(
      lemonSqueezySignatureValid(Buffer.from(BODY), `${SIGNATURE.slice(0, -1)}8`, SECRET),
    ).toBe(false);
    expect(lemonSqueezySignatureValid(Buffer.from(BODY), SIGNATURE, `${SECRET}4`)).toBe(false);
  });

  it('refuses, without throwing, a missing, short, long, upper-case or non-string signature', () => {
    for (const given of [
      undefined,
      '',
      SIGNATURE.slice(0, 63),
      `${SIGNATURE}0`,
      SIGNATURE.toUpperCase(),
      ['x'],
      'é'.repeat(32),
    ]) {
      expect(lemonSqueezySignatureValid(Buffer.from(BODY), given, SECRET)).toBe(false);
    }
  });
});
