// Taking money (spec §3 'Order response', 'Payment confirmation', §4 Payment, §7 create-order and
// verify-payment, §8 Payments). The server prices every order from the catalogue and grants the
// plan stored with the order: what the page sends is checked, never trusted.
import type { Currency } from './billing.js';
import type { PlanType } from './users.js';

/** The plans a person can pay for (the free plan is not sold). */
export type PaidPlanType = Exclude<PlanType, 'Free user'>;

/** The payment providers: card orders (India), the hosted overlay, the wallet. */
export const PAYMENT_PROVIDERS = ['razorpay', 'lemonsqueezy', 'paypal'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * POST /api/create-order (signed in; card flow, Indian visitors). `amount` is the price the page
 * showed, in rupees (the catalogue's `price`, what `pendingPlanAmount` keeps across sign-in); a
 * different amount is refused, nothing is created.
 */
export type CreateOrderRequest = {
  planType: PaidPlanType;
  amount: number;
  /**
   * The affiliate referral (the `aff` query the pages carry), stored with the order so that the
   * affiliate tracker's sale conversion names the affiliate. Optional; never affects the price.
   */
  aff?: string;
};

/**
 * The order for the provider's checkout: `amount` in the currency's smallest unit (paise), as the
 * checkout's `amount` option takes it; `keyId` is the public key the checkout opens with.
 */
export type CreateOrderResponse = {
  amount: number;
  currency: Currency;
  orderId: string;
  keyId: string;
};

/**
 * POST /api/verify-payment: what the card checkout hands the page on success. `planType` is
 * accepted for the spec's sake and ignored: the plan stored with the order is granted.
 */
export type VerifyPaymentRequest = {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
  planType?: string;
};

/**
 * GET /api/checkout-link?plan=…&discountCode=…&source=extension (signed in): a checkout the server
 * has just created with the provider for this person and this plan code ('pro-monthly'…) or
 * add-on option ('sub100'…, 'topUp1000'), expiring within the hour; `url` opens it in the
 * overlay. Its custom data (our user id, googleId, planType, source=extension when given, and a
 * signature over the person, the plan and the expiry) and the discount code are set by the
 * server: a purchase whose custom data was edited, or made from any other link, is held for
 * whoever signs in with its checkout email to claim. A plan that would not extend the person's
 * current one answers 409 PLAN_ALREADY_COVERED.
 */
export type CheckoutLinkResponse = { plan: string; url: string };

/**
 * A hosted-checkout purchase that no checkout of ours bound to anyone (bought from a plain link,
 * or with edited custom data): it granted nothing. GET /api/held-purchases lists those whose
 * checkout email is the signed-in person's; claiming one applies it to that account.
 */
export type HeldPurchase = {
  /** The provider's order id: what a claim names. */
  orderId: string;
  provider: PaymentProvider;
  /** The plan code or add-on option its variant sells ('pro-weekly', 'sub100'…). */
  product: string;
  /** What was paid, when the order has been seen (null before). */
  amount: number | null;
  currency: Currency | null;
  /** ISO date-time of the purchase. */
  purchasedAt: string;
};

export type HeldPurchasesResponse = { purchases: HeldPurchase[] };

/**
 * POST /api/held-purchases/:orderId/claim (signed in, CSRF): applies a held purchase whose
 * checkout email is the signed-in person's (verified) email to their account, through the same
 * path as a bound purchase, so it never shortens a longer plan. Idempotent; another person's, an
 * unknown or a refunded purchase answers 404 HELD_PURCHASE_NOT_FOUND.
 */
export type ClaimHeldPurchaseResponse = { claimed: true; orderId: string; product: string };

/**
 * GET /api/get-customer-portal-link?forSheetsExtension=true|false (signed in): the provider's
 * customer portal for the person's main (or, with forSheetsExtension, add-on) subscription. A
 * person without one gets 404 NO_SUBSCRIPTION.
 */
export type CustomerPortalLinkResponse = { portalUrl: string };

/**
 * POST /api/paypal/create-order (signed in, CSRF): the wallet order for a plan code, priced by the
 * server in USD (spec §7 wallet amounts). `orderId` is PayPal's order id, what the wallet
 * buttons' createOrder returns.
 */
export type PaypalCreateOrderRequest = {
  plan: string;
  /** The affiliate referral (`aff`), stored with the order as for create-order. */
  aff?: string;
};
export type PaypalCreateOrderResponse = { orderId: string };

/**
 * POST /api/paypal-payment-success (signed in, CSRF): the spec's `{ emailId, plan }` after a
 * wallet payment, with the buttons' `orderID` when the page has it. Nothing here is trusted: the
 * server captures the person's stored order itself and answers from its own record (`plan`: the
 * code of the plan the order paid for).
 */
export type PaypalPaymentSuccessRequest = { emailId?: string; plan: string; orderID?: string };
export type PaypalPaymentSuccessResponse = { success: true; plan: string };

/** Spec §9 storage keys of the wallet flow: the wallet link kept across sign-in, and the cross-tab upgrade flag. */
export const PENDING_PAYPAL_PLAN_LINK = 'pendingPaypalPlanLink';
export const USER_UPGRADED_VIA_PAYPAL = 'userUpgradedViaPaypal';
/** The wallet checkout page (the 'wallet link' a plan is sold through): /paypal-checkout?plan=<code>. */
export const WALLET_CHECKOUT_PATH = '/paypal-checkout';
