import type {
  AddonPlansResponse,
  HeldPurchasesResponse,
  PaymentReceipt,
  PaymentReceiptResponse,
  PaymentsResponse,
  PlansResponse,
} from 'contracts';
import { apiFetch } from 'shared-ui';

// The billing module's read calls (GET /api/plans, /api/sheets-extension/plans,
// /api/billing/payments, /api/held-purchases) and the claim of a held purchase; the wire types
// are the contracts package's.

export class BillingApiError extends Error {}

/** The API answered 404: no such payment on this account. */
export class NotFoundError extends BillingApiError {}

async function getJson<T>(path: string, isValid: (body: unknown) => body is T): Promise<T> {
  let response: Response;
  try {
    response = await apiFetch(path);
  } catch {
    throw new BillingApiError('The server could not be reached.');
  }
  if (response.status === 404) throw new NotFoundError('Not found.');
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: unknown };
    throw new BillingApiError(
      typeof body.error === 'string'
        ? body.error
        : `The server answered ${String(response.status)}.`,
    );
  }
  const body: unknown = await response.json().catch(() => null);
  if (!isValid(body)) throw new BillingApiError('The server sent an answer this page cannot read.');
  return body;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isPlans = (body: unknown): body is PlansResponse =>
  isObject(body) && Array.isArray(body.plans) && typeof body.currency === 'string';

const isAddonPlans = (body: unknown): body is AddonPlansResponse =>
  isObject(body) && Array.isArray(body.options) && typeof body.freeCreditsPerMonth === 'number';

const isPayments = (body: unknown): body is PaymentsResponse =>
  isObject(body) && Array.isArray(body.payments);

export const fetchPlans = (): Promise<PlansResponse> => getJson('/api/plans', isPlans);

export const fetchAddonPlans = (): Promise<AddonPlansResponse> =>
  getJson('/api/sheets-extension/plans', isAddonPlans);

export const fetchPayments = (): Promise<PaymentsResponse> =>
  getJson('/api/billing/payments', isPayments);

const isReceipt = (body: unknown): body is PaymentReceiptResponse =>
  isObject(body) &&
  isObject(body.receipt) &&
  typeof body.receipt.paymentId === 'string' &&
  isObject(body.receipt.seller) &&
  isObject(body.receipt.buyer);

/** One of the person's payments as a receipt; NotFoundError for an unknown or another's id. */
export const fetchReceipt = async (paymentId: string): Promise<PaymentReceipt> =>
  (await getJson(`/api/billing/payments/${encodeURIComponent(paymentId)}/receipt`, isReceipt))
    .receipt;

const isHeld = (body: unknown): body is HeldPurchasesResponse =>
  isObject(body) && Array.isArray(body.purchases);

/** Purchases made with the person's email that no checkout of ours bound to an account. */
export const fetchHeldPurchases = (): Promise<HeldPurchasesResponse> =>
  getJson('/api/held-purchases', isHeld);

/** Claims one for this account; the server's message when it refuses. */
export async function claimHeldPurchase(orderId: string): Promise<void> {
  let response: Response;
  try {
    response = await apiFetch(`/api/held-purchases/${encodeURIComponent(orderId)}/claim`, {
      method: 'POST',
    });
  } catch {
    throw new BillingApiError('The server could not be reached.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: unknown };
    throw new BillingApiError(
      typeof body.error === 'string'
        ? body.error
        : `The server answered ${String(response.status)}.`,
    );
  }
}
