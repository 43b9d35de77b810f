import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Signature checks shared by the providers: HMAC-SHA256 in hex, compared in constant time.

export const hmacSha256Hex = (secret: string, data: string | Buffer): string =>
  createHmac('sha256', secret).update(data).digest('hex');

export const sha256Hex = (data: string | Buffer): string =>
  createHash('sha256').update(data).digest('hex');

/**
 * Whether `given` is exactly `expected`, in time that does not depend on where they differ.
 * timingSafeEqual throws on buffers of different lengths: anything not a string of the expected
 * length is a mismatch here (a 401 or 400 for the caller, never a 500).
 */
export function signatureMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
