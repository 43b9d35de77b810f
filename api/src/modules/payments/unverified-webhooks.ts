import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';

/** How often the refused deliveries of a provider are summed up in the log, at most. */
const SUMMARY_EVERY_MS = 60_000;

type Tally = { total: number; byReason: Map<string, number> };

/**
 * Deliveries to a payment webhook that did not verify (security plan 43): counted per provider and
 * reason, and logged as one warning per provider and minute, never stored. A row per forged
 * delivery let anyone who can reach the API grow the database at will; what it recorded (a body
 * digest, the event id it claimed) is no use to support. Counts are per API instance.
 */
@Injectable()
export class UnverifiedWebhooks implements OnModuleDestroy {
  private readonly logger = new Logger(UnverifiedWebhooks.name);
  private readonly totals = new Map<string, Tally>();
  /** Since the last summary, per provider; its timer writes the next one. */
  private readonly pending = new Map<string, { tally: Tally; timer: NodeJS.Timeout }>();

  /** `reason` is one of the webhook services' fixed phrases, never the sender's text. */
  count(provider: string, reason: string): void {
    let total = this.totals.get(provider);
    if (!total) {
      total = newTally();
      this.totals.set(provider, total);
    }
    add(total, reason);
    let pending = this.pending.get(provider);
    if (!pending) {
      const timer = setTimeout(() => this.summarise(provider), SUMMARY_EVERY_MS);
      timer.unref();
      pending = { tally: newTally(), timer };
      this.pending.set(provider, pending);
    }
    add(pending.tally, reason);
  }

  /** Deliveries refused since the API started, by reason. */
  countsOf(provider: string): { total: number; byReason: Record<string, number> } {
    const tally = this.totals.get(provider);
    return {
      total: tally?.total ?? 0,
      byReason: Object.fromEntries(tally?.byReason ?? []),
    };
  }

  onModuleDestroy(): void {
    for (const provider of [...this.pending.keys()]) this.summarise(provider);
  }

  private summarise(provider: string): void {
    const pending = this.pending.get(provider);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(provider);
    const reasons = [...pending.tally.byReason].map(([reason, n]) => `${reason}: ${String(n)}`);
    this.logger.warn(
      `${provider}: ${String(pending.tally.total)} webhook deliveries refused unverified (${reasons.join(', ')})`,
    );
  }
}

const newTally = (): Tally => ({ total: 0, byReason: new Map() });

function add(tally: Tally, reason: string): void {
  tally.total += 1;
  tally.byReason.set(reason, (tally.byReason.get(reason) ?? 0) + 1);
}
