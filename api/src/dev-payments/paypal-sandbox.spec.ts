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

    it('serves the JS SDK for its own client id only, defining paypal.Buttons', async () => {
      const sdk = await fetch(`${sandbox.url}/sdk/js?client-id=${KEYS.clientId}&currency=USD`);
      expect(sdk.status).toBe(200);
      expect(sdk.headers.get('content-type')).toMatch(/javascript/);
      const text = await sdk.text();
      expect(text).toContain('window.paypal = { Buttons: Buttons');
      expect(text).toContain(JSON.stringify(sandbox.url));
      const other = await fetch(`${sandbox.url}/sdk/js?client-id=someone-else`);
      expect(other.status).toBe(400);
    });

    it('the approval page, opened by the buttons, tells only the named opener origin', async () => {
      const id = await createOrder();
      const page = await fetch(
        `${sandbox.url}/checkoutnow?token=${id}&origin=${encodeURIComponent('http://shop.test:3000')}`,
      );
      const html = await page.text();
      expect(html).toContain('Pay $4.00 USD');
      expect(html).toContain('Cancel and return');
      const approved = await fetch(
        `${sandbox.url}/checkoutnow/approve?token=${id}&origin=${encodeURIComponent('http://shop.test:3000')}`,
        { method: 'POST' },
      );
      const done = await approved.text();
      expect(done).toContain('paypal-sandbox:approved');
      expect(done).toContain('"http://shop.test:3000"');
      expect(sandbox.order(id)?.status).toBe('APPROVED');
      // Not an origin: no script at all.
      const odd = await fetch(`${sandbox.url}/checkoutnow?token=${id}&origin=javascript:alert(1)`);
      expect(await odd.text()).not.toContain('<script>');
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

    it('checks the signature over webhook_event as sent: the delivered bytes pass, a re-serialisation fails', async () => {
      const delivered = '{ "id": "WH-2", "summary": "Caf\\u00e9", "resource": {"id": "X"} }\n';
      const headers = sandbox.sign(delivered);
      const fields = JSON.stringify({
        auth_algo: headers['paypal-auth-algo'],
        cert_url: headers['paypal-cert-url'],
        transmission_id: headers['paypal-transmission-id'],
        transmission_sig: headers['paypal-transmission-sig'],
        transmission_time: headers['paypal-transmission-time'],
        webhook_id: KEYS.webhookId,
      }).slice(0, -1);
      const status = async (event: string) => {
        const response = await fetch(`${sandbox.url}/v1/notifications/verify-webhook-signature`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: `${fields},"webhook_event":${event}}`,
        });
        return ((await response.json()) as { verification_status: string }).verification_status;
      };
      expect(await status(delivered)).toBe('SUCCESS');
      expect(await status(JSON.stringify(JSON.parse(delivered)))).toBe('FAILURE');
    });

    it('reads a capture back, REFUNDED once it is refunded or reversed', async () => {
      const id = await createOrder();
      sandbox.approve(id, { webhooks: 'drop' });
      const captured = await call('POST', `/v2/checkout/orders/${id}/capture`, {});
      const order = (await captured.json()) as {
        purchase_units: { payments: { captures: { id: string }[] } }[];
      };
      const captureId = order.purchase_units[0]?.payments.captures[0]?.id ?? '';
      const read = async () =>
        (await (await call('GET', `/v2/payments/captures/${captureId}`)).json()) as {
          status: string;
          supplementary_data: { related_ids: { order_id: string } };
        };
      expect(await read()).toMatchObject({
        status: 'COMPLETED',
        supplementary_data: { related_ids: { order_id: id } },
      });
      sandbox.reverse(captureId, { webhooks: 'drop' });
      expect((await read()).status).toBe('REFUNDED');
      expect((await call('GET', '/v2/payments/captures/NOSUCHCAPTURE0001')).status).toBe(404);
    });
  });
});
