import type { Logger } from '@nestjs/common';
import type { OrderRow, PaymentOrdersRepository } from './payment-orders.repository.js';

// Orders one pass of a sweep asks the provider about, at most.
const ORDERS_PER_RUN = 50;

/**
 * Which of a provider's orders a sweep asks about: unpaid ones created between `untilMs` and
 * `afterMs` ago (a payment whose grant was missed), or paid ones paid within `untilMs` (a refund
 * or chargeback whose webhooks were missed).
 */
export type SweepWindow = { status: 'created' | 'paid'; afterMs: number; untilMs: number };

/**
 * One pass of the card's or the wallet's sweep: the provider's orders in the window, each asked
 * about (`settle` answers how many changes it made), then marked checked; one order's failure is
 * logged and counted, and the pass goes on.
 */
export async function sweepOrders(input: {
  provider: string;
  name: string;
  orders: PaymentOrdersRepository;
  logger: Logger;
  window: SweepWindow;
  now: Date;
  settle: (order: OrderRow) => Promise<number>;
}): Promise<{ checked: number; changed: number; failed: number }> {
  const { provider, orders, window, now } = input;
  const summary = { checked: 0, changed: 0, failed: 0 };
  const due = await orders.dueForCheck(
    provider,
    window.status,
    new Date(now.getTime() - window.untilMs),
    new Date(now.getTime() - window.afterMs),
    ORDERS_PER_RUN,
  );
  for (const order of due) {
    summary.checked += 1;
    try {
      summary.changed += await input.settle(order);
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

  /** One pass; a pass already running is joined, not doubled. */
  runOnce(now = new Date()): Promise<Summary> {
    this.running ??= this.pass(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
