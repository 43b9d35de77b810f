import { Injectable, Logger } from '@nestjs/common';
import { BillingService, type PaymentRow } from '../billing/billing.service.js';
import {
  AffiliateConversionService,
  type Reversal,
} from './affiliate/affiliate-conversion.service.js';
import { EntitlementsService } from '../billing/entitlements.service.js';
import { PaymentCapturesRepository } from './payment-captures.repository.js';
import { PaymentOrdersRepository, type OrderRow } from './payment-orders.repository.js';

/** A payment the provider says was made for one of our orders (signature or API verified). */
export type PaidOrder = {
  provider: string;
  orderId: string;
  paymentId: string;
  /** What the provider says was paid, in the smallest unit; checked against the order. */
  amountMinor: number;
  currency: string;
  /** When the provider says it was paid (or now, when only the checkout's signature says so). */
  at: Date;
};

/**
 * An order paid by `paymentId` at `paidAt`, as billing records the payment (the one shape of a
 * paid payment: the account page's list and receipts, support, the affiliate's sale).
 */
export const paymentOfOrder = (
  order: Pick<OrderRow, 'provider' | 'userId' | 'plan' | 'amount' | 'currency'>,
  paymentId: string,
  paidAt: Date,
): PaymentRow => ({
  provider: order.provider,
  paymentId,
  userId: order.userId,
  plan: order.plan,
  amount: order.amount,
  currency: order.currency,
  paidAt,
});

/** Told after a payment's plan became the person's current one (outside the payment's way). */
export type AfterGrant = (userId: string, scope: 'main' | 'addon') => Promise<unknown>;

export type FulfilOutcome =
  | { kind: 'granted' | 'already-granted'; order: OrderRow; grant: string }
  | { kind: 'unknown-order' }
  | { kind: 'amount-mismatch'; order: OrderRow }
  /** The order was refunded or charged back (before or after a grant): it grants nothing. */
  | { kind: 'refunded'; order: OrderRow };

/**
 * What every provider's paths (the page's verify call, webhooks, reconciliation) do with a paid
 * order or a refund, so that they converge whichever comes first and however often: the order
 * goes created → paid once and keeps the payment's time; the plan stored with the order is
 * granted through EntitlementsService keyed by the payment id with that time (a second grant is
 * a 'duplicate'); the payment is recorded once (unique provider + payment id). A refund or a
 * chargeback ends the plan by state and marks the order refunded, whichever comes first: an
 * order refunded is never fulfilled again, and the grant of a payment refunded earlier is ended.
 */
@Injectable()
export class PaymentFulfilmentService {
  private readonly logger = new Logger(PaymentFulfilmentService.name);
  private readonly afterGrantListeners: AfterGrant[] = [];

  constructor(
    private readonly orders: PaymentOrdersRepository,
    private readonly captures: PaymentCapturesRepository,
    private readonly entitlements: EntitlementsService,
    private readonly billing: BillingService,
    private readonly conversions: AffiliateConversionService,
  ) {}

  /** e.g. cancelling a renewing subscription the new plan replaced (SupersededSubscriptions). */
  onAfterGrant(listener: AfterGrant): void {
    this.afterGrantListeners.push(listener);
  }

  async fulfil(paid: PaidOrder): Promise<FulfilOutcome> {
    const stored = await this.orders.find(paid.provider, paid.orderId);
    if (!stored) return { kind: 'unknown-order' };
    if (stored.status === 'refunded') return { kind: 'refunded', order: stored };
    if (stored.amountMinor !== paid.amountMinor || stored.currency !== paid.currency) {
      this.logger.error(
        `${paid.provider} payment ${paid.paymentId} of ${String(paid.amountMinor)} ${paid.currency} ` +
          `for order ${paid.orderId} of ${String(stored.amountMinor)} ${stored.currency}: not granted`,
      );
      return { kind: 'amount-mismatch', order: stored };
    }
    // The one atomic step: the first path to see this payment fixes its time.
    const { capture, first } = await this.captures.claim({
      provider: paid.provider,
      paymentId: paid.paymentId,
      orderId: stored.orderId,
      userId: stored.userId,
      at: paid.at,
    });
    const at = capture.at;
    const order = stored;
    const grant = await this.entitlements.grant({
      userId: order.userId,
      scope: 'main',
      provider: paid.provider,
      id: paid.paymentId,
      at,
      plan: order.plan,
      mode: 'pass',
    });
    const payment = paymentOfOrder(order, paid.paymentId, at);
    await this.billing.recordPayment(payment);
    // 'paid' only once the grant and the record are written: a success call that finds the order
    // paid answers "granted" from it, and must never beat a concurrent fulfilment's grant.
    await this.orders.markPaid(paid.provider, paid.orderId, paid.paymentId, at);
    if (grant === 'applied') {
      for (const listener of this.afterGrantListeners) {
        listener(order.userId, 'main').catch((error: unknown) => {
          this.logger.error(`After the grant of ${paid.paymentId}: ${String(error)}`);
        });
      }
    }
    // After the grant and the record, outside the payment's way; once per payment (its marker).
    this.conversions.reportInBackground({
      ...payment,
      orderId: order.orderId,
      affiliate: order.affiliate ?? null,
    });
    return { kind: first ? 'granted' : 'already-granted', order, grant };
  }

  /**
   * The payment was refunded or charged back: its plan ends by state (EntitlementsService.refund,
   * keyed by the payment id; a grant arriving later for it changes nothing), the order is marked
   * refunded (fulfil refuses it from then on), and the affiliate tracker hears of it once if it
   * heard of the sale. Null: not one of our orders.
   */
  async refund(
    input: Omit<Reversal, 'userId'>,
  ): Promise<{ order: OrderRow; outcome: string } | null> {
    const order = await this.orders.find(input.provider, input.orderId);
    if (!order) return null;
    // The refund follows the payment it refunds: never order it before the grant's time (the
    // provider's seconds can fall before the verify call's milliseconds).
    const capture = await this.captures.find(input.provider, input.paymentId);
    const floor = capture ? capture.at.getTime() + 1 : 0;
    const at = new Date(Math.max(input.at.getTime(), floor));
    const outcome = await this.entitlements.refund({
      userId: order.userId,
      scope: 'main',
      provider: input.provider,
      id: input.paymentId,
      at,
    });
    await this.orders.markRefunded(input.provider, input.orderId, at);
    this.conversions.reverseInBackground({ ...input, userId: order.userId, at });
    return { order, outcome };
  }
}
