import type { Logger } from '@nestjs/common';
import type { OrderRow, PaymentOrdersRepository } from './payment-orders.repository.js';
import { asBackground } from './provider-call-budget.js';

// Orders read from the database at a time.
const ORDERS_PER_PAGE = 50;

/**
 * Which of a provider's orders a sweep asks about: unpaid ones created between `untilMs` and
 * `afterMs` ago (a payment whose grant was missed), or paid ones paid within `untilMs` (a refund
 * or chargeback whose webhooks were missed).
 */
export type SweepWindow = { status: 'created' | 'paid'; afterMs: number; untilMs: number };

/**
 * One pass of the card's or the wallet's sweep: the provider's orders in the window, each asked
 * about (`settle` answers how many changes it made), then marked checked; one order's failure is
 * logged and counted, and the pass goes on. Unpaid orders are walked to the last one, page after
 * page (a paid order behind a backlog of abandoned ones must not wait hours); paid ones a page a
 * pass, least recently checked first. The provider's call budget paces it (half of it: a pass is
 * background work).
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
  const from = new Date(now.getTime() - window.untilMs);
  const to = new Date(now.getTime() - window.afterMs);
  let after: OrderRow | null = null;
  for (;;) {
    const page = await orders.dueForCheck(
      provider,
      window.status,
      from,
      to,
      ORDERS_PER_PAGE,
      after,
    );
    for (const order of page) {
      summary.checked += 1;
      try {
        summary.changed += await input.settle(order);
        await orders.markChecked(provider, order.orderId, now);
      } catch (error) {
        summary.failed += 1;
        input.logger.error(`${input.name} reconciliation of ${order.orderId}: ${String(error)}`);
      }
    }
    if (window.status === 'paid' || page.length < ORDERS_PER_PAGE) return summary;
    after = page[page.length - 1] ?? null;
  }
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
