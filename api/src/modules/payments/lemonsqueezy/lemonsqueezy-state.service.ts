import { Injectable, Logger } from '@nestjs/common';
import { PLAN_TYPE_OF_CODE, isPlanCode, type Currency } from 'contracts';
import type { CheckoutProduct } from '../../../config/payments-config.js';
import { BillingService } from '../../billing/billing.service.js';
import { CreditsService } from '../../billing/credits.service.js';
import { EntitlementsService, type PlanSource } from '../../billing/entitlements.service.js';
import { HeldPurchasesRepository } from '../held-purchases.repository.js';
import { PaymentFulfilmentService, paymentOfOrder } from '../payment-fulfilment.service.js';
import { PaymentOrdersRepository } from '../payment-orders.repository.js';
import {
  ProviderSubscriptionsRepository,
  type SubscriptionRow,
} from '../provider-subscriptions.repository.js';
import { CheckoutBinding } from './checkout-binding.js';
import { SupersededSubscriptionsService } from './superseded-subscriptions.service.js';
import {
  LemonSqueezyClient,
  type LsInvoiceAttributes,
  type LsOrderAttributes,
  type LsResource,
  type LsSubscriptionAttributes,
} from './lemonsqueezy.client.js';

export const LEMONSQUEEZY = 'lemonsqueezy';

/** The checkout's custom data as the provider hands it back (meta.custom_data). */
export type CustomData = Record<string, unknown> | null;

/** What one event or poll did, for the webhook_events row. */
export type StateOutcome = {
  outcome: 'processed' | 'ignored' | 'rejected';
  detail: string;
  userId?: string | null;
  orderId?: string | null;
  paymentId?: string | null;
};

/** Main plans and add-on subscriptions renew; Lifetime and top-ups are one-off orders. */
/** What a grant and a payment row name as bought: a plan's type ('Pro Monthly'), or the option. */
const planOf = (product: string): string =>
  isPlanCode(product) ? PLAN_TYPE_OF_CODE[product] : product;

const isSubscriptionProduct = (product: CheckoutProduct): boolean =>
  product.startsWith('pro-') || product.startsWith('sub');

const date = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
};

const currencyOf = (value: string): Currency | null =>
  value === 'USD' || value === 'INR' ? value : null;

/**
 * The hosted overlay's state, whichever way it arrives (a webhook, the reconciliation job): a
 * subscription object sets the plan from its status and dates, keyed by the subscription and
 * ordered by its updated_at (EntitlementsService: an older or equal payload is 'stale' or a
 * 'duplicate', a cancellation seen before the creation is kept, an ended subscription never
 * grants again); an order pays for Lifetime through PaymentFulfilmentService, or adds top-up
 * credits once per order; a refund ends what the order bought. The plan is always the one the
 * provider's variant sells, never the checkout's custom data (which the buyer can edit).
 *
 * Whose it is (issue 20): a purchase already bound (its order or subscription row), or the person
 * its checkout's verified binding names (CheckoutBinding), or, for claims, the claimer. Nothing
 * else: not the custom user id alone, never the buyer's email. A purchase bound to no one is
 * held (HeldPurchasesRepository) and grants, cancels and resets nothing.
 */
@Injectable()
export class LemonSqueezyStateService {
  private readonly logger = new Logger(LemonSqueezyStateService.name);

  constructor(
    private readonly client: LemonSqueezyClient,
    private readonly subscriptions: ProviderSubscriptionsRepository,
    private readonly orders: PaymentOrdersRepository,
    private readonly fulfilment: PaymentFulfilmentService,
    private readonly entitlements: EntitlementsService,
    private readonly credits: CreditsService,
    private readonly billing: BillingService,
    private readonly superseded: SupersededSubscriptionsService,
    private readonly binding: CheckoutBinding,
    private readonly held: HeldPurchasesRepository,
  ) {}

  productOf(variantId: number | string | undefined): CheckoutProduct | null {
    if (variantId === undefined) return null;
    return this.client.settings().variants.get(String(variantId)) ?? null;
  }

