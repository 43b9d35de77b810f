import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PaymentFulfilmentService } from '../payment-fulfilment.service.js';
import { ReconciliationSchedule, sweepOrders } from '../reconciliation-schedule.js';
import { PaymentOrdersRepository } from '../payment-orders.repository.js';
import { RAZORPAY } from './razorpay-orders.service.js';
import { RazorpayGateway } from './razorpay.gateway.js';

export type ReconcileSummary = { checked: number; granted: number; failed: number };
export type RefundSweepSummary = { checked: number; refunded: number; failed: number };

/**
 * Security plan item 33 (Razorpay): a payment captured late, or whose webhooks never came (or
 * were refused), is found by asking Razorpay for the payments of orders still 'created' after
 * RAZORPAY_RECONCILE_AFTER_SECONDS, up to RAZORPAY_RECONCILE_UNTIL_HOURS old, and granted like
 * any other path (PaymentFulfilmentService). Runs every RAZORPAY_RECONCILE_INTERVAL_SECONDS;
 * `runOnce` is what the interval calls (and tests, and support). Security plan item 41: the same
 * sweep over orders paid within RAZORPAY_REFUND_SWEEP_DAYS, every
 * RAZORPAY_REFUND_SWEEP_INTERVAL_SECONDS (`sweepRefunds`), finds a payment refunded at Razorpay
 * whose refund webhooks were missed and ends its plan as the webhook would have.
 */
@Injectable()
export class RazorpayReconciliationService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RazorpayReconciliationService.name);
  private readonly schedule = new ReconciliationSchedule('Razorpay', this.logger, (now) =>
    this.pass(now),
  );
  private readonly refundSchedule = new ReconciliationSchedule(
    'Razorpay refund',
    this.logger,
    (now) => this.refundPass(now),
  );

  constructor(
    private readonly gateway: RazorpayGateway,
    private readonly orders: PaymentOrdersRepository,
    private readonly fulfilment: PaymentFulfilmentService,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule.start(this.gateway.config?.reconcile.intervalMs ?? 0);
    this.refundSchedule.start(this.gateway.config?.reconcile.refunds.intervalMs ?? 0);
  }

  onModuleDestroy(): void {
    this.schedule.stop();
    this.refundSchedule.stop();
  }

  /** One pass; a pass already running is joined, not doubled. */
  runOnce(now = new Date()): Promise<ReconcileSummary> {
    return this.schedule.runOnce(now);
  }

  /** One pass of the refund sweep; a pass already running is joined, not doubled. */
  sweepRefunds(now = new Date()): Promise<RefundSweepSummary> {
    return this.refundSchedule.runOnce(now);
  }

  private async pass(now: Date): Promise<ReconcileSummary> {
    const config = this.gateway.config;
    if (!config) return { checked: 0, granted: 0, failed: 0 };
    const { checked, changed, failed } = await sweepOrders({
      provider: RAZORPAY,
      name: 'Razorpay',
      orders: this.orders,
      logger: this.logger,
      window: {
        status: 'created',
        afterMs: config.reconcile.afterMs,
        untilMs: config.reconcile.untilMs,
      },
      now,
      settle: async (order) => {
        let granted = 0;
        const payments = await this.gateway.paymentsOfOrder(order.orderId);
        for (const payment of payments.filter((p) => p.status === 'captured')) {
          const outcome = await this.fulfilment.fulfil({
            provider: RAZORPAY,
            orderId: order.orderId,
            paymentId: payment.id,
            amountMinor: payment.amount,
            currency: payment.currency,
            at: new Date(payment.created_at * 1000),
          });
          if (outcome.kind === 'granted') {
            granted += 1;
            this.logger.warn(
              `Razorpay payment ${payment.id} of order ${order.orderId} granted by reconciliation`,
            );
          }
        }
        return granted;
      },
    });
    return { checked, granted: changed, failed };
  }

  private async refundPass(now: Date): Promise<RefundSweepSummary> {
    const config = this.gateway.config;
    if (!config) return { checked: 0, refunded: 0, failed: 0 };
    const { checked, changed, failed } = await sweepOrders({
      provider: RAZORPAY,
      name: 'Razorpay refund',
      orders: this.orders,
      logger: this.logger,
      window: { status: 'paid', afterMs: 0, untilMs: config.reconcile.refunds.windowMs },
      now,
      settle: async (order) => {
        const payments = await this.gateway.paymentsOfOrder(order.orderId);
        const paid = payments.find((p) => p.id === order.paymentId);
        // Razorpay's 'refunded' is a full refund (a partial one leaves the payment 'captured').
        if (!paid || paid.status !== 'refunded') return 0;
        await this.fulfilment.refund({
          provider: RAZORPAY,
          orderId: order.orderId,
          paymentId: paid.id,
          at: now,
          reason: 'refund',
        });
        this.logger.warn(
          `Razorpay payment ${paid.id} of order ${order.orderId} refunded: found by the refund sweep`,
        );
        return 1;
      },
    });
    return { checked, refunded: changed, failed };
  }
}
