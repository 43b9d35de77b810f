import { startLemonSqueezySandbox, type LemonSqueezySandbox } from './lemonsqueezy-sandbox.js';

// The Lemon Squeezy sandbox's browser side: lemon.js and the overlay's pay page.
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
});
