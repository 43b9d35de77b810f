import {
  validatePaymentVerification,
  validateWebhookSignature,
} from 'razorpay/dist/utils/razorpay-utils.js';
import {
  checkoutSignature,
  checkoutSignatureValid,
  webhookSignature,
  webhookSignatureValid,
} from './razorpay-signature.js';

// Razorpay's published example: the webhook vector of razorpay-node's own test suite
// (test/utils/razorpay-utils.spec.js, 'validateWebhookSignature').
const RAZORPAY_WEBHOOK_VECTOR = {
  body: '{"a":1,"b":2,"c":{"d":3}}',
  secret: '123456',
  signature: '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc',
};

// Our own checkout vector, computed outside the code under test:
//   printf '%s' 'order_IEIaMR65cu6nz3|pay_IH4NVgf4Dreq1l' | openssl dgst -sha256 -hmac 'EnLs21M47BllR3X8PSFtjtbd'
const CHECKOUT_VECTOR = {
  orderId: 'order_IEIaMR65cu6nz3',
  paymentId: 'pay_IH4NVgf4Dreq1l',
  secret: 'EnLs21M47BllR3X8PSFtjtbd',
  signature: '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f',
};

const changeOneChar = (text: string, at = 10): string =>
  `${text.slice(0, at)}${text[at] === 'a' ? 'b' : 'a'}${text.slice(at + 1)}`;

describe('Razorpay signatures', () => {
  it("matches Razorpay's published webhook example, over the raw bytes", () => {
    const { body, secret, signature } = RAZORPAY_WEBHOOK_VECTOR;
    expect(webhookSignature(Buffer.from(body), secret)).toBe(signature);
    expect(webhookSignatureValid(Buffer.from(body), signature, secret)).toBe(true);
  });

  it('refuses the webhook example with one byte of the body or the signature changed', () => {
    const { body, secret, signature } = RAZORPAY_WEBHOOK_VECTOR;
    expect(webhookSignatureValid(Buffer.from(body.replace('3', '4')), signature, secret)).toBe(
      false,
    );
    expect(webhookSignatureValid(Buffer.from(body), changeOneChar(signature), secret)).toBe(false);
    expect(webhookSignatureValid(Buffer.from(body), signature, 'other-secret')).toBe(false);
    // A re-serialised body (the classic JSON.stringify(req.body) bug) is other bytes.
    const reserialised = JSON.stringify(JSON.parse(body), null, 1);
    expect(webhookSignatureValid(Buffer.from(reserialised), signature, secret)).toBe(false);
  });

  it('answers false, without throwing, for a missing, short, long or non-string signature', () => {
    const { body, secret, signature } = RAZORPAY_WEBHOOK_VECTOR;
    const raw = Buffer.from(body);
    for (const given of [undefined, '', signature.slice(1), `${signature}0`, 'sdfafds', 42, null]) {
      expect(webhookSignatureValid(raw, given, secret)).toBe(false);
    }
    // Same length but upper-case hex: Razorpay sends lower-case; nothing else is accepted.
    expect(webhookSignatureValid(raw, signature.toUpperCase(), secret)).toBe(false);
  });

  it('computes the checkout signature over stored order id | payment id', () => {
    const { orderId, paymentId, secret, signature } = CHECKOUT_VECTOR;
    expect(checkoutSignature(orderId, paymentId, secret)).toBe(signature);
    expect(checkoutSignatureValid(orderId, paymentId, signature, secret)).toBe(true);
    expect(checkoutSignatureValid(orderId, paymentId, changeOneChar(signature), secret)).toBe(
      false,
    );
    expect(checkoutSignatureValid(orderId, paymentId, signature.slice(0, 63), secret)).toBe(false);
    expect(checkoutSignatureValid('order_other0000000', paymentId, signature, secret)).toBe(false);
    expect(checkoutSignatureValid(orderId, paymentId, signature, 'wrong-secret')).toBe(false);
  });

  it('agrees with the official razorpay package on both vectors', () => {
    const { orderId, paymentId, secret, signature } = CHECKOUT_VECTOR;
    expect(
      validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, secret),
    ).toBe(true);
    const webhook = RAZORPAY_WEBHOOK_VECTOR;
    expect(validateWebhookSignature(webhook.body, webhook.signature, webhook.secret)).toBe(true);
    const ours = webhookSignature('{"event":"payment.captured"}', 'our-webhook-secret');
    expect(
      validateWebhookSignature('{"event":"payment.captured"}', ours, 'our-webhook-secret'),
    ).toBe(true);
  });
});
