import { startPaypalSandbox, type PaypalSandbox } from './paypal-sandbox.js';

const KEYS = { clientId: 'spec-client', clientSecret: 'spec-secret-123', webhookId: 'SPECHOOK' };

const basic = (id: string, secret: string): string =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('the local PayPal sandbox', () => {
  it('refuses to start with NODE_ENV=production', async () => {
    await expect(startPaypalSandbox({ nodeEnv: 'production', ...KEYS })).rejects.toThrow(
      /refuses to run with NODE_ENV=production/,
    );
  });

  describe("PayPal's contract", () => {
    let sandbox: PaypalSandbox;
    let token = '';
    const call = (method: string, path: string, body?: unknown, headers = {}) =>
      fetch(`${sandbox.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const createOrder = async (): Promise<string> => {
      const response = await call('POST', '/v2/checkout/orders', {
        intent: 'CAPTURE',
        purchase_units: [
          { custom_id: 'u:pro-monthly', amount: { currency_code: 'USD', value: '4.00' } },
        ],
      });
      expect(response.status).toBe(201);
      const order = (await response.json()) as { id: string; status: string };
      expect(order.status).toBe('CREATED');
      return order.id;
    };

    beforeAll(async () => {
      sandbox = await startPaypalSandbox({ nodeEnv: 'test', ...KEYS });
      const response = await fetch(`${sandbox.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: basic(KEYS.clientId, KEYS.clientSecret),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      expect(response.status).toBe(200);
      token = ((await response.json()) as { access_token: string }).access_token;
    });
    afterAll(async () => {
      await sandbox.close();
    });

    it('answers 401 to wrong client credentials and to a call without a token', async () => {
      const wrong = await fetch(`${sandbox.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: basic(KEYS.clientId, 'nope') },
        body: 'grant_type=client_credentials',
      });
      expect(wrong.status).toBe(401);
      const anonymous = await fetch(`${sandbox.url}/v2/checkout/orders/ABC`);
      expect(anonymous.status).toBe(401);
    });

    it("refuses to capture an order not approved: 422 in PayPal's error shape", async () => {
      const id = await createOrder();
      const response = await call('POST', `/v2/checkout/orders/${id}/capture`, {});
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({
        name: 'UNPROCESSABLE_ENTITY',
        details: [{ issue: 'ORDER_NOT_APPROVED' }],
        debug_id: expect.any(String) as unknown,
      });
      expect(sandbox.captureCount(id)).toBe(0);
    });

    it('captures an approved order once per PayPal-Request-Id; another key gets ORDER_ALREADY_CAPTURED', async () => {
      const id = await createOrder();
      sandbox.approve(id, { webhooks: 'drop' });
      const key = { 'paypal-request-id': `capture-${id}` };
      const first = await call('POST', `/v2/checkout/orders/${id}/capture`, {}, key);
      const again = await call('POST', `/v2/checkout/orders/${id}/capture`, {}, key);
      expect([first.status, again.status]).toEqual([201, 201]);
      const [a, b] = (await Promise.all([first.json(), again.json()])) as {
        status: string;
        purchase_units: { payments: { captures: { id: string; custom_id: string }[] } }[];
      }[];
      expect(a?.status).toBe('COMPLETED');
      expect(b).toEqual(a);
      expect(a?.purchase_units[0]?.payments.captures[0]?.custom_id).toBe('u:pro-monthly');
      expect(sandbox.captureCount(id)).toBe(1);
      const other = await call(
        'POST',
        `/v2/checkout/orders/${id}/capture`,
        {},
        {
          'paypal-request-id': 'another',
        },
      );
      expect(other.status).toBe(422);
      expect(await other.json()).toMatchObject({ details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
      expect(sandbox.captureCount(id)).toBe(1);
    });

    it('verifies its own signed deliveries: SUCCESS, and FAILURE for a changed body or webhook id', async () => {
      const event = { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'X' } };
      const headers = sandbox.sign(JSON.stringify(event));
      const verify = async (webhookEvent: unknown, webhookId = KEYS.webhookId) => {
        const response = await call('POST', '/v1/notifications/verify-webhook-signature', {
          auth_algo: headers['paypal-auth-algo'],
          cert_url: headers['paypal-cert-url'],
          transmission_id: headers['paypal-transmission-id'],
          transmission_sig: headers['paypal-transmission-sig'],
          transmission_time: headers['paypal-transmission-time'],
          webhook_id: webhookId,
          webhook_event: webhookEvent,
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { verification_status: string }).verification_status;
      };
      expect(await verify(event)).toBe('SUCCESS');
      expect(await verify({ ...event, resource: { id: 'Y' } })).toBe('FAILURE');
      expect(await verify(event, 'OTHERHOOK')).toBe('FAILURE');
    });
  });
});
