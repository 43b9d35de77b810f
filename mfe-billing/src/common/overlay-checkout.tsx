import type { CheckoutLinkResponse, PublicUser } from 'contracts';
import {
  apiFetch,
  browserNavigation,
  CarryLink,
  loadSession,
  platformConfig,
  reportError,
  toast,
} from 'shared-ui';
import { providerScript } from './provider-script';
import {
  ORDER_FAILED,
  PENDING_PLAN_AMOUNT,
  PENDING_PLAN_TYPE,
  alreadyCoveredReason,
} from './card-checkout';

// The hosted checkout overlay (Lemon Squeezy's contract) for everyone but Indian visitors' main
// plans, and for the add-on (spec §4 Payment, §7, §8, §9): the server creates the checkout for
// the signed-in person (GET /api/checkout-link answers its URL; no plain buy link is ever used,
// issue 20), lemon.js (or the local sandbox's, same API) opens it in an overlay,
// Checkout.Success sets shouldNotifyUserUpgrade and reloads. The page never grants anything: the
// signed webhook does, so after the reload the toast waits until /api/me shows the plan.

export const SHOULD_NOTIFY_UPGRADE = 'shouldNotifyUserUpgrade';
export const FROM_EXTENSION = 'fromExtension';
/** Spec §9: the upgrade toast stays 4 s; an extension-origin tab closes ~100 ms after it. */
export const UPGRADE_TOAST_MS = 4000;
export const CLOSE_TAB_AFTER_MS = 100;
/** How long the page waits for the webhook's grant to show on /api/me, and how often it asks. */
export const UPGRADE_WAIT_MS = 20_000;
export const UPGRADE_POLL_MS = 1000;
export const PORTAL_FAILED = 'Something went wrong. Please try again, or Contact Support for help.';
export const PORTAL_TOAST_MS = 4000;
export const UPGRADE_PENDING =
  'Payment received. Your account will show the upgrade in a minute: refresh this page then.';

/** What is bought: a plan code or add-on option name, and the name the toast welcomes. */
export type OverlayItem = {
  code: string;
  name: string;
  kind: 'plan' | 'subscription' | 'topUp';
};
export type OverlayPage = { login: () => void; fromExtension: boolean };

type LemonEvent = { event: string; data?: unknown };
type LemonSqueezyApi = {
  Setup: (options: { eventHandler: (event: LemonEvent) => void }) => void;
  Url: { Open: (url: string) => void; Close: () => void };
};

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augments Window
  interface Window {
    createLemonSqueezy?: () => void;
    LemonSqueezy?: LemonSqueezyApi;
  }
}

const lemonJs = providerScript<LemonSqueezyApi>('LemonSqueezy', () => {
  window.createLemonSqueezy?.();
  return window.LemonSqueezy;
});

/** Loads lemon.js once (from the runtime configuration), initialises it, answers its global. */
export function loadLemonSqueezy(
  url = platformConfig().lemonSqueezyScriptUrl,
): Promise<LemonSqueezyApi> {
  if (window.LemonSqueezy) return Promise.resolve(window.LemonSqueezy);
  return lemonJs.load(url);
}

/** For tests: forget a loaded or failed script. */
export function resetLemonSqueezy(): void {
  lemonJs.reset();
}

/** An extension-origin session: `?source=extension` now, or remembered in `fromExtension`. */
export function rememberExtensionSource(search: string): boolean {
  // The build's prerender of /pricing has no visitor: not from the extension.
  if (typeof localStorage === 'undefined') return false;
  if (new URLSearchParams(search).get('source') === 'extension') {
    localStorage.setItem(FROM_EXTENSION, 'true');
    return true;
  }
  return localStorage.getItem(FROM_EXTENSION) === 'true';
}

/** What the flag keeps across the reload: the item, and the add-on balance before it. */
type UpgradeNotice = OverlayItem & { topUpBefore: number };

