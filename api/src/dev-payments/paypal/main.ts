import { serveSandbox } from '../payment-sandboxes.js';

// `npm start` runs this when PAYPAL_CLIENT_ID is not set, with the registry's client id, secret,
// webhook id and URL (payment-sandboxes.ts): the API is given the same. Webhooks go to the API's
// /api/webhooks/paypal. A person approves an order at <sandbox>/checkoutnow?token=ORDER_ID.
await serveSandbox('paypal', process.env);
