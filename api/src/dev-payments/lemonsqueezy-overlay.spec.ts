import { startLemonSqueezySandbox, type LemonSqueezySandbox } from './lemonsqueezy-sandbox.js';

// The Lemon Squeezy sandbox's browser side: lemon.js and the overlay's pay page; and the
// checkouts created through its API (POST /v1/checkouts), whose custom data its purchases carry.
const SHELL = 'http://localhost:3000';

describe('the Lemon Squeezy sandbox overlay', () => {
  let sandbox: LemonSqueezySandbox;
  beforeAll(async () => {
    sandbox = await startLemonSqueezySandbox({
      nodeEnv: 'test',
      apiKey: 'overlay-spec-api-key',
      webhookSecret: 'overlay-spec-secret',
      storeId: '1',
      // No webhook URL here: nothing to retry.
      habits: { retryDelaysMs: [] },
      variants: {
        '9003': { price: 3300, interval: 'year' },
        '9022': { price: 2500, interval: null },
      },
    });
  });
  afterAll(async () => {
    await sandbox.idle();
    await sandbox.close();
  });

  it("serves lemon.js with Lemon Squeezy's global API, pointing at the sandbox it came from", async () => {
    const response = await fetch(`${sandbox.url}/js/lemon.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    const script = await response.text();
    expect(script).toContain('window.createLemonSqueezy = function');
    expect(script).toContain('Setup:');
    expect(script).toContain('Url: { Open: open, Close: close }');
    expect(script).toContain("'Checkout.Success'");
    expect(script).toContain(JSON.stringify(sandbox.url));
  });

  it("serves the store's affiliate sign-up at /affiliates, as Lemon Squeezy's store domains do", async () => {
    const page = await fetch(`${sandbox.url}/affiliates`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<h1>Become an affiliate (sandbox)</h1>');
    expect(html).toContain('<form method="post" action="/affiliates">');
    const applied = await fetch(`${sandbox.url}/affiliates`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40example.com',
    });
    expect(applied.status).toBe(200);
    expect(await applied.text()).toContain('Application received');
  });

  it('serves the overlay page framable by the opener only, keeping the custom data', async () => {
    const query = new URLSearchParams({
      'checkout[custom][user_id]': 'u1',
      embed: '1',
      embed_origin: SHELL,
    });
    const response = await fetch(`${sandbox.url}/checkout/buy/9003?${query.toString()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain(`frame-ancestors ${SHELL}`);
    const html = await response.text();
    expect(html).toContain('name="checkout[custom][user_id]" value="u1"');
    expect(html).toContain('window.parent.postMessage(message, OPENER)');
    // A bad opener origin: the plain pay page, which posts to nobody.
    query.set('embed_origin', 'javascript:alert(1)');
    const plain = await (
      await fetch(`${sandbox.url}/checkout/buy/9003?${query.toString()}`)
    ).text();
    expect(plain).not.toContain('postMessage');
  });

  it('pays through the buy logic and answers the overlay with the order', async () => {
    const form = new URLSearchParams({
      'checkout[custom][user_id]': 'u2',
      email: 'buyer@example.com',
    });
    const response = await fetch(`${sandbox.url}/checkout/buy/9022`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      orderId: string;
      subscriptionId: string | null;
      order: { data: { id: string; attributes: { user_email: string } } };
    };
    expect(body.subscriptionId).toBeNull();
    expect(body.order.data.id).toBe(body.orderId);
    expect(sandbox.order(body.orderId)?.attributes.user_email).toBe('buyer@example.com');
  });

  describe('checkouts created through the API (POST /v1/checkouts)', () => {
    const KEY = 'Bearer overlay-spec-api-key';
    const create = (body: unknown, authorization = KEY) =>
      fetch(`${sandbox.url}/v1/checkouts`, {
        method: 'POST',
        headers: {
          accept: 'application/vnd.api+json',
          'content-type': 'application/vnd.api+json',
          authorization,
        },
        body: JSON.stringify(body),
      });
    const checkoutBody = (variant: string, expiresAt: Date | null, store = '1') => ({
      data: {
        type: 'checkouts',
        attributes: {
          checkout_data: {
            email: 'payer@example.com',
            discount_code: 'SAVE10',
            custom: { user_id: 'u9', binding: 'signed' },
          },
          expires_at: expiresAt?.toISOString() ?? null,
        },
        relationships: {
          store: { data: { type: 'stores', id: store } },
          variant: { data: { type: 'variants', id: variant } },
        },
      },
    });
    const customDataOf = async (orderId: string) => {
      await sandbox.idle();
      const delivery = sandbox.deliveries.find(
        (d) => d.event === 'order_created' && d.body.includes(`"id":"${orderId}"`),
      );
      return (JSON.parse(delivery?.body ?? '{}') as { meta?: { custom_data?: unknown } }).meta
        ?.custom_data;
    };

    it('answers 201 with the checkout and its URL; its purchases carry its custom data in meta.custom_data', async () => {
      const response = await create(checkoutBody('9022', new Date(Date.now() + 3600_000)));
      expect(response.status).toBe(201);
      const { data } = (await response.json()) as {
        data: { id: string; attributes: { url: string; checkout_data: unknown } };
      };
      expect(data.attributes.checkout_data).toMatchObject({
        email: 'payer@example.com',
        discount_code: 'SAVE10',
        custom: { user_id: 'u9', binding: 'signed' },
      });
      const url = new URL(data.attributes.url);
      expect(url.pathname).toBe(`/checkout/custom/${data.id}`);
      // Its page offers the checkout's email and custom data.
      url.searchParams.set('embed', '1');
      url.searchParams.set('embed_origin', SHELL);
      const page = await (await fetch(url)).text();
      expect(page).toContain('name="checkout[custom][user_id]" value="u9"');
      expect(page).toContain('value="payer@example.com"');
      const bought = sandbox.buy({ checkoutUrl: data.attributes.url, email: 'payer@example.com' });
      expect(await customDataOf(bought.orderId)).toEqual({ user_id: 'u9', binding: 'signed' });
      // A plain variant link carries none (nothing was added to its URL).
      const plain = sandbox.buy({ variantId: '9022', email: 'payer@example.com' });
      expect(await customDataOf(plain.orderId)).toBeUndefined();
      // Fields added to a checkout's URL override its own (the worst case the API must survive).
      const edited = new URL(data.attributes.url);
      edited.searchParams.set('checkout[custom][user_id]', 'someone-else');
      const overridden = sandbox.buy({ checkoutUrl: edited.toString(), email: 'x@example.com' });
      expect(await customDataOf(overridden.orderId)).toEqual({
        user_id: 'someone-else',
        binding: 'signed',
      });
    });

    it('opens no checkout without its signature or after it expired; refuses a bad body (422) and a bad key (401)', async () => {
      const expired = (await (
        await create(checkoutBody('9022', new Date(Date.now() - 1000)))
      ).json()) as { data: { id: string; attributes: { url: string } } };
      expect((await fetch(expired.data.attributes.url)).status).toBe(410);
      expect(() =>
        sandbox.buy({ checkoutUrl: expired.data.attributes.url, email: 'a@example.com' }),
      ).toThrow(/no open checkout/);
      const open = (await (await create(checkoutBody('9003', null))).json()) as {
        data: { id: string };
      };
      expect((await fetch(`${sandbox.url}/checkout/custom/${open.data.id}`)).status).toBe(404);
      expect((await create(checkoutBody('9999', null))).status).toBe(422);
      expect((await create(checkoutBody('9003', null, '2'))).status).toBe(422);
      expect((await create({ data: { type: 'orders' } })).status).toBe(422);
      expect((await create(checkoutBody('9003', null), 'Bearer wrong')).status).toBe(401);
    });
  });
});