/** The page's `discount_code` query (spec §7: the checkout carries it), or null. */
const discountCode = (): string | null =>
  new URLSearchParams(window.location.search).get('discount_code');

async function checkoutLink(item: OverlayItem, fromExtension: boolean): Promise<Response> {
  const query = new URLSearchParams({ plan: item.code });
  // The server sets it on the checkout it creates (a link's own parameters are not trusted).
  const discount = discountCode();
  if (discount) query.set('discountCode', discount);
  if (fromExtension) query.set('source', 'extension');
  return apiFetch(`/api/checkout-link?${query.toString()}`);
}

/** Opens the overlay on `url`; Checkout.Success sets the flag and reloads. */
async function openOverlay(url: string, item: OverlayItem): Promise<void> {
  const lemon = await loadLemonSqueezy();
  const before = await loadSession(true);
  lemon.Setup({
    eventHandler: (event) => {
      if (event.event !== 'Checkout.Success') return;
      const notice: UpgradeNotice = { ...item, topUpBefore: before?.topUpBalance ?? 0 };
      localStorage.setItem(SHOULD_NOTIFY_UPGRADE, JSON.stringify(notice));
      browserNavigation.reload();
    },
  });
  lemon.Url.Open(url);
}

/**
 * 'Buy' / 'Subscribe' in the overlay: asks the server for a checkout created for this person (401: keeps the
 * plan in pendingPlanType and signs in), then opens it. Failures are toasts (spec §8).
 */
export async function startOverlayCheckout(item: OverlayItem, page: OverlayPage): Promise<void> {
  let link: CheckoutLinkResponse;
  try {
    const response = await checkoutLink(item, page.fromExtension);
    if (response.status === 401) {
      // No amount: the card flow's pending plan has one; this one is the overlay's link.
      localStorage.removeItem(PENDING_PLAN_AMOUNT);
      localStorage.setItem(PENDING_PLAN_TYPE, item.code);
      page.login();
      return;
    }
    const covered = await alreadyCoveredReason(response);
    if (covered) {
      toast.error(covered);
      return;
    }
    if (!response.ok) throw new Error(`checkout-link answered ${String(response.status)}`);
    link = (await response.json()) as CheckoutLinkResponse;
  } catch (error) {
    reportError(error, { action: 'payments:overlay-link' });
    toast.error(ORDER_FAILED);
    return;
  }
  try {
    await openOverlay(link.url, item);
  } catch (error) {
    reportError(error, { action: 'payments:overlay-load' });
    toast.error(ORDER_FAILED);
  }
}

/**
 * Back signed in with a checkout link pending (pendingPlanType without pendingPlanAmount): the
 * key is removed and the link opened in a new tab (spec §4), or in the overlay here when the
 * browser blocks the tab. The webhook grants the plan either way; this page hears no
 * Checkout.Success from another tab. Answers whether one was pending.
 */
export async function resumePendingCheckout(
  itemOf: (code: string) => OverlayItem | null,
  page: OverlayPage,
): Promise<boolean> {
  if (localStorage.getItem(PENDING_PLAN_AMOUNT) !== null) return false; // the card flow's
  const code = localStorage.getItem(PENDING_PLAN_TYPE);
  if (!code) return false;
  localStorage.removeItem(PENDING_PLAN_TYPE);
  const item = itemOf(code);
  if (!item) return false;
  try {
    const response = await checkoutLink(item, page.fromExtension);
    const covered = await alreadyCoveredReason(response);
    if (covered) {
      toast.error(covered);
      return true;
    }
    if (!response.ok) throw new Error(`checkout-link answered ${String(response.status)}`);
    const link = (await response.json()) as CheckoutLinkResponse;
    // A tab, not this page: the checkout link's plain page (no embed). Opened outside a click,
    // a popup blocker may refuse it (null): then the overlay on this page instead.
    const url = new URL(link.url);
    url.searchParams.delete('embed');
    const tab = window.open(url.toString(), '_blank');
    if (tab) tab.opener = null;
    else await openOverlay(link.url, item);
  } catch (error) {
    reportError(error, { action: 'payments:overlay-pending' });
    toast.error(ORDER_FAILED);
  }
  return true;
}

