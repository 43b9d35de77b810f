import { REMOTES, SHELL } from 'contracts';
import { existsSync, readFileSync } from 'node:fs';
import {
  PAYMENT_SANDBOXES,
  sandboxEnv,
  startPaymentSandbox,
  type PaymentSandbox,
} from './payment-sandboxes.js';

// The registry of the local payment sandboxes is the one place that names them: `npm start`
// (scripts/start.mjs) and the browser-test stack (e2e/support/stack.mjs) read it and keep no
// keys, ports or variables of their own, and what it gives the API is what its sandbox accepts.
const ROOT = new URL('../../../', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, ROOT), 'utf8');

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A call each provider's API answers only with the right keys, and its status then. */
const AUTHORISED: Record<
  PaymentSandbox['id'],
  (url: string, keys: Readonly<Record<string, string>>) => [Promise<Response>, number]
> = {
  razorpay: (url, keys) => [
    fetch(`${url}/v1/orders/order_Missing0000000`, {
      headers: { authorization: basic(keys.RAZORPAY_KEY_ID ?? '', keys.RAZORPAY_KEY_SECRET ?? '') },
    }),
    400,
  ],
  lemonSqueezy: (url, keys) => [
    fetch(`${url}/v1/orders`, {
      headers: { authorization: `Bearer ${keys.LEMONSQUEEZY_API_KEY ?? ''}` },
    }),
    200,
  ],
  paypal: (url, keys) => [
    fetch(`${url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: basic(keys.PAYPAL_CLIENT_ID ?? '', keys.PAYPAL_CLIENT_SECRET ?? ''),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }),
    200,
  ],
};

const all = <T>(pick: (sandbox: PaymentSandbox) => T | readonly T[]): T[] =>
  PAYMENT_SANDBOXES.flatMap((sandbox) => pick(sandbox));

describe('the registry of payment sandboxes', () => {
  it('names each sandbox, port, variable and webhook path once', () => {
    for (const values of [
      all((s) => s.id),
      all((s) => s.name),
      all((s) => s.service),
      all((s) => s.port),
      all((s) => s.portVar),
      all((s) => s.main),
      all((s) => s.webhookPath),
      all((s) => s.variables),
    ]) {
      expect(new Set<unknown>(values).size).toBe(values.length);
    }
    const platform = [SHELL.port, ...REMOTES.map((remote) => remote.port), 4000, 4100];
    expect(all((s) => s.port).filter((port) => platform.includes(port))).toEqual([]);
  });

  it.each(PAYMENT_SANDBOXES.map((s) => [s.name, s] as const))(
    '%s: its key disables it, its variables are its own, its entry serves it',
    (_name, sandbox) => {
      expect(Object.keys(sandbox.keys)).toContain(sandbox.disabledBy);
      expect(sandbox.variables).toEqual(
        expect.arrayContaining([sandbox.urlVar, sandbox.disabledBy]),
      );
      const main = new URL(`api/src/dev-payments/${sandbox.main.replace(/\.js$/, '.ts')}`, ROOT);
      expect(existsSync(main)).toBe(true);
      expect(readFileSync(main, 'utf8')).toContain(`serveSandbox('${sandbox.id}', process.env)`);
    },
  );

  it('is what scripts/start.mjs and e2e/support/stack.mjs read, with nothing of their own', () => {
    const names = [
      ...all((s) => [s.disabledBy, s.portVar, s.urlVar, ...s.variables, ...Object.keys(s.keys)]),
      ...all((s) => Object.keys(s.defaults?.('') ?? {})),
    ];
    const values = all((s) => Object.values(s.keys)).filter((value) => value.length > 4);
    for (const script of ['scripts/start.mjs', 'e2e/support/stack.mjs']) {
      const text = read(script);
      expect(text).toContain("dev-payments/payment-sandboxes.js')");
      expect(text).toMatch(/for \(const sandbox of PAYMENT_SANDBOXES\)/);
      // No other sandbox module, provider variable, key or default port.
      expect(text.match(/dev-payments\/[\w/-]+\.js/g)).toEqual([
        'dev-payments/payment-sandboxes.js',
      ]);
      for (const found of [...names, ...values, ...all((s) => String(s.port))]) {
        expect({ script, found, present: text.includes(found) }).toEqual({
          script,
          found,
          present: false,
        });
      }
    }
  });

  it("gives the API and the shell the sandbox's keys and URL, and its defaults only where unset", () => {
    for (const sandbox of PAYMENT_SANDBOXES) {
      expect(sandboxEnv(sandbox, 'http://127.0.0.1:1')).toMatchObject({
        ...sandbox.keys,
        [sandbox.urlVar]: 'http://127.0.0.1:1',
      });
    }
    const overlay = PAYMENT_SANDBOXES.find((s) => s.id === 'lemonSqueezy');
    if (!overlay) throw new Error('no Lemon Squeezy sandbox');
    const links = sandboxEnv(overlay, 'http://127.0.0.1:1').CHECKOUT_LINKS?.split(',') ?? [];
    expect(links).toHaveLength(overlay.keys.LEMONSQUEEZY_VARIANTS?.split(',').length ?? -1);
    expect(links).toContain('pro-yearly=http://127.0.0.1:1/checkout/buy/9003');
    expect(
      sandboxEnv(overlay, 'http://127.0.0.1:1', { CHECKOUT_LINKS: 'mine' }).CHECKOUT_LINKS,
    ).toBeUndefined();
  });

  it.each(PAYMENT_SANDBOXES.map((s) => [s.name, s] as const))(
    '%s: refuses production, naming its key; otherwise starts on the port given, taking its keys',
    async (_name, sandbox) => {
      await expect(startPaymentSandbox(sandbox, { NODE_ENV: 'production' })).rejects.toThrow(
        new RegExp(`refuses to run with NODE_ENV=production.*${sandbox.disabledBy}`),
      );
      const running = await startPaymentSandbox(sandbox, { NODE_ENV: 'test' }, { port: 0 });
      try {
        expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(running.url).not.toBe(`http://127.0.0.1:${String(sandbox.port)}`);
        const [call, status] = AUTHORISED[sandbox.id](running.url, sandbox.keys);
        expect((await call).status).toBe(status);
      } finally {
        await running.close();
      }
    },
  );
});
