import type { WebhookTransmission } from './paypal.client.js';

// Cheap checks of a delivery before PayPal is asked to verify it (security plan 43): each
// verify-webhook-signature call spends our PayPal budget, so what PayPal would refuse anyway, or
// could not have sent, is refused here. The formats are those PayPal documents for the call
// (https://developer.paypal.com/api/webhooks/v1/#verify-webhook-signature). PayPal sends no
// webhook id with a delivery: the id checked is always ours (PAYPAL_WEBHOOK_ID), in the call.

/** Each delivery attempt, retries included, is a new transmission with its own time. */
export const TRANSMISSION_MAX_AGE_MS = 10 * 60_000;
/** Clocks disagree a little: a time this far ahead of ours is still taken. */
export const TRANSMISSION_MAX_AHEAD_MS = 5 * 60_000;
/** PayPal's events are a few KB; the verify call sends the whole event back to PayPal. */
export const VERIFIED_EVENT_MAX_BYTES = 64 * 1024;

const CERT_PATH = '/v1/notifications/certs/';

/**
 * Why the delivery is refused without asking PayPal, or null to ask. `apiUrl` is PayPal's API as
 * configured: its certificates are served from PayPal's hosts (api.paypal.com,
 * api.sandbox.paypal.com), or from the local sandbox at its own address.
 */
export function transmissionRefusal(
  transmission: WebhookTransmission,
  event: Record<string, unknown>,
  bodyBytes: number,
  apiUrl: string,
  now = Date.now(),
): string | null {
  if (bodyBytes > VERIFIED_EVENT_MAX_BYTES) return 'event too large';
  if (
    typeof event.id !== 'string' ||
    typeof event.event_type !== 'string' ||
    typeof event.resource !== 'object' ||
    event.resource === null
  ) {
    return 'not a PayPal event';
  }
  const { transmissionId, transmissionTime, transmissionSig, certUrl, authAlgo } = transmission;
  if (!/^[A-Za-z0-9]{1,100}$/.test(authAlgo)) return 'malformed auth algorithm';
  if (transmissionId.length > 50 || /^\d+$/.test(transmissionId) || !/^\w\S+$/.test(transmissionId))
    return 'malformed transmission id';
  if (transmissionSig.length > 500 || !/^[A-Za-z0-9+/=_-]+$/.test(transmissionSig))
    return 'malformed transmission signature';
  const sentAt = Date.parse(transmissionTime);
  if (Number.isNaN(sentAt)) return 'malformed transmission time';
  if (now - sentAt > TRANSMISSION_MAX_AGE_MS || sentAt - now > TRANSMISSION_MAX_AHEAD_MS)
    return 'transmission time not recent';
  if (certUrl.length > 500 || !isPaypalCertificate(certUrl, apiUrl))
    return 'certificate not PayPal’s';
  return null;
}

function isPaypalCertificate(certUrl: string, apiUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(certUrl);
  } catch {
    return false;
  }
  if (!url.pathname.startsWith(CERT_PATH)) return false;
  const paypalHost =
    url.protocol === 'https:' &&
    (url.hostname === 'paypal.com' || url.hostname.endsWith('.paypal.com'));
  return paypalHost || url.origin === new URL(apiUrl).origin;
}
