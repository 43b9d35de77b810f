import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { OrderReconcileConfig } from '../../config/payments-config.js';
import type { PaymentFulfilmentService } from './payment-fulfilment.service.js';
import type { OrderRow, PaymentOrdersRepository } from './payment-orders.repository.js';
import { asBackground } from './provider-call-budget.js';

// Orders read from the database at a time.
const ORDERS_PER_PAGE = 50;

/** What a pass did: the items it asked about, the changes it made, the items that failed. */
export type SweepSummary = { checked: number; changed: number; failed: number };

export const emptySummary = (): SweepSummary => ({ checked: 0, changed: 0, failed: 0 });

/**
 * Each item asked about in turn (`settle` answers how many changes it made); one item's failure
 * is logged (as `what` names it) and counted, and the pass goes on.
 */
export async function settleEach<T>(
  items: Iterable<T>,
  summary: SweepSummary,
  logger: Logger,
  what: (item: T) => string,
  settle: (item: T) => Promise<number>,
): Promise<void> {
  for (const item of items) {
    summary.checked += 1;
    try {
      summary.changed += await settle(item);
    } catch (error) {
      summary.failed += 1;
      logger.error(`${what(item)}: ${String(error)}`);
    }
  }
}

/**
 * Which of a provider's orders a sweep asks about: unpaid ones created between `untilMs` and
 * `afterMs` ago (a payment whose grant was missed), or paid ones paid within `untilMs` (a refund
 * or chargeback whose webhooks were missed).
 */
type SweepWindow = { status: 'created' | 'paid'; afterMs: number; untilMs: number };

/**
 * The schedule every provider's reconciliation shares: a pass every `intervalMs` (0: none; the
 * timer never keeps the process alive), a pass already running joined rather than doubled, and a
 * failed scheduled pass logged, never thrown into the timer.
 */
export class ReconciliationSchedule<Summary> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Summary> | null = null;

  constructor(
    private readonly provider: string,
    private readonly logger: Logger,
    private readonly pass: (now: Date) => Promise<Summary>,
  ) {}

  start(intervalMs: number): void {
    this.stop();
    if (intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((error: unknown) => {
        this.logger.error(`${this.provider} reconciliation failed: ${String(error)}`);
      });
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * One pass; a pass already running is joined, not doubled. Its provider calls are background
   * work (provider-call-budget.ts): half of each budget, waiting for room rather than failing.
   */
  runOnce(now = new Date()): Promise<Summary> {
    this.running ??= asBackground(() => this.pass(now)).finally(() => {
      this.running = null;
    });
    return this.running;
  }
}

/**
 * The card's and the wallet's reconciliation (security plan 33 and 41): two sweeps of the
 * provider's orders, each on its own schedule. Unpaid orders between `afterMs` and `untilMs` old
 * are asked about by `settleUnpaid` (a payment whose grant was missed), every `intervalMs`; orders
 * paid within the refund window by `refundedPayment` (a refund or chargeback whose webhooks were
 * missed: its plan ends through PaymentFulfilmentService), every `refunds.intervalMs`. Each order asked about is marked checked; one order's
 * failure is logged and counted, and the pass goes on. Unpaid orders are walked to the last one,
 * page after page (a paid order behind a backlog of abandoned ones must not wait hours); paid
 * ones a page a pass, least recently checked first. The provider's call budget paces it
 * (ReconciliationSchedule).
 */
export abstract class OrderReconciliation implements OnApplicationBootstrap, OnModuleDestroy {
  protected readonly logger = new Logger(this.constructor.name);
  private readonly unpaid: ReconciliationSchedule<SweepSummary>;
  private readonly paid: ReconciliationSchedule<SweepSummary>;

  constructor(
    private readonly provider: string,
    /** As the log names it ('PayPal'). */
    private readonly name: string,
    private readonly orders: PaymentOrdersRepository,
    protected readonly fulfilment: PaymentFulfilmentService,
  ) {
    this.unpaid = new ReconciliationSchedule(name, this.logger, (now) =>
      this.sweep('created', now),
    );
    this.paid = new ReconciliationSchedule(`${name} refund`, this.logger, (now) =>
      this.sweep('paid', now),
    );
  }

  /** The provider's configuration; null: not configured, a pass asks about nothing. */
  protected abstract settings(): OrderReconcileConfig | null;

  /** An unpaid order, asked about at the provider: how many payments of it were granted. */
  protected abstract settleUnpaid(order: OrderRow): Promise<number>;

  /**
   * A paid order, asked about at the provider: the id of its payment when the provider has it
   * refunded in full (or charged back), else null. Its plan then ends as the webhook would have.
   */
  protected abstract refundedPayment(order: OrderRow): Promise<string | null>;

  onApplicationBootstrap(): void {
    this.unpaid.start(this.settings()?.intervalMs ?? 0);
    this.paid.start(this.settings()?.refunds.intervalMs ?? 0);
  }

  onModuleDestroy(): void {
    this.unpaid.stop();
    this.paid.stop();
  }

  /** One pass over the unpaid orders; a pass already running is joined, not doubled. */
  runOnce(now = new Date()): Promise<SweepSummary> {
    return this.unpaid.runOnce(now);
  }

  /** One pass of the refund sweep; a pass already running is joined, not doubled. */
  sweepRefunds(now = new Date()): Promise<SweepSummary> {
    return this.paid.runOnce(now);
  }

  private async refundIfRefunded(order: OrderRow, now: Date): Promise<number> {
    const paymentId = await this.refundedPayment(order);
    if (!paymentId) return 0;
    await this.fulfilment.refund({
      provider: this.provider,
      orderId: order.orderId,
      paymentId,
      at: now,
      reason: 'refund',
    });
    this.logger.warn(
      `${this.name} payment ${paymentId} of order ${order.orderId} refunded: found by the refund sweep`,
    );
    return 1;
  }

  private async sweep(status: 'created' | 'paid', now: Date): Promise<SweepSummary> {
    const config = this.settings();
    const summary = emptySummary();
    if (!config) return summary;
    const window: SweepWindow =
      status === 'created'
        ? { status, afterMs: config.afterMs, untilMs: config.untilMs }
        : { status, afterMs: 0, untilMs: config.refunds.windowMs };
    const name = status === 'created' ? this.name : `${this.name} refund`;
    const from = new Date(now.getTime() - window.untilMs);
    const to = new Date(now.getTime() - window.afterMs);
    let after: OrderRow | null = null;
    for (;;) {
      const page = await this.orders.dueForCheck(
        this.provider,
        status,
        from,
        to,
        ORDERS_PER_PAGE,
        after,
      );
      await settleEach(
        page,
        summary,
        this.logger,
        (order) => `${name} reconciliation of ${order.orderId}`,
        async (order) => {
          const changed =
            status === 'created'
              ? await this.settleUnpaid(order)
              : await this.refundIfRefunded(order, now);
          await this.orders.markChecked(this.provider, order.orderId, now);
          return changed;
        },
      );
      if (status === 'paid' || page.length < ORDERS_PER_PAGE) return summary;
      after = page[page.length - 1] ?? null;
    }
  }
}
