import { transmissionRefusal, VERIFIED_EVENT_MAX_BYTES } from './paypal-transmission.js';

// PayPal's documented example of a delivery's transmission (verify-webhook-signature's sample).
const NOW = Date.parse('2016-09-21T22:03:00Z');
const SENT = {
  transmissionId: 'd938e770-8046-11e6-8103-6b62a8a99ac4',
  transmissionTime: '2016-09-21T22:00:46Z',
  transmissionSig:
    'eDOnWUj9FXOnr2naQnrdL7bhgejVSTwRbwbJ0kuk5wAtm2ZYkr7w5BSUDO7e5ZOsqLwN3sPn3RV85Jd9pjHuTlpuXDLYk+l5qiViPbaaC0tLV+8C/zbDjg2WCfvtf2NmFT8CHgPPQAByUqiiTY+RJZPPQC5np7j7WuxcegsJLeWStRAofsDLiSKrzYV3CKZYtNoNnRvYmSFMkYp/5vk4xGcQLeYNV1CC2PyqraZj8HGG6Y+KV4trhreV9VZDn+rPtLDZTbzUohie1LpEy31k2dg+1szpWaGYOz+MRb40U04oD7fD69vghCrDTYs5AsuFM2+WZtsMDmYGI0pxLjn2yw==',
  certUrl: 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
  authAlgo: 'SHA256withRSA',
};
const EVENT = {
  id: 'WH-9UG43882HX7271132-6E0871324L7949614',
  event_type: 'PAYMENT.SALE.COMPLETED',
  resource: {},
};
const LIVE = 'https://api-m.paypal.com';
const refusal = (
  change: Partial<typeof SENT>,
  event: Record<string, unknown> = EVENT,
  apiUrl = LIVE,
  bytes = 1000,
) => transmissionRefusal({ ...SENT, ...change }, event, bytes, apiUrl, NOW);

describe('PayPal delivery checks before the verify call', () => {
  it("passes PayPal's own example, live or sandbox, and the local sandbox's certificate URL", () => {
    expect(refusal({})).toBeNull();
    expect(refusal({ certUrl: 'https://api.paypal.com/v1/notifications/certs/CERT-1' })).toBeNull();
    expect(
      refusal(
        { certUrl: 'http://127.0.0.1:4202/v1/notifications/certs/CERT-sandbox' },
        EVENT,
        'http://127.0.0.1:4202',
      ),
    ).toBeNull();
  });

  it('refuses a transmission older than 10 minutes or more than 5 ahead', () => {
    expect(refusal({ transmissionTime: '2016-09-21T21:52:59Z' })).toBe(
      'transmission time not recent',
    );
    expect(refusal({ transmissionTime: '2016-09-21T22:08:01Z' })).toBe(
      'transmission time not recent',
    );
    expect(refusal({ transmissionTime: 'yesterday' })).toBe('malformed transmission time');
  });

  it('refuses a certificate from anywhere but PayPal (or the configured sandbox)', () => {
    for (const certUrl of [
      'https://evil.example/v1/notifications/certs/CERT-1',
      'https://paypal.com.evil.example/v1/notifications/certs/CERT-1',
      'http://api.paypal.com/v1/notifications/certs/CERT-1',
      'https://api.paypal.com/elsewhere/CERT-1',
      'http://127.0.0.1:4202/v1/notifications/certs/CERT-sandbox',
      'not a url',
    ]) {
      expect(refusal({ certUrl })).toBe('certificate not PayPal’s');
    }
  });

  it('refuses malformed headers, a body that is no event, and an oversized one', () => {
    expect(refusal({ authAlgo: 'SHA256 with RSA' })).toBe('malformed auth algorithm');
    expect(refusal({ transmissionId: '12345' })).toBe('malformed transmission id');
    expect(refusal({ transmissionId: 'x'.repeat(51) })).toBe('malformed transmission id');
    expect(refusal({ transmissionSig: 'not base64!' })).toBe('malformed transmission signature');
    expect(refusal({ transmissionSig: 'A'.repeat(501) })).toBe('malformed transmission signature');
    expect(refusal({}, { event_type: 'X', resource: {} })).toBe('not a PayPal event');
    expect(refusal({}, EVENT, LIVE, VERIFIED_EVENT_MAX_BYTES + 1)).toBe('event too large');
  });
});
