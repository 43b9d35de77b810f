import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@nestjs/common';
import { paymentErrors } from './payments.errors.js';

/** How long a person's (or a webhook's) call may wait for room before it is refused (503). */
export const CALL_BUDGET_MAX_WAIT_MS = 5_000;

const background = new AsyncLocalStorage<true>();

/**
 * Runs `work` (a reconciliation pass) as background work: its provider calls use at most half of
 * each budget and wait for room however long it takes, so a long pass neither goes over the
 * quota nor leaves people's calls without room.
 */
export const asBackground = <T>(work: () => Promise<T>): Promise<T> => background.run(true, work);

/**
 * Our calls to one provider's API: at most `callsPerWindow` start in any window (a minute by
 * default), whoever makes them in this process (people's requests, webhook verifications,
 * reconciliation). A call starts as soon as the last window has room; a person's call that would
 * wait more than `maxWaitMs` is refused (the caller answers 503) rather than queued behind a
 * flood. Per API instance: with several, give each its share of the provider's quota.
 */
export class CallBudget {
  /** Start times (ms) of the calls in the last window, ascending. */
  private readonly all: number[] = [];
  private readonly background: number[] = [];
  private readonly backgroundLimit: number;

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly maxWaitMs = CALL_BUDGET_MAX_WAIT_MS,
  ) {
    this.backgroundLimit = Math.max(1, Math.floor(limit / 2));
  }

  /** Resolves when this call may start; false when it would have to wait past maxWaitMs. */
  async take(): Promise<boolean> {
    const isBackground = background.getStore() === true;
    const deadline = Date.now() + this.maxWaitMs;
    for (;;) {
      const now = Date.now();
      let start = this.roomAt(this.all, this.limit, now);
      if (isBackground)
        start = Math.max(start, this.roomAt(this.background, this.backgroundLimit, now));
      if (start <= now) {
        this.all.push(now);
        if (isBackground) this.background.push(now);
        return true;
      }
      if (!isBackground && start > deadline) return false;
      await sleep(start - now);
    }
  }

  /**
   * Waits for this call's turn; over the budget, logs why and throws PAYMENT_PROVIDER_UNAVAILABLE
   * (503), no call made. `provider` as people read it ('Lemon Squeezy'), `what` the call.
   */
  async turn(provider: string, what: string, logger: Logger): Promise<void> {
    if (await this.take()) return;
    logger.warn(
      `${provider}: did not ${what}: over our budget of ${String(this.limit)} calls a minute`,
    );
    throw paymentErrors.providerUnavailable(provider);
  }

  /** When the window ending then holds fewer than `limit` starts of `log`. */
  private roomAt(log: number[], limit: number, now: number): number {
    while (log.length > 0 && (log[0] ?? 0) <= now - this.windowMs) log.shift();
    return log.length < limit ? now : (log[log.length - limit] ?? 0) + this.windowMs;
  }
}
