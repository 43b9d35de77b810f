import { assertNotProduction } from '../razorpay-sandbox.js';
import { startLemonSqueezySandbox, type LsSandboxVariant } from '../lemonsqueezy-sandbox.js';

// `npm start` runs this when LEMONSQUEEZY_API_KEY is not set: the API is given the sandbox's URL,
// keys, variant ids and checkout links (scripts/start.mjs). Webhooks go to the API's
// /api/webhooks/lemonsqueezy.
try {
  assertNotProduction(process.env);
} catch {
  console.error(
    'The local Lemon Squeezy sandbox refuses to run with NODE_ENV=production. Configure ' +
      'LEMONSQUEEZY_API_KEY, LEMONSQUEEZY_WEBHOOK_SECRET, LEMONSQUEEZY_STORE_ID and LEMONSQUEEZY_VARIANTS instead.',
  );
  process.exit(1);
}

/** What each product costs (spec §9, cents) and how it renews. */
const PRODUCTS: Record<string, LsSandboxVariant> = {
  'pro-weekly': { price: 200, interval: 'week' },
  'pro-monthly': { price: 400, interval: 'month' },
  'pro-yearly': { price: 3300, interval: 'year' },
  lifetime: { price: 9900, interval: null },
  sub100: { price: 500, interval: 'month' },
  sub500: { price: 1500, interval: 'month' },
  sub1000: { price: 2500, interval: 'month' },
  topUp100: { price: 700, interval: null },
  topUp500: { price: 2500, interval: null },
  topUp1000: { price: 4500, interval: null },
};

const variants: Record<string, LsSandboxVariant> = {};
for (const entry of (process.env.LEMONSQUEEZY_VARIANTS ?? '').split(',')) {
  const [name = '', id = ''] = entry.split('=').map((part) => part.trim());
  const product = PRODUCTS[name];
  if (product && id) variants[id] = product;
}
const url = new URL(process.env.LEMONSQUEEZY_API_URL ?? 'http://127.0.0.1:4201');
const apiUrl = process.env.API_PUBLIC_URL ?? 'http://localhost:4000';
const sandbox = await startLemonSqueezySandbox({
  nodeEnv: process.env.NODE_ENV,
  apiKey: process.env.LEMONSQUEEZY_API_KEY ?? 'local-sandbox-ls-api-key',
  webhookSecret: process.env.LEMONSQUEEZY_WEBHOOK_SECRET ?? 'local-sandbox-ls-secret',
  storeId: process.env.LEMONSQUEEZY_STORE_ID ?? '1',
  variants,
  webhookUrl: `${apiUrl}/api/webhooks/lemonsqueezy`,
  host: url.hostname,
  port: Number(url.port || 4201),
  // The provider's habits: 3 retries at 5 s, 25 s, 125 s; each event twice.
  habits: { copies: 2 },
});
console.log(`Lemon Squeezy sandbox at ${sandbox.url}`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
