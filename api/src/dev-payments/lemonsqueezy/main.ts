import { serveSandbox } from '../payment-sandboxes.js';

// `npm start` runs this when LEMONSQUEEZY_API_KEY is not set, with the registry's keys, variant
// ids and URL (payment-sandboxes.ts): the API is given the same, and the checkout links.
// Webhooks go to the API's /api/webhooks/lemonsqueezy.
await serveSandbox('lemonSqueezy', process.env);