  /**
   * Records a purchase bound to no one, once per order, for its buyer to claim: nothing is
   * granted, cancelled or reset.
   */
  private async hold(
    sighting: {
      orderId: string;
      email: string;
      product: CheckoutProduct;
      purchasedAt: Date;
      reason: string;
      subscriptionId?: string;
      amountMinor?: number;
      currency?: Currency;
    },
    links: { orderId: string | null; paymentId: string | null },
  ): Promise<StateOutcome> {
    if (await this.held.hold({ provider: LEMONSQUEEZY, ...sighting })) {
      this.logger.warn(
        `Lemon Squeezy order ${sighting.orderId} (${sighting.product}) held: ${sighting.reason}`,
      );
    }
    return {
      outcome: 'processed',
      detail: `held for its buyer to claim (${sighting.reason}): nothing granted`,
      ...links,
    };
  }

  /** Sets the plan from a subscription object (a webhook's data or the API's answer). */
  async syncSubscription(
    subscription: LsResource<LsSubscriptionAttributes>,
    custom: CustomData,
    /** A claim: the person who claimed its held purchase. */
    ownerId: string | null = null,
  ): Promise<StateOutcome> {
    const attributes = subscription.attributes;
    const subscriptionId = subscription.id;
    const product = this.productOf(attributes.variant_id);
    const known = await this.subscriptions.find(LEMONSQUEEZY, subscriptionId);
    const orderId = attributes.order_id ? String(attributes.order_id) : null;
    const links = { orderId, paymentId: null };
    if (!product || !isSubscriptionProduct(product)) {
      return {
        outcome: 'rejected',
        detail: `variant ${String(attributes.variant_id)} is not a subscription we sell`,
        ...links,
      };
    }
    const at = date(attributes.updated_at) ?? new Date();
    // This very state (the provider's updated_at and status) was applied before: its row is saved
    // after every step of it. A reconciliation pass lists every subscription each time, and for
    // most nothing has changed since the last: nothing is applied or recorded again (each grant
    // would have been a 'duplicate' with a billing-history entry of its own, every pass).
    if (
      known?.userId &&
      !ownerId &&
      known.status === attributes.status &&
      known.providerUpdatedAt.getTime() === at.getTime()
    ) {
      return {
        outcome: 'processed',
        detail: `subscription ${subscriptionId} ${attributes.status}: unchanged since it was applied`,
        userId: known.userId,
        ...links,
      };
    }
    const created = date(attributes.created_at) ?? new Date();
    const binding = this.binding.verify(custom, attributes.variant_id, created);
    const userId =
      known?.userId ??
      ownerId ??
      binding.userId ??
      (orderId ? (await this.orders.find(LEMONSQUEEZY, orderId))?.userId : null);
    if (!userId) {
      if (!orderId) return { outcome: 'rejected', detail: 'no order id', ...links };
      return this.hold(
        {
          orderId,
          subscriptionId,
          email: attributes.user_email,
          product,
          purchasedAt: created,
          reason: 'reason' in binding ? binding.reason : 'unbound',
        },
        links,
      );
    }
    const scope = product.startsWith('sub') ? 'addon' : 'main';
    const source: PlanSource = { userId, scope, provider: LEMONSQUEEZY, id: subscriptionId, at };
    const renewsAt = date(attributes.renews_at);
    const endsAt = date(attributes.ends_at);
    const plan = planOf(product);
    const grant = (trial = false) =>
      this.entitlements.grant({
        ...source,
        plan,
        mode: 'subscription',
        start: date(attributes.created_at) ?? at,
        end: (trial ? date(attributes.trial_ends_at) : null) ?? renewsAt ?? endsAt ?? at,
        trial,
      });
    const steps: string[] = [];
    switch (attributes.status) {
      case 'active':
      case 'past_due': // the provider is retrying the payment: access lasts to renews_at
        steps.push(`grant ${await grant()}`);
        break;
      case 'on_trial':
        steps.push(`grant ${await grant(true)}`);
        break;
      case 'cancelled':
        // Stops renewing; access until ends_at. A cancellation seen before the creation is kept
        // and the grant then takes its state.
        steps.push(
          `cancel ${await this.entitlements.cancel({ ...source, end: endsAt ?? renewsAt })}`,
        );
        steps.push(`grant ${await grant()}`);
        break;
      case 'paused':
        // Paused collection: no access until unpaused (a newer 'active' state grants again).
        steps.push(`cancel ${await this.entitlements.cancel({ ...source, end: at })}`);
        break;
      case 'expired':
      case 'unpaid':
        steps.push(`expire ${await this.entitlements.expire(source)}`);
        break;
      default:
        return { outcome: 'ignored', detail: `status ${attributes.status}`, userId, ...links };
    }
    const saved = this.subscriptions.save({
      provider: LEMONSQUEEZY,
      subscriptionId,
      userId,
      scope,
      product,
      status: attributes.status,
      renewsAt,
      endsAt,
      providerUpdatedAt: at,
      orderId,
      customerEmail: attributes.user_email || null,
    });
    await saved;
    // A new subscription replaced another renewing one of the same person and scope, or it was
    // kept out by a longer plan: whichever of them no longer holds the plan stops renewing.
    if (steps.some((step) => step === 'grant applied' || step === 'grant kept-longer')) {
      await this.superseded.cancelOthers(userId, scope);
    }
    return {
      outcome: 'processed',
      detail: `subscription ${subscriptionId} ${attributes.status}: ${steps.join(', ')}`,
      userId,
      ...links,
    };
  }

