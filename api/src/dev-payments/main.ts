import { assertNotProduction, startRazorpaySandbox } from './razorpay-sandbox.js';

// `npm start` runs this when RAZORPAY_KEY_ID is not set: the API is given the sandbox's URL and
// keys. Webhooks go to the API's /api/webhooks/razorpay.
try {
  assertNotProduction(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const url = new URL(process.env.RAZORPAY_API_URL ?? 'http://127.0.0.1:4200');
const apiUrl = process.env.API_PUBLIC_URL ?? 'http://localhost:4000';
const sandbox = await startRazorpaySandbox({
  nodeEnv: process.env.NODE_ENV,
  keyId: process.env.RAZORPAY_KEY_ID ?? 'rzp_test_sandbox',
  keySecret: process.env.RAZORPAY_KEY_SECRET ?? 'sandbox-key-secret',
  webhookSecret: process.env.RAZORPAY_WEBHOOK_SECRET ?? 'sandbox-webhook-secret',
  webhookUrl: `${apiUrl}/api/webhooks/razorpay`,
  host: url.hostname,
  port: Number(url.port || 4200),
  habits: { copies: 2, outOfOrder: true, retryDelaysMs: [1000, 5000, 30_000, 120_000] },
});
console.log(`Razorpay sandbox at ${sandbox.url}`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
