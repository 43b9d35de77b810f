import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PaymentFulfilmentService } from '../payment-fulfilment.service.js';
import { ReconciliationSchedule, sweepUnpaidOrders } from '../reconciliation-schedule.js';
import { PaymentOrdersRepository } from '../payment-orders.repository.js';
import { RAZORPAY } from './razorpay-orders.service.js';
import { RazorpayGateway } from './razorpay.gateway.js';

export type ReconcileSummary = { checked: number; granted: number; failed: number };

/**
 * Security plan item 33 (Razorpay): a payment captured late, or whose webhooks never came (or
 * were refused), is found by asking Razorpay for the payments of orders still 'created' after
 * RAZORPAY_RECONCILE_AFTER_SECONDS, up to RAZORPAY_RECONCILE_UNTIL_HOURS old, and granted like
 * any other path (PaymentFulfilmentService). Runs every RAZORPAY_RECONCILE_INTERVAL_SECONDS;
 * `runOnce` is what the interval calls (and tests, and support).
 */
@Injectable()
export class RazorpayReconciliationService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RazorpayReconciliationService.name);
  private readonly schedule = new ReconciliationSchedule('Razorpay', this.logger, (now) =>
    this.pass(now),
  );

  constructor(
    private readonly gateway: RazorpayGateway,
    private readonly orders: PaymentOrdersRepository,
    private readonly fulfilment: PaymentFulfilmentService,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule.start(this.gateway.config?.reconcile.intervalMs ?? 0);
  }

  onModuleDestroy(): void {
    this.schedule.stop();
  }

  /** One pass; a pass already running is joined, not doubled. */
  runOnce(now = new Date()): Promise<ReconcileSummary> {
    return this.schedule.runOnce(now);
  }

  private async pass(now: Date): Promise<ReconcileSummary> {
    const config = this.gateway.config;
    if (!config) return { checked: 0, granted: 0, failed: 0 };
    return sweepUnpaidOrders({
      provider: RAZORPAY,
      name: 'Razorpay',
      orders: this.orders,
      logger: this.logger,
      reconcile: config.reconcile,
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
  }
}
