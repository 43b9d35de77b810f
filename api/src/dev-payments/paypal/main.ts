import { assertPaypalSandboxAllowed, startPaypalSandbox } from '../paypal-sandbox.js';

// `npm start` runs this when PAYPAL_CLIENT_ID is not set: the API is given the sandbox's URL,
// client id, secret and webhook id (scripts/start.mjs). Webhooks go to the API's
// /api/webhooks/paypal. A person approves an order at <sandbox>/checkoutnow?token=ORDER_ID.
try {
  assertPaypalSandboxAllowed(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const url = new URL(process.env.PAYPAL_API_URL ?? 'http://127.0.0.1:4202');
const apiUrl = process.env.API_PUBLIC_URL ?? 'http://localhost:4000';
const sandbox = await startPaypalSandbox({
  nodeEnv: process.env.NODE_ENV,
  clientId: process.env.PAYPAL_CLIENT_ID ?? 'local-sandbox-paypal-client',
  clientSecret: process.env.PAYPAL_CLIENT_SECRET ?? 'local-sandbox-paypal-secret',
  webhookId: process.env.PAYPAL_WEBHOOK_ID ?? 'LOCALSANDBOXWEBHOOK',
  webhookUrl: `${apiUrl}/api/webhooks/paypal`,
  host: url.hostname,
  port: Number(url.port || 4202),
  // The provider's habits: retried on failure, and each event twice.
  habits: { copies: 2, retryDelaysMs: [1000, 5000, 30_000, 120_000] },
});
console.log(`PayPal sandbox at ${sandbox.url}`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
