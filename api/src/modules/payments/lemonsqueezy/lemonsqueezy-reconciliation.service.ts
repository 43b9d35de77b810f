import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  emptySummary,
  ReconciliationSchedule,
  settleEach,
  type SweepSummary,
} from '../reconciliation-schedule.js';
import { LemonSqueezyClient } from './lemonsqueezy.client.js';
import { LemonSqueezyStateService } from './lemonsqueezy-state.service.js';
import { SupersededSubscriptionsService } from './superseded-subscriptions.service.js';

/**
 * Security plan item 33 (Lemon Squeezy): webhooks stop after 3 retries (~2.5 min), so every
 * LEMONSQUEEZY_RECONCILE_INTERVAL_SECONDS the store's subscriptions are listed from the API and
 * each is set by state like a webhook would (LemonSqueezyStateService: a state already applied is
 * a 'duplicate', nothing changes). A subscription whose every webhook was lost is matched to its
 * person by its order (if order_created arrived); its first order is then read and recorded too
 * (the payment row). Otherwise it is held for its buyer to claim: the API's objects carry no
 * custom data, and an email never binds a purchase (issue 20). The store's orders are listed too:
 * a paid one-off order (Lifetime, a top-up) never recorded is held likewise (or recorded once,
 * when its order is ours), a refund of any order recorded as paid (a subscription's first order
 * included: it ends the subscription) is applied. The store's refunded subscription invoices are
 * listed last (security plan 41): a refunded renewal of a subscription bound to a person is
 * applied as its subscription_payment_refunded webhook would be (once). A subscription still
 * renewing although another plan replaced it is cancelled (SupersededSubscriptionsService).
 * `runOnce` is what the interval calls (and tests).
 */
@Injectable()
export class LemonSqueezyReconciliationService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LemonSqueezyReconciliationService.name);
  private readonly schedule = new ReconciliationSchedule('Lemon Squeezy', this.logger, () =>
    this.pass(),
  );

  constructor(
    private readonly client: LemonSqueezyClient,
    private readonly state: LemonSqueezyStateService,
    private readonly superseded: SupersededSubscriptionsService,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule.start(this.client.config?.reconcile.intervalMs ?? 0);
  }

  onModuleDestroy(): void {
    this.schedule.stop();
  }

  /** One pass; a pass already running is joined, not doubled. */
  runOnce(): Promise<SweepSummary> {
    return this.schedule.runOnce();
  }

  private async pass(): Promise<SweepSummary> {
    const summary = emptySummary();
    const config = this.client.config;
    if (!config) return summary;
    const subscriptions = await this.client.listSubscriptions();
    await settleEach(
      subscriptions,
      summary,
      this.logger,
      (subscription) => `Lemon Squeezy reconciliation of ${subscription.id}`,
      async (subscription) => {
        if (subscription.attributes.test_mode !== config.testMode) return 0;
        // Another product of the store: none of ours, and no database read for it.
        if (!this.state.productOf(subscription.attributes.variant_id)) return 0;
        let changed = 0;
        const result = await this.state.syncSubscription(subscription, null);
        // Its first order's payment, when order_created was lost too.
        if (result.userId && result.orderId && !(await this.state.knowsOrder(result.orderId))) {
          const order = await this.client.getOrder(result.orderId);
          await this.state.paidOrder(order, null, result.userId);
        }
        // Still renewing although another plan replaced it (its cancellation failed before).
        if (await this.superseded.cancelIfSuperseded(subscription.id)) changed += 1;
        if (
          result.outcome === 'processed' &&
          /\b(grant|cancel|expire) applied/.test(result.detail)
        ) {
          changed += 1;
          this.logger.warn(`Lemon Squeezy reconciliation: ${result.detail}`);
        }
        return changed;
      },
    );
    await settleEach(
      await this.client.listOrders(),
      summary,
      this.logger,
      (order) => `Lemon Squeezy reconciliation of order ${order.id}`,
      async (order) => {
        if (order.attributes.test_mode !== config.testMode) return 0;
        const result = await this.state.reconcileOrder(order);
        if (result?.outcome !== 'processed') return 0;
        this.logger.warn(`Lemon Squeezy reconciliation: order ${order.id}: ${result.detail}`);
        return 1;
      },
    );
    await settleEach(
      await this.client.listRefundedInvoices(),
      summary,
      this.logger,
      (invoice) => `Lemon Squeezy reconciliation of invoice ${invoice.id}`,
      async (invoice) => {
        if (invoice.attributes.test_mode !== config.testMode) return 0;
        const result = await this.state.reconcileInvoice(invoice);
        // Applied now; a refund applied before (by its webhook or a pass) is a 'duplicate'.
        if (!result?.detail.endsWith(': applied')) return 0;
        this.logger.warn(`Lemon Squeezy reconciliation: invoice ${invoice.id}: ${result.detail}`);
        return 1;
      },
    );
    return summary;
  }
}