/** The upgrade the flag describes shows on the account /api/me answers. */
export function upgradeShows(notice: UpgradeNotice, user: PublicUser | null | undefined): boolean {
  if (!user) return false;
  if (notice.kind === 'plan') return user.isPremium && user.planType === notice.name;
  if (notice.kind === 'subscription') return user.isExtPremium === true;
  return (user.topUpBalance ?? 0) > notice.topUpBefore;
}

export const upgradeMessage = (notice: OverlayItem): string =>
  `Account upgraded! Welcome to ${notice.name}!${notice.kind === 'plan' ? '' : ' 🎉'}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * On a pricing page's load: with shouldNotifyUserUpgrade set, removes it (and fromExtension: the
 * extension's checkout is done), waits (polling /api/me) until the webhook's grant shows, then
 * toasts the upgrade for 4 s and, for an extension-origin session, closes the tab 100 ms later.
 * If the grant has not shown within UPGRADE_WAIT_MS, says the payment was received and the
 * upgrade will follow, and leaves the tab open.
 */
export async function notifyUpgradeIfFlagged(options: { fromExtension: boolean }): Promise<void> {
  const raw = localStorage.getItem(SHOULD_NOTIFY_UPGRADE);
  if (raw === null) return;
  localStorage.removeItem(SHOULD_NOTIFY_UPGRADE);
  // The extension's checkout is done: later checkouts in this browser are the web's own, and
  // must neither ask for source=extension nor close their tab.
  localStorage.removeItem(FROM_EXTENSION);
  let notice: UpgradeNotice;
  try {
    notice = JSON.parse(raw) as UpgradeNotice;
    if (typeof notice.name !== 'string' || typeof notice.kind !== 'string') throw new Error(raw);
  } catch {
    return;
  }
  for (let waited = 0; ; waited += UPGRADE_POLL_MS) {
    if (upgradeShows(notice, await loadSession(true))) break;
    if (waited >= UPGRADE_WAIT_MS) {
      toast.info(UPGRADE_PENDING, { duration: UPGRADE_TOAST_MS });
      return;
    }
    await sleep(UPGRADE_POLL_MS);
  }
  toast.success(upgradeMessage(notice), { duration: UPGRADE_TOAST_MS });
  if (options.fromExtension) setTimeout(() => browserNavigation.closeTab(), CLOSE_TAB_AFTER_MS);
}

/**
 * 'Manage Subscription' / 'Resume Subscription': the billing portal in a new tab. The tab is
 * opened at once (inside the click, so no popup blocker stops it) and sent to the portal once the
 * server answers; on failure it is closed and the 4 s toast offers support.
 */
export async function openCustomerPortal(forSheetsExtension: boolean): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const response = await apiFetch(
      `/api/get-customer-portal-link?forSheetsExtension=${String(forSheetsExtension)}`,
    );
    if (!response.ok)
      throw new Error(`get-customer-portal-link answered ${String(response.status)}`);
    const { portalUrl } = (await response.json()) as { portalUrl?: unknown };
    if (typeof portalUrl !== 'string' || !/^https?:\/\//i.test(portalUrl)) {
      throw new Error('no portal URL');
    }
    if (tab) {
      tab.opener = null;
      tab.location.href = portalUrl;
    } else {
      window.open(portalUrl, '_blank', 'noopener');
    }
  } catch (error) {
    reportError(error, { action: 'payments:portal' });
    tab?.close();
    const support = forSheetsExtension ? '/sheets-extension-contact-us' : '/contact-us';
    toast.error(
      <span>
        {PORTAL_FAILED} <CarryLink to={support}>Contact Support</CarryLink>
      </span>,
      { duration: PORTAL_TOAST_MS },
    );
  }
}
