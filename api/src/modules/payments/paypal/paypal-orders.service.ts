import { Injectable, Logger } from '@nestjs/common';
import {
  PLAN_TYPE_OF_CODE,
  isPlanCode,
  type PaypalCreateOrderResponse,
  type PaypalPaymentSuccessResponse,
  type PlanCode,
} from 'contracts';
import { BillingService } from '../../billing/billing.service.js';
import { referralOf } from '../affiliate/referral.js';
import { PaymentFulfilmentService, type FulfilOutcome } from '../payment-fulfilment.service.js';
import { PaymentOrdersRepository, type OrderRow } from '../payment-orders.repository.js';
import { paymentErrors } from '../payments.errors.js';
import { PaypalClient, type PaypalCapture, type PaypalOrder } from './paypal.client.js';
import type { PaypalPaymentSuccessDto } from './paypal.dto.js';

export const PAYPAL = 'paypal';

/** The wallet amounts in USD (spec §7), in cents. */
export const WALLET_CENTS: Record<PlanCode, number> = {
  'pro-weekly': 200,
  'pro-monthly': 400,
  'pro-yearly': 3300,
  lifetime: 9900,
};

/** How long after creating an order the success call still finds it without its orderID. */
const SUCCESS_WINDOW_MS = 6 * 3600_000;

/** What settling an order came to; 'granted'/'already-granted' are the only ones that upgrade. */
export type SettleOutcome =
  FulfilOutcome['kind'] | 'not-approved' | 'not-completed' | 'custom-id-mismatch' | 'refunded';

const codeOfPlan = (plan: string): PlanCode | null =>
  (Object.entries(PLAN_TYPE_OF_CODE).find(([, type]) => type === plan)?.[0] as
    PlanCode | undefined) ?? null;

/** What the order carries as custom_id: whose it is and what it pays for. */
export const customIdOf = (order: Pick<OrderRow, 'userId' | 'plan'>): string =>
  `${order.userId}:${codeOfPlan(order.plan) ?? ''}`;

/** The capture's idempotency key: one per order, whichever path captures (success, webhook, job). */
export const captureRequestId = (orderId: string): string => `capture-${orderId}`;

/** PayPal's decimal string ('4.00') in cents; null when it is not one. */
export const centsOf = (value: unknown): number | null => {
  if (typeof value !== 'string' || !/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value) * 100);
};

/**
 * The wallet flow (spec §4 Payment, §7 paypal-payment-success; security plan 32). The server
 * prices and creates the order, and captures it itself with a stable PayPal-Request-Id; a
 * capture counts only when COMPLETED with the order's amount, currency and custom_id; the plan
 * stored with the order is granted through PaymentFulfilmentService, converging with the
 * webhooks and the reconciliation job. Nothing the page says is trusted.
 */
@Injectable()
export class PaypalOrdersService {
  private readonly logger = new Logger(PaypalOrdersService.name);

  constructor(
    private readonly client: PaypalClient,
    private readonly orders: PaymentOrdersRepository,
    private readonly fulfilment: PaymentFulfilmentService,
    private readonly billing: BillingService,
  ) {}

