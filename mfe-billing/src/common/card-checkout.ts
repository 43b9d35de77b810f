import type { CatalogPlan, CreateOrderResponse, PaidPlanType } from 'contracts';
import { loadSession, platformConfig, reportError, toast } from 'shared-ui';
import { postJson, providerScript } from './provider-script';

// The card flow for Indian visitors (spec §4 Payment, §7 create-order and verify-payment, §8
// Payments): the server creates the order, Razorpay's checkout.js (or the local sandbox's, same
// API) takes the card, the server verifies the signature and grants the plan stored with the
// order. Signed out, the plan waits in localStorage across sign-in (§9 storage keys).

export const PENDING_PLAN_AMOUNT = 'pendingPlanAmount';
export const PENDING_PLAN_TYPE = 'pendingPlanType';

export const ORDER_FAILED = 'Something went wrong. Please try again.';

/**
 * The server's reason when it refuses to sell a plan that would not extend the one the person
 * has (409 PLAN_ALREADY_COVERED: a new plan replaces the current one); null for other answers.
 */
export async function alreadyCoveredReason(response: Response): Promise<string | null> {
  if (response.status !== 409) return null;
  try {
    const body = (await response.json()) as { code?: unknown; error?: unknown };
    return body.code === 'PLAN_ALREADY_COVERED' && typeof body.error === 'string'
      ? body.error
      : null;
  } catch {
    return null;
  }
}
export const VERIFICATION_FAILED =
  'Payment received, but verification failed. Please Contact Support for a manual upgrade or refund.';
/** Spec §9: the verification-failure toast stays 8 s. */
export const VERIFICATION_TOAST_MS = 8000;
export const PAYMENT_DECLINED = 'The payment did not go through. Nothing was charged.';

export type CheckoutSuccess = {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
};
export type CheckoutFailure = { error?: { description?: string; reason?: string } };

type RazorpayOptions = {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  handler: (response: CheckoutSuccess) => void;
  modal: { ondismiss: () => void };
};
type RazorpayCheckout = {
  open: () => void;
  on: (event: 'payment.failed', callback: (response: CheckoutFailure) => void) => void;
};
type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augments Window
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

/** The plan as the page showed it: the server checks `price` against the catalogue. */
export type CardPlan = Pick<CatalogPlan, 'plan' | 'code' | 'price'>;

/** What the flow needs from the page: sign-in with the way back here, and in-app navigation. */
export type CardCheckoutPage = { login: () => void; navigate: (to: string) => void };

const checkoutScript = providerScript<RazorpayConstructor>('Razorpay', () => window.Razorpay);
/** A checkout is being started or is open: another 'Buy' (a double click) starts nothing. */
let busy = false;

/** Loads checkout.js once (from the runtime configuration) and answers its global. */
export function loadCheckoutScript(
  url = platformConfig().razorpayCheckoutUrl,
): Promise<RazorpayConstructor> {
  return checkoutScript.load(url);
}

/** For tests: forget a loaded or failed script and any checkout in progress. */
export function resetCheckoutScript(): void {
  checkoutScript.reset();
  busy = false;
}

/** The `aff` query the pages carry (spec §2: every internal navigation keeps it), or null. */
const referral = (): string | null => new URLSearchParams(window.location.search).get('aff');

async function verify(result: CheckoutSuccess, plan: CardPlan, page: CardCheckoutPage) {
  try {
    const response = await postJson('/api/verify-payment', { ...result, planType: plan.plan });
    const body = (await response.json().catch(() => ({}))) as { success?: unknown };
    if (response.ok && body.success === true) {
      // The navbar and the success page show the new plan.
      await loadSession(true);
      page.navigate(`/payment-success?plan=${plan.code}`);
      return;
    }
    // The answer's body stays out of the report: only the status.
    reportError(new Error(`verify-payment answered ${String(response.status)}`), {
      action: 'payments:card-verify',
    });
  } catch (error) {
    reportError(error, { action: 'payments:card-verify' });
  }
  toast.error(VERIFICATION_FAILED, { duration: VERIFICATION_TOAST_MS });
}

/**
 * 'Buy' on a card for an Indian visitor: creates the order (401: keeps the plan and signs in),
 * opens the checkout, verifies what it hands back. Resolves once the checkout is open (or the
 * flow has ended); everything after that is said in toasts or by navigating.
 */
export async function startCardCheckout(plan: CardPlan, page: CardCheckoutPage): Promise<void> {
  if (busy) return;
  busy = true;
  const opened = await openCheckout(plan, page).catch((error: unknown) => {
    reportError(error, { action: 'payments:card-checkout' });
    return false;
  });
  if (!opened) busy = false;
}

/** True once the checkout is open (it clears `busy` when it closes). */
async function openCheckout(plan: CardPlan, page: CardCheckoutPage): Promise<boolean> {
  let order: CreateOrderResponse;
  try {
    const aff = referral();
    const response = await postJson('/api/create-order', {
      planType: plan.plan as PaidPlanType,
      amount: plan.price,
      // The affiliate referral the pages carry: stored with the order for the sale conversion.
      ...(aff ? { aff } : {}),
    });
    if (response.status === 401) {
      localStorage.setItem(PENDING_PLAN_AMOUNT, String(plan.price));
      localStorage.setItem(PENDING_PLAN_TYPE, plan.plan);
      page.login();
      return false;
    }
    const covered = await alreadyCoveredReason(response);
    if (covered) {
      toast.error(covered);
      return false;
    }
    if (!response.ok) throw new Error(`create-order answered ${String(response.status)}`);
    order = (await response.json()) as CreateOrderResponse;
  } catch (error) {
    reportError(error, { action: 'payments:card-order' });
    toast.error(ORDER_FAILED);
    return false;
  }
  let Razorpay: RazorpayConstructor;
  try {
    Razorpay = await loadCheckoutScript();
  } catch (error) {
    reportError(error, { action: 'payments:card-load' });
    toast.error(ORDER_FAILED);
    return false;
  }
  const checkout = new Razorpay({
    key: order.keyId,
    amount: order.amount,
    currency: order.currency,
    order_id: order.orderId,
    name: 'Image to Text',
    description: plan.plan,
    handler: (result) =>
      void verify(result, plan, page).finally(() => {
        busy = false;
      }),
    modal: {
      ondismiss: () => {
        busy = false;
      },
    },
  });
  // A declined card: the checkout stays open for another try; the page says why, nothing changed.
  checkout.on('payment.failed', (failure) => {
    toast.error(failure.error?.description || PAYMENT_DECLINED);
  });
  checkout.open();
  return true;
}

/**
 * Back on /pricing signed in: the plan kept across sign-in, if any, removed from storage (so it
 * resumes once). Null when nothing was pending or the stored values are not a plan and amount.
 */
export function takePendingPlan(): { planType: string; amount: number } | null {
  const planType = localStorage.getItem(PENDING_PLAN_TYPE);
  const amount = localStorage.getItem(PENDING_PLAN_AMOUNT);
  localStorage.removeItem(PENDING_PLAN_TYPE);
  localStorage.removeItem(PENDING_PLAN_AMOUNT);
  if (!planType || amount === null || !Number.isFinite(Number(amount))) return null;
  return { planType, amount: Number(amount) };
}
