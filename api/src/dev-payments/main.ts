import { serveSandbox } from './payment-sandboxes.js';

// `npm start` runs this when RAZORPAY_KEY_ID is not set, with the registry's keys and URL
// (payment-sandboxes.ts): the API is given the same. Webhooks go to the API's
// /api/webhooks/razorpay.
await serveSandbox('razorpay', process.env);