  /**
   * A paid order: Lifetime is granted through PaymentFulfilmentService (order row, capture, plan,
   * payment row, once); a top-up adds its credits once per order; a subscription's first order
   * records its payment (the subscription's events set the plan).
   */
  async paidOrder(
    order: LsResource<LsOrderAttributes>,
    custom: CustomData,
    /** Reconciliation: the person its subscription belongs to; a claim: the claimer. */
    ownerId: string | null = null,
  ): Promise<StateOutcome> {
    const attributes = order.attributes;
    const orderId = order.id;
    const links = { orderId, paymentId: orderId };
    if (attributes.status !== 'paid') {
      return { outcome: 'ignored', detail: `order ${attributes.status}`, ...links };
    }
    const product = this.productOf(attributes.first_order_item?.variant_id);
    if (!product) return { outcome: 'rejected', detail: 'not a variant we sell', ...links };
    const currency = currencyOf(attributes.currency);
    if (!currency)
      return { outcome: 'rejected', detail: `currency ${attributes.currency}`, ...links };
    const stored = await this.orders.find(LEMONSQUEEZY, orderId);
    const paidAt = date(attributes.created_at) ?? new Date();
    const binding = this.binding.verify(custom, attributes.first_order_item?.variant_id, paidAt);
    const userId = stored?.userId ?? ownerId ?? binding.userId;
    if (!userId) {
      return this.hold(
        {
          orderId,
          email: attributes.user_email,
          product,
          purchasedAt: paidAt,
          reason: 'reason' in binding ? binding.reason : 'unbound',
          amountMinor: attributes.total,
          currency,
        },
        links,
      );
    }
    const amountMinor = attributes.total;
    const row = {
      provider: LEMONSQUEEZY,
      orderId,
      userId,
      plan: planOf(product),
      amount: amountMinor / 100,
      amountMinor,
      currency,
    };
    if (!stored) await this.orders.createOnce(row);
    if (product === 'lifetime') {
      const result = await this.fulfilment.fulfil({
        provider: LEMONSQUEEZY,
        orderId,
        paymentId: orderId,
        amountMinor,
        currency,
        at: paidAt,
      });
      if (result.kind === 'granted' || result.kind === 'already-granted') {
        return {
          outcome: 'processed',
          detail: `${result.kind}: grant ${result.grant}`,
          userId,
          ...links,
        };
      }
      return { outcome: 'rejected', detail: result.kind, userId, ...links };
    }
    await this.orders.markPaid(LEMONSQUEEZY, orderId, orderId, paidAt);
    await this.billing.recordPayment(paymentOfOrder(row, orderId, paidAt));
    if (isSubscriptionProduct(product)) {
      return { outcome: 'processed', detail: 'first payment of a subscription', userId, ...links };
    }
    const credits = this.billing.addonPlans().options.find((o) => o.name === product)?.credits;
    if (!credits)
      return { outcome: 'rejected', detail: `no credits for ${product}`, userId, ...links };
    const added = await this.credits.creditTopUp({
      userId,
      provider: LEMONSQUEEZY,
      orderId,
      credits,
      at: paidAt,
    });
    return {
      outcome: 'processed',
      detail: added ? `top-up of ${String(credits)} credits` : 'top-up already credited',
      userId,
      ...links,
    };
  }

