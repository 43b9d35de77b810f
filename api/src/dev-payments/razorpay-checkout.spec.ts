import { createHmac } from 'node:crypto';
import { outcomeOfCard } from './razorpay-checkout.js';
import { openerOrigin } from './sandbox-server.js';
import { startRazorpaySandbox, type RazorpaySandbox } from './razorpay-sandbox.js';

const KEYS = { keyId: 'rzp_test_spec', keySecret: 'spec-key-secret', webhookSecret: 'spec-whsec' };
const AUTH = `Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString('base64')}`;
const SHELL = 'http://localhost:3000';

describe("the sandbox's browser side (checkout.js and the checkout page)", () => {
  let sandbox: RazorpaySandbox;
  beforeAll(async () => {
    // No webhook URL and no retries: this suite is about the browser side alone.
    sandbox = await startRazorpaySandbox({
      nodeEnv: 'test',
      ...KEYS,
      habits: { retryDelaysMs: [] },
    });
  });
  afterAll(async () => {
    await sandbox.idle();
    await sandbox.close();
  });

  const newOrder = async (): Promise<string> => {
    const response = await fetch(`${sandbox.url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 12900, currency: 'INR' }),
    });
    return ((await response.json()) as { id: string }).id;
  };
  const payWith = (orderId: string, card: string, keyId = KEYS.keyId) =>
    fetch(`${sandbox.url}/_sandbox/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key_id: keyId, order_id: orderId, card }),
    });

  it("serves checkout.js with Razorpay's global API, pointing at the sandbox it came from", async () => {
    const response = await fetch(`${sandbox.url}/v1/checkout.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    const script = await response.text();
    expect(script).toContain('window.Razorpay = Razorpay');
    expect(script).toContain(JSON.stringify(sandbox.url));
    expect(script).toContain("'payment.failed'");
    expect(script).toContain('ondismiss');
  });

  it("serves the checkout page with the order's amount, framable by the opener only", async () => {
    const orderId = await newOrder();
    const query = new URLSearchParams({ key_id: KEYS.keyId, order_id: orderId, origin: SHELL });
    const response = await fetch(`${sandbox.url}/_sandbox/checkout?${query.toString()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain(`frame-ancestors ${SHELL}`);
    const html = await response.text();
    expect(html).toContain('Pay ₹129.00');
    expect(html).toContain(`window.parent.postMessage(message, OPENER)`);
    const noOrigin = new URLSearchParams({ key_id: KEYS.keyId, order_id: orderId });
    expect((await fetch(`${sandbox.url}/_sandbox/checkout?${noOrigin.toString()}`)).status).toBe(
      400,
    );
    const wrongKey = new URLSearchParams({
      key_id: 'rzp_test_other',
      order_id: orderId,
      origin: SHELL,
    });
    expect(
      await (await fetch(`${sandbox.url}/_sandbox/checkout?${wrongKey.toString()}`)).text(),
    ).toContain('the order or the key is unknown');
  });

  it('pays with the success card: the signature the checkout hands the page verifies', async () => {
    const orderId = await newOrder();
    const response = await payWith(orderId, '4111 1111 1111 1111');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, string>;
    expect(body).toMatchObject({ status: 'captured', razorpay_order_id: orderId });
    expect(body.razorpay_signature).toBe(
      createHmac('sha256', KEYS.keySecret)
        .update(`${orderId}|${body.razorpay_payment_id}`)
        .digest('hex'),
    );
    // Paid once: a second attempt is refused.
    expect((await payWith(orderId, '4111111111111111')).status).toBe(400);
  });

  it("declines the decline card with Razorpay's error, and refuses other cards and keys", async () => {
    const orderId = await newOrder();
    const declined = (await (await payWith(orderId, '4000000000000002')).json()) as {
      status: string;
      error: { reason: string; description: string };
    };
    expect(declined).toMatchObject({
      status: 'failed',
      error: {
        reason: 'payment_declined',
        description: 'Your payment has been declined by the bank.',
      },
    });
    const payments = await fetch(`${sandbox.url}/v1/orders/${orderId}/payments`, {
      headers: { authorization: AUTH },
    });
    expect(((await payments.json()) as { items: { status: string }[] }).items).toEqual([
      expect.objectContaining({ status: 'failed' }),
    ]);
    expect((await payWith(orderId, '1234123412341234')).status).toBe(400);
    expect((await payWith(orderId, '4111111111111111', 'rzp_test_other')).status).toBe(400);
  });

  it('reads test cards and opener origins strictly', () => {
    expect(outcomeOfCard('4111-1111-1111-1111')).toBe('success');
    expect(outcomeOfCard('4000 0000 0000 0002')).toBe('decline');
    expect(outcomeOfCard('4111')).toBeNull();
    expect(outcomeOfCard(42)).toBeNull();
    expect(openerOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(openerOrigin('http://localhost:3000/pricing')).toBeNull();
    expect(openerOrigin('javascript:alert(1)')).toBeNull();
    expect(openerOrigin(null)).toBeNull();
  });
});
