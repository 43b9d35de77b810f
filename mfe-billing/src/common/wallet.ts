import {
  PENDING_PAYPAL_PLAN_LINK,
  USER_UPGRADED_VIA_PAYPAL,
  WALLET_CHECKOUT_PATH,
  type PaypalCreateOrderResponse,
  type PaypalPaymentSuccessResponse,
} from 'contracts';
import { platformConfig } from 'shared-ui';
import { postJson, providerScript } from './provider-script';

// The wallet flow (spec §4 Payment, §7 paypal-payment-success, §8, §9 storage keys): the wallet
// page /paypal-checkout?plan=<code> runs PayPal's buttons (the JS SDK from the runtime
// configuration: PayPal's, or the local sandbox's with the same API). Signed out, the link waits
// in localStorage across sign-in and is opened in a new tab once signed in; after a payment the
// cross-tab flag tells every other open tab to reload.

export { PENDING_PAYPAL_PLAN_LINK, USER_UPGRADED_VIA_PAYPAL };

export const walletLink = (code: string): string =>
  `${WALLET_CHECKOUT_PATH}?plan=${encodeURIComponent(code)}`;

/** Only a wallet link of this site is kept or opened (never another origin or path). */
const isWalletLink = (link: string): boolean =>
  link.startsWith(`${WALLET_CHECKOUT_PATH}?`) && !link.startsWith('//');

/** Signed out on the wallet page: keep the link (path and query) for after sign-in. */
export function rememberWalletLink(link: string): void {
  if (isWalletLink(link)) localStorage.setItem(PENDING_PAYPAL_PLAN_LINK, link);
}

/** The kept wallet link, or null when none; a kept value that is not one is dropped. */
function pendingWalletLink(): string | null {
  const link = localStorage.getItem(PENDING_PAYPAL_PLAN_LINK);
  if (link === null) return null;
  if (isWalletLink(link)) return link;
  localStorage.removeItem(PENDING_PAYPAL_PLAN_LINK);
  return null;
}

/**
 * Signed in: a kept wallet link is opened in a new tab (spec §4). Opened outside a click, a popup
 * blocker may refuse the tab (null): then this page goes to the wallet page instead, as the
 * overlay's pending checkout opens on the page. The link leaves storage only once it is open.
 */
export function openPendingWalletLink(
  goHere: (link: string) => void,
  open: (url: string, target: string) => unknown = (url, target) => window.open(url, target),
): boolean {
  const link = pendingWalletLink();
  if (!link) return false;
  if (!open(link, '_blank')) goHere(link);
  localStorage.removeItem(PENDING_PAYPAL_PLAN_LINK);
  return true;
}

/** After a wallet payment: other tabs see the storage event (a new value each time) and reload. */
export function markUpgradedViaPaypal(): void {
  localStorage.setItem(USER_UPGRADED_VIA_PAYPAL, String(Date.now()));
}

export type PaypalButtonsOptions = {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onCancel?: (data: { orderID?: string }) => void;
  onError?: (error: unknown) => void;
};
export type PaypalNamespace = {
  Buttons: (options: PaypalButtonsOptions) => {
    render: (target: string | HTMLElement) => Promise<void>;
  };
};

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augments Window
  interface Window {
    paypal?: PaypalNamespace;
  }
}

const sdk = providerScript<PaypalNamespace>('paypal', () => window.paypal);

/** Loads the SDK once (from the runtime configuration) and answers its global. */
export function loadPaypalSdk(url = platformConfig().paypalSdkUrl): Promise<PaypalNamespace> {
  if (window.paypal) return Promise.resolve(window.paypal);
  if (!url) return Promise.reject(new Error('the wallet has no PayPal client id here'));
  return sdk.load(url);
}

/** For tests. */
export function resetPaypalSdk(): void {
  sdk.reset();
}

/**
 * The buttons' createOrder: the server prices the plan and answers PayPal's order id. The
 * affiliate referral (`aff`, which the wallet link carries like every internal link) is stored
 * with the order, so the sale conversion names the affiliate as for card orders.
 */
export async function createWalletOrder(plan: string, aff: string | null): Promise<string> {
  const response = await postJson('/api/paypal/create-order', { plan, ...(aff ? { aff } : {}) });
  if (!response.ok) throw new Error(`paypal/create-order answered ${String(response.status)}`);
  const body = (await response.json()) as PaypalCreateOrderResponse;
  if (typeof body.orderId !== 'string' || !body.orderId) throw new Error('no orderId');
  return body.orderId;
}

/** The buttons' onApprove: the server captures and grants; the plan code it paid for, or an error. */
export async function confirmWalletPayment(input: {
  emailId: string;
  plan: string;
  orderID: string;
}): Promise<string> {
  const response = await postJson('/api/paypal-payment-success', input);
  const body = (await response.json().catch(() => ({}))) as Partial<PaypalPaymentSuccessResponse>;
  if (!response.ok || body.success !== true || typeof body.plan !== 'string') {
    throw new Error(
      `paypal-payment-success answered ${String(response.status)} ${JSON.stringify(body)}`,
    );
  }
  return body.plan;
}