  /** A refunded order ends what it bought: Lifetime's pass, or the subscription it started. */
  async refundedOrder(order: LsResource<LsOrderAttributes>): Promise<StateOutcome> {
    const orderId = order.id;
    const links = { orderId, paymentId: orderId };
    const at =
      date(order.attributes.refunded_at) ?? date(order.attributes.updated_at) ?? new Date();
    const stored = await this.orders.find(LEMONSQUEEZY, orderId);
    const subscription = await this.subscriptions.findByOrder(LEMONSQUEEZY, orderId);
    // A held purchase refunded before anyone claimed it: it granted nothing, nothing to end.
    if (!stored && !subscription && (await this.held.markRefunded(LEMONSQUEEZY, orderId))) {
      return {
        outcome: 'processed',
        detail: 'held purchase refunded: no longer claimable',
        ...links,
      };
    }
    if (subscription) {
      const outcome = await this.entitlements.refund({
        userId: subscription.userId,
        scope: subscription.scope,
        provider: LEMONSQUEEZY,
        id: subscription.subscriptionId,
        at,
      });
      await this.orders.markRefunded(LEMONSQUEEZY, orderId, at);
      return {
        outcome: 'processed',
        detail: `subscription ${subscription.subscriptionId} refunded: ${outcome}`,
        userId: subscription.userId,
        ...links,
      };
    }
    const product = this.productOf(order.attributes.first_order_item?.variant_id);
    // A refund that overtook the order (or its subscription's creation): fail, so the provider
    // retries it (5 s, 25 s, 125 s) once the purchase has been seen; never lose it.
    if (!stored) {
      if (product) throw new Error(`order ${orderId} refunded before it was seen`);
      return { outcome: 'rejected', detail: 'unknown order', ...links };
    }
    if (product && isSubscriptionProduct(product)) {
      throw new Error(`order ${orderId} refunded before its subscription was seen`);
    }
    if (stored.plan === 'Lifetime') {
      const result = await this.fulfilment.refund({
        provider: LEMONSQUEEZY,
        orderId,
        paymentId: orderId,
        at,
        reason: 'refund',
      });
      return {
        outcome: 'processed',
        detail: `refund ${result?.outcome ?? 'of an unknown order'}`,
        userId: stored.userId,
        ...links,
      };
    }
    const credits = product
      ? this.billing.addonPlans().options.find((o) => o.name === product)?.credits
      : undefined;
    if (!credits)
      return { outcome: 'rejected', detail: `no credits for ${String(product)}`, ...links };
    const taken = await this.credits.revokeTopUp({
      userId: stored.userId,
      provider: LEMONSQUEEZY,
      orderId,
      credits,
      at,
    });
    await this.orders.markRefunded(LEMONSQUEEZY, orderId, at);
    if (taken < credits) {
      this.logger.warn(
        `Lemon Squeezy top-up order ${orderId} refunded: ${String(taken)} of ${String(credits)} ` +
          'credits taken back (the rest were spent)',
      );
    }
    return {
      outcome: 'processed',
      detail: `top-up refunded: ${String(taken)} of ${String(credits)} credits taken back`,
      userId: stored.userId,
      ...links,
    };
  }