  async createOrder(
    userId: string,
    code: string,
    aff?: string,
  ): Promise<PaypalCreateOrderResponse> {
    this.client.settings();
    if (!isPlanCode(code)) throw paymentErrors.notSoldHere(code);
    const plan = PLAN_TYPE_OF_CODE[code];
    await this.billing.assertPurchaseExtends(userId, plan);
    const amountMinor = WALLET_CENTS[code];
    const value = (amountMinor / 100).toFixed(2);
    const reference = `${code}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const created = await this.client.createOrder({
      amount: { currency_code: 'USD', value },
      customId: customIdOf({ userId, plan }),
      referenceId: reference,
      description: plan,
      requestId: `create-${reference}`,
    });
    const unit = created.purchase_units?.[0];
    if (
      !created.id ||
      (unit?.amount &&
        (unit.amount.currency_code !== 'USD' || centsOf(unit.amount.value) !== amountMinor))
    ) {
      this.logger.error(`PayPal created order ${created.id} with another amount: not used`);
      throw paymentErrors.providerUnavailable('PayPal');
    }
    await this.orders.create({
      provider: PAYPAL,
      orderId: created.id,
      userId,
      plan,
      amount: amountMinor / 100,
      amountMinor,
      currency: 'USD',
      affiliate: referralOf(aff),
    });
    return { orderId: created.id };
  }

  /**
   * The page's "it worked": the person's own stored order (the one named, or their latest for
   * the plan) is captured here and granted only when PayPal says it is COMPLETED for the order's
   * amount; the answer is the server's record. An order never approved upgrades nothing; one
   * refunded or reversed answers PAYMENT_REFUNDED.
   */
  async paymentSuccess(
    userId: string,
    dto: PaypalPaymentSuccessDto,
  ): Promise<PaypalPaymentSuccessResponse> {
    this.client.settings();
    const plan = isPlanCode(dto.plan) ? PLAN_TYPE_OF_CODE[dto.plan] : null;
    const order = dto.orderID
      ? await this.orders.find(PAYPAL, dto.orderID)
      : plan
        ? await this.orders.latestForUser(
            PAYPAL,
            userId,
            plan,
            new Date(Date.now() - SUCCESS_WINDOW_MS),
          )
        : null;
    if (!order || order.userId !== userId || order.plan !== plan)
      throw paymentErrors.orderNotFound();
    const outcome = order.status === 'paid' ? 'already-granted' : await this.settle(order);
    if (outcome === 'refunded') throw paymentErrors.paymentRefunded();
    if (outcome !== 'granted' && outcome !== 'already-granted') {
      this.logger.warn(
        `PayPal success call for order ${order.orderId}: ${outcome}, nothing granted`,
      );
      throw paymentErrors.verificationFailed();
    }
    return { success: true, plan: codeOfPlan(order.plan) ?? dto.plan };
  }

  /**
   * Captures a stored order (idempotent: same key every time) and grants it when the capture is
   * what the order asked for. PayPal's 422 for an order already captured (by another key, or
   * long ago) is answered by reading the order's capture.
   */
  async settle(order: OrderRow): Promise<SettleOutcome> {
    if (order.status === 'refunded') return 'refunded';
    const result = await this.client.captureOrder(order.orderId, captureRequestId(order.orderId));
    let paypalOrder: PaypalOrder;
    if (result.kind === 'refused') {
      if (result.issue !== 'ORDER_ALREADY_CAPTURED') return 'not-approved';
      paypalOrder = await this.client.getOrder(order.orderId);
    } else {
      paypalOrder = result.order;
    }
    if (paypalOrder.status !== 'COMPLETED') return 'not-completed';
    const unit = paypalOrder.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    if (!capture) return 'not-completed';
    // The capture repeats its unit's custom_id; the unit's stands in where it does not.
    const customId = capture.custom_id ?? unit.custom_id;
    return this.fromCapture(order, { ...capture, ...(customId ? { custom_id: customId } : {}) });
  }

  /**
   * A capture PayPal reports for a stored order (the capture call's answer, or a verified
   * webhook): granted once when COMPLETED with the order's amount, currency and custom_id; any
   * difference is refused and raised as an alert.
   */
  async fromCapture(order: OrderRow, capture: PaypalCapture): Promise<SettleOutcome> {
    if (capture.status !== 'COMPLETED') return 'not-completed';
    if (capture.custom_id !== customIdOf(order)) {
      this.logger.error(
        `ALERT PayPal capture ${capture.id} of order ${order.orderId} carries custom_id ` +
          `${capture.custom_id ?? '(none)'}, the order ${customIdOf(order)}: not granted`,
      );
      return 'custom-id-mismatch';
    }
    const cents = centsOf(capture.amount.value);
    const outcome = await this.fulfilment.fulfil({
      provider: PAYPAL,
      orderId: order.orderId,
      paymentId: capture.id,
      amountMinor: cents ?? -1,
      currency: capture.amount.currency_code,
      at: capture.create_time ? new Date(capture.create_time) : new Date(),
    });
    if (outcome.kind === 'amount-mismatch') {
      this.logger.error(
        `ALERT PayPal capture ${capture.id} of ${capture.amount.value} ${capture.amount.currency_code} ` +
          `for order ${order.orderId} of ${String(order.amount)} ${order.currency}: not granted`,
      );
    }
    return outcome.kind;
  }
}
