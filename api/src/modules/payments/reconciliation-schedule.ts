import type { Logger } from '@nestjs/common';
import type { OrderRow, PaymentOrdersRepository } from './payment-orders.repository.js';
import { asBackground } from './provider-call-budget.js';

// Orders one pass of the card or wallet reconciliation asks the provider about, at most.
const ORDERS_PER_RUN = 50;

/**
 * The card's and the wallet's pass: the provider's orders still unpaid between `untilMs` and
 * `afterMs` ago, each asked about (`settle` answers how many payments it granted), then marked
 * checked; one order's failure is logged and counted, and the pass goes on.
 */
export async function sweepUnpaidOrders(input: {
  provider: string;
  name: string;
  orders: PaymentOrdersRepository;
  logger: Logger;
  reconcile: { afterMs: number; untilMs: number };
  now: Date;
  settle: (order: OrderRow) => Promise<number>;
}): Promise<{ checked: number; granted: number; failed: number }> {
  const { provider, orders, reconcile, now } = input;
  const summary = { checked: 0, granted: 0, failed: 0 };
  const due = await orders.unpaidBetween(
    provider,
    new Date(now.getTime() - reconcile.untilMs),
    new Date(now.getTime() - reconcile.afterMs),
    ORDERS_PER_RUN,
  );
  for (const order of due) {
    summary.checked += 1;
    try {
      summary.granted += await input.settle(order);
      await orders.markChecked(provider, order.orderId, now);
    } catch (error) {
      summary.failed += 1;
      input.logger.error(`${input.name} reconciliation of ${order.orderId}: ${String(error)}`);
    }
  }
  return summary;
}

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
