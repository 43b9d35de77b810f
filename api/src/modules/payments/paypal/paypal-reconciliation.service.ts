import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PaymentFulfilmentService } from '../payment-fulfilment.service.js';
import { ReconciliationSchedule, sweepOrders } from '../reconciliation-schedule.js';
import { PaymentOrdersRepository } from '../payment-orders.repository.js';
import { PaypalClient } from './paypal.client.js';
import { PAYPAL, PaypalOrdersService } from './paypal-orders.service.js';

export type PaypalReconcileSummary = { checked: number; captured: number; failed: number };
export type PaypalRefundSweepSummary = { checked: number; refunded: number; failed: number };

/**
 * Security plan item 33 (PayPal): an order the payer approved but nobody captured (the tab was
 * closed before the success call, the APPROVED webhook lost) is found by asking PayPal about
 * orders still 'created' after PAYPAL_RECONCILE_AFTER_SECONDS, up to PAYPAL_RECONCILE_UNTIL_HOURS
 * old: APPROVED ones are captured (same idempotency key as every other path) and granted,
 * COMPLETED ones granted from their capture. Runs every PAYPAL_RECONCILE_INTERVAL_SECONDS;
 * `runOnce` is what the interval calls (and tests). Security plan item 41: the same sweep over
 * orders paid within PAYPAL_REFUND_SWEEP_DAYS, every PAYPAL_REFUND_SWEEP_INTERVAL_SECONDS
 * (`sweepRefunds`), reads each capture again: one refunded or reversed at PayPal whose webhooks
 * were missed ends its plan as the webhook would have.
 */
@Injectable()
export class PaypalReconciliationService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PaypalReconciliationService.name);
  private readonly schedule = new ReconciliationSchedule('PayPal', this.logger, (now) =>
    this.pass(now),
  );
  private readonly refundSchedule = new ReconciliationSchedule(
    'PayPal refund',
    this.logger,
    (now) => this.refundPass(now),
  );

  constructor(
    private readonly client: PaypalClient,
    private readonly orders: PaymentOrdersRepository,
    private readonly paypal: PaypalOrdersService,
    private readonly fulfilment: PaymentFulfilmentService,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule.start(this.client.config?.reconcile.intervalMs ?? 0);
    this.refundSchedule.start(this.client.config?.reconcile.refunds.intervalMs ?? 0);
  }

  onModuleDestroy(): void {
    this.schedule.stop();
    this.refundSchedule.stop();
  }

  /** One pass; a pass already running is joined, not doubled. */
  runOnce(now = new Date()): Promise<PaypalReconcileSummary> {
    return this.schedule.runOnce(now);
  }

  /** One pass of the refund sweep; a pass already running is joined, not doubled. */
  sweepRefunds(now = new Date()): Promise<PaypalRefundSweepSummary> {
    return this.refundSchedule.runOnce(now);
  }

  private async pass(now: Date): Promise<PaypalReconcileSummary> {
    const config = this.client.config;
    if (!config) return { checked: 0, captured: 0, failed: 0 };
    const { checked, changed, failed } = await sweepOrders({
      provider: PAYPAL,
      name: 'PayPal',
      orders: this.orders,
      logger: this.logger,
      window: {
        status: 'created',
        afterMs: config.reconcile.afterMs,
        untilMs: config.reconcile.untilMs,
      },
      now,
      settle: async (order) => {
        const state = await this.client.getOrder(order.orderId);
        if (state.status !== 'APPROVED' && state.status !== 'COMPLETED') return 0;
        if ((await this.paypal.settle(order)) !== 'granted') return 0;
        this.logger.warn(
          `PayPal order ${order.orderId} (${state.status}) granted by reconciliation`,
        );
        return 1;
      },
    });
    return { checked, captured: changed, failed };
  }

  private async refundPass(now: Date): Promise<PaypalRefundSweepSummary> {
    const config = this.client.config;
    if (!config) return { checked: 0, refunded: 0, failed: 0 };
    const { checked, changed, failed } = await sweepOrders({
      provider: PAYPAL,
      name: 'PayPal refund',
      orders: this.orders,
      logger: this.logger,
      window: { status: 'paid', afterMs: 0, untilMs: config.reconcile.refunds.windowMs },
      now,
      settle: async (order) => {
        if (!order.paymentId) return 0;
        // REFUNDED: refunded in full, or reversed (PayPal's chargeback); a partial refund is not.
        const capture = await this.client.getCapture(order.paymentId);
        if (capture.status !== 'REFUNDED') return 0;
        await this.fulfilment.refund({
          provider: PAYPAL,
          orderId: order.orderId,
          paymentId: order.paymentId,
          at: now,
          reason: 'refund',
        });
        this.logger.warn(
          `PayPal capture ${order.paymentId} of order ${order.orderId} refunded: found by the refund sweep`,
        );
        return 1;
      },
    });
    return { checked, refunded: changed, failed };
  }
}
