import { escapeHtml, framedCheckoutPage } from './sandbox-server.js';

// The browser side of the local Razorpay sandbox (development and tests only): a `checkout.js`
// with the global API of Razorpay's (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/)
// — `new Razorpay(options)`, `.open()`, `.close()`, `.on('payment.failed', cb)`, `options.handler`
// called with `{ razorpay_payment_id, razorpay_order_id, razorpay_signature }` and
// `options.modal.ondismiss` — and the checkout page it opens in a full-page iframe over the
// merchant's page, as Razorpay's does. A person pays there with a test card; the page asks the
// sandbox to pay the order (the same logic as the test hook, so webhooks follow) and hands the
// result to the merchant's page with postMessage, to the origin that opened it and no other.

/** The sandbox's test cards (digits only). Any other number is refused before any payment. */
export const TEST_CARDS = {
  success: '4111111111111111',
  decline: '4000000000000002',
} as const;

export type CheckoutCardOutcome = 'success' | 'decline' | null;

export const outcomeOfCard = (card: unknown): CheckoutCardOutcome => {
  const digits = typeof card === 'string' ? card.replace(/[\s-]/g, '') : '';
  if (digits === TEST_CARDS.success) return 'success';
  if (digits === TEST_CARDS.decline) return 'decline';
  return null;
};

/** checkout.js: served at /v1/checkout.js, as Razorpay serves it from checkout.razorpay.com. */
export function checkoutScript(sandboxOrigin: string): string {
  return `/* Razorpay Checkout, local sandbox: not Razorpay's code, the same global API. */
(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(sandboxOrigin)};
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || typeof options.key !== 'string' || !options.key) {
      throw new Error('Razorpay: the key option is required');
    }
    this.options = options;
    this.listeners = {};
    this.frame = null;
    this.onMessage = null;
  }
  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };
  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (callback) { callback(payload); });
  };
  Razorpay.prototype.open = function () {
    var self = this;
    var o = self.options;
    if (self.frame) return self;
    var params = new URLSearchParams({
      key_id: o.key,
      order_id: o.order_id || '',
      name: o.name || '',
      description: o.description || '',
      email: (o.prefill && o.prefill.email) || '',
      origin: window.location.origin
    });
    var frame = document.createElement('iframe');
    frame.src = ORIGIN + '/_sandbox/checkout?' + params.toString();
    frame.title = 'Razorpay Checkout';
    frame.setAttribute('allow', 'payment');
    frame.style.cssText = 'position:fixed;top:0;left:0;width:100%;height:100%;border:0;' +
      'z-index:2147483647;background:transparent';
    self.onMessage = function (event) {
      if (event.origin !== ORIGIN || event.source !== frame.contentWindow) return;
      var data = event.data || {};
      if (data.type === 'payment.success') {
        self.close();
        if (typeof o.handler === 'function') o.handler(data.response);
      } else if (data.type === 'payment.failed') {
        self.emit('payment.failed', data.response);
      } else if (data.type === 'dismiss') {
        self.close();
        if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
      }
    };
    window.addEventListener('message', self.onMessage);
    document.body.appendChild(frame);
    self.frame = frame;
    return self;
  };
  Razorpay.prototype.close = function () {
    if (!this.frame) return;
    window.removeEventListener('message', this.onMessage);
    this.frame.remove();
    this.frame = null;
  };
  window.Razorpay = Razorpay;
})();
`;
}

export type CheckoutPageOrder = { id: string; amount: number; currency: string; paid: boolean };

/**
 * The checkout page (GET /_sandbox/checkout?key_id&order_id&origin&name&description): the order's
 * amount, a card field with the test cards listed, Pay and Close. `order` null: an unknown order
 * or key, said plainly with only Close.
 */
export function checkoutPage(input: {
  order: CheckoutPageOrder | null;
  keyId: string;
  origin: string;
  name: string;
  description: string;
}): { html: string; csp: string } {
  const { order } = input;
  const amount = order
    ? `${order.currency === 'INR' ? '₹' : `${order.currency} `}${(order.amount / 100).toFixed(2)}`
    : '';
  const form = !order
    ? `<p role="alert">This order cannot be paid here: the order or the key is unknown.</p>`
    : order.paid
      ? `<p role="alert">This order has been paid already.</p>`
      : `<form id="pay" novalidate>
      <label for="card">Card number</label>
      <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
      <p class="hint">Test cards: ${TEST_CARDS.success.replace(/(\d{4})(?=\d)/g, '$1 ')} pays,
        ${TEST_CARDS.decline.replace(/(\d{4})(?=\d)/g, '$1 ')} is declined by the bank. Any expiry
        and CVV.</p>
      <p id="error" role="alert"></p>
      <button type="submit" id="submit">Pay ${escapeHtml(amount)}</button>
    </form>`;
  return framedCheckoutPage({
    title: 'Razorpay Checkout (sandbox)',
    heading: input.name || 'Checkout',
    accent: '#2b59c3',
    style: '.hint{font-size:.8rem;color:#555}',
    content: `${input.description ? `<p>${escapeHtml(input.description)}</p>` : ''}
  ${order ? `<p>Amount: <strong>${escapeHtml(amount)}</strong></p>` : ''}
  ${form}`,
    origin: input.origin,
    closeMessage: { type: 'dismiss' },
    payRequest: `'/_sandbox/checkout/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key_id: ${JSON.stringify(input.keyId)}, order_id: ${JSON.stringify(order?.id ?? '')}, card: document.getElementById('card').value })
    }`,
    onPaid: `      var body = result.body || {};
      if (!result.ok) { error.textContent = (body.error && body.error.description) || 'Payment failed.'; return; }
      if (body.status === 'captured') {
        tell({ type: 'payment.success', response: {
          razorpay_payment_id: body.razorpay_payment_id,
          razorpay_order_id: body.razorpay_order_id,
          razorpay_signature: body.razorpay_signature
        } });
        return;
      }
      error.textContent = body.error.description;
      tell({ type: 'payment.failed', response: { error: body.error } });`,
  });
}
