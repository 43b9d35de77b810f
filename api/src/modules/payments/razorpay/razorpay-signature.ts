import { hmacSha256Hex, signatureMatches } from '../signatures.js';

// Razorpay's two signatures (security.md §3.1):
// - checkout: HMAC_SHA256(order_id + "|" + razorpay_payment_id, key_secret), hex — with the
//   order id WE stored, never the one the callback carries;
// - webhook: X-Razorpay-Signature = HMAC_SHA256(raw body, webhook secret), hex — over the bytes
//   as received, never a re-serialised body.

export const checkoutSignature = (orderId: string, paymentId: string, keySecret: string): string =>
  hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);

export const webhookSignature = (rawBody: Buffer | string, webhookSecret: string): string =>
  hmacSha256Hex(webhookSecret, rawBody);

export const checkoutSignatureValid = (
  storedOrderId: string,
  paymentId: string,
  signature: unknown,
  keySecret: string,
): boolean => signatureMatches(checkoutSignature(storedOrderId, paymentId, keySecret), signature);

export const webhookSignatureValid = (
  rawBody: Buffer,
  signature: unknown,
  webhookSecret: string,
): boolean => signatureMatches(webhookSignature(rawBody, webhookSecret), signature);