  /**
   * A subscription's payment refunded in full (subscription_payment_refunded: a refund, or a
   * chargeback, which reaches us as a refund): the subscription's plan ends as a refund of its
   * first order ends it (EntitlementsService.refund, once, whatever its subscription's later
   * status; an add-on's month's allowance is taken back). A partial refund changes nothing. A
   * refund that overtook its subscription fails, so the provider retries it.
   */
  async refundedInvoice(
    invoice: LsResource<LsInvoiceAttributes>,
    /** Its subscription's row, when the caller has read it already. */
    known: SubscriptionRow | null = null,
    /** A reconciliation pass: a refund applied before is not recorded again. */
    seenBefore: 'recorded' | 'unrecorded' = 'recorded',
  ): Promise<StateOutcome> {
    const attributes = invoice.attributes;
    const links = { orderId: null, paymentId: `invoice-${invoice.id}` };
    if (attributes.status !== 'refunded') {
      return { outcome: 'ignored', detail: `invoice ${attributes.status}`, ...links };
    }
    const subscriptionId = String(attributes.subscription_id);
    const subscription = known ?? (await this.subscriptions.find(LEMONSQUEEZY, subscriptionId));
    if (!subscription) {
      throw new Error(
        `invoice ${invoice.id} refunded before subscription ${subscriptionId} was seen`,
      );
    }
    const outcome = await this.entitlements.refund({
      userId: subscription.userId,
      scope: subscription.scope,
      provider: LEMONSQUEEZY,
      id: subscriptionId,
      at: date(attributes.refunded_at) ?? date(attributes.updated_at) ?? new Date(),
      seenBefore,
    });
    return {
      outcome: 'processed',
      detail: `subscription ${subscriptionId} payment refunded: ${outcome}`,
      userId: subscription.userId,
      ...links,
    };
  }

  /**
   * Reconciliation of a refunded subscription invoice whose webhooks were lost: applied as
   * subscription_payment_refunded applies it (refundedInvoice: the plan ends, an add-on's month's
   * allowance is taken back, once per subscription; a second pass or a late webhook is a
   * 'duplicate'), when its subscription is bound to a person: a renewal we recorded, or one
   * granted from the subscription's state without its invoice (a first payment too, which its
   * order's refund also covers). Null: not a subscription of ours (unknown, or held unclaimed).
   */
  async reconcileInvoice(invoice: LsResource<LsInvoiceAttributes>): Promise<StateOutcome | null> {
    if (invoice.attributes.status !== 'refunded') return null;
    const subscriptionId = String(invoice.attributes.subscription_id);
    const subscription = await this.subscriptions.find(LEMONSQUEEZY, subscriptionId);
    return subscription ? this.refundedInvoice(invoice, subscription, 'unrecorded') : null;
  }

  /** A subscription invoice paid after the first one: one payment row per invoice. */
  async recordRenewal(input: {
    invoiceId: string;
    subscriptionId: string;
    total: number;
    currency: string;
    paidAt: Date;
  }): Promise<boolean> {
    const subscription = await this.subscriptions.find(LEMONSQUEEZY, input.subscriptionId);
    const currency = currencyOf(input.currency);
    if (!subscription || !currency) return false;
    return this.billing.recordPayment({
      provider: LEMONSQUEEZY,
      paymentId: `invoice-${input.invoiceId}`,
      userId: subscription.userId,
      plan: planOf(subscription.product),
      amount: input.total / 100,
      currency,
      paidAt: input.paidAt,
    });
  }

  /** Whether the order is recorded (its payment row written) already. */
  async knowsOrder(orderId: string): Promise<boolean> {
    return (await this.orders.find(LEMONSQUEEZY, orderId))?.status === 'paid';
  }

  /**
   * Reconciliation of an order whose webhooks were lost: a paid one-off order (Lifetime, a
   * top-up) we have not recorded is recorded for the person it is bound to, or else held for its
   * buyer to claim (the API's order carries no custom data: no binding); a refund of any order we
   * recorded as paid (a subscription's first order too) is applied. Null: nothing to do.
   */
  async reconcileOrder(order: LsResource<LsOrderAttributes>): Promise<StateOutcome | null> {
    const product = this.productOf(order.attributes.first_order_item?.variant_id);
    if (!product) return null;
    const stored = await this.orders.find(LEMONSQUEEZY, order.id);
    // Any order we recorded as paid and the store says is refunded (a subscription's first
    // order too: its refund ends the subscription).
    if (order.attributes.status === 'refunded' && stored?.status === 'paid') {
      return this.refundedOrder(order);
    }
    if (isSubscriptionProduct(product)) return null;
    if (order.attributes.status === 'paid' && stored?.status !== 'paid') {
      if (!stored && (await this.held.find(LEMONSQUEEZY, order.id))) return null;
      return this.paidOrder(order, null, stored?.userId ?? null);
    }
    return null;
  }
}
