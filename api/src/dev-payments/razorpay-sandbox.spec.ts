import { startRazorpaySandbox } from './razorpay-sandbox.js';

const KEYS = { keyId: 'rzp_test_spec', keySecret: 'spec-key-secret', webhookSecret: 'spec-whsec' };

describe('the local Razorpay sandbox', () => {
  it('refuses to start with NODE_ENV=production', async () => {
    await expect(startRazorpaySandbox({ nodeEnv: 'production', ...KEYS })).rejects.toThrow(
      /refuses to run with NODE_ENV=production/,
    );
  });

  it("answers 401 in Razorpay's error shape without the key pair, 400 for an unknown id", async () => {
    const sandbox = await startRazorpaySandbox({ nodeEnv: 'test', ...KEYS });
    try {
      const wrong = await fetch(`${sandbox.url}/v1/orders`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${KEYS.keyId}:nope`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ amount: 12900, currency: 'INR' }),
      });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toMatchObject({
        error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' },
      });
      const auth = `Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString('base64')}`;
      const unknown = await fetch(`${sandbox.url}/v1/orders/order_Missing0000000`, {
        headers: { authorization: auth },
      });
      expect(unknown.status).toBe(400);
      const small = await fetch(`${sandbox.url}/v1/orders`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 99, currency: 'INR' }),
      });
      expect(small.status).toBe(400);
    } finally {
      await sandbox.close();
    }
  });
});
