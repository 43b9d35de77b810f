import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { ReconciliationSchedule, sweepUnpaidOrders } from '../reconciliation-schedule.js';
import { PaymentOrdersRepository } from '../payment-orders.repository.js';
import { PaypalClient } from './paypal.client.js';
import { PAYPAL, PaypalOrdersService } from './paypal-orders.service.js';

export type PaypalReconcileSummary = { checked: number; captured: number; failed: number };

/**
 * Security plan item 33 (PayPal): an order the payer approved but nobody captured (the tab was
 * closed before the success call, the APPROVED webhook lost) is found by asking PayPal about
 * orders still 'created' after PAYPAL_RECONCILE_AFTER_SECONDS, up to PAYPAL_RECONCILE_UNTIL_HOURS
 * old: APPROVED ones are captured (same idempotency key as every other path) and granted,
 * COMPLETED ones granted from their capture. Runs every PAYPAL_RECONCILE_INTERVAL_SECONDS;
 * `runOnce` is what the interval calls (and tests).
 */
@Injectable()
export class PaypalReconciliationService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PaypalReconciliationService.name);
  private readonly schedule = new ReconciliationSchedule('PayPal', this.logger, (now) =>
    this.pass(now),
  );

  constructor(
    private readonly client: PaypalClient,
    private readonly orders: PaymentOrdersRepository,
    private readonly paypal: PaypalOrdersService,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule.start(this.client.config?.reconcile.intervalMs ?? 0);
  }

  onModuleDestroy(): void {
    this.schedule.stop();
  }

  /** One pass; a pass already running is joined, not doubled. */
  runOnce(now = new Date()): Promise<PaypalReconcileSummary> {
    return this.schedule.runOnce(now);
  }

  private async pass(now: Date): Promise<PaypalReconcileSummary> {
    const config = this.client.config;
    if (!config) return { checked: 0, captured: 0, failed: 0 };
    const { checked, granted, failed } = await sweepUnpaidOrders({
      provider: PAYPAL,
      name: 'PayPal',
      orders: this.orders,
      logger: this.logger,
      reconcile: config.reconcile,
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
    return { checked, captured: granted, failed };
  }
}
