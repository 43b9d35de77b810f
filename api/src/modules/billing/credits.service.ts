import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Allowance, Hold } from '../../common/allowance/allowance.js';
import { BILLING_CONFIG } from '../../config/app-config.js';
import type { BillingConfig } from '../../config/billing-catalogue.js';
import { billingErrors } from './billing.errors.js';
import { BillingHistoryRepository, type Actor } from './billing-history.repository.js';
import { monthOf } from './entitlements.js';
import { EntitlementsRepository, firstSnapshot, type Snapshot } from './entitlements.repository.js';
import { currentDefaultBalance, type AllowanceRule } from './entitlements-view.js';

export type CreditBalances = { defaultBalance: number; topUpBalance: number };

// Closed holds remembered per person: a repeat of a commit or refund comes within the same job's
// life (seconds, at most its lease), long before fifty newer holds of that person are closed.
const CLOSED_HOLDS_KEPT = 50;

/**
 * The add-on's credits (spec §9): credits shown = topUpBalance + defaultBalance. defaultBalance
 * is the calendar month's allowance (5 free, or the subscription's 100/500/1000), renewed by the
 * first change of a new month (reads show the renewed allowance before that); topUpBalance holds
 * bought credits that never expire. Spending takes the allowance first. Each move is one new
 * revision of the person's entitlements (entitlements.repository.ts): parallel spends of the
 * last credit leave exactly one winner.
 */
@Injectable()
export class CreditsService implements Allowance {
  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly repository: EntitlementsRepository,
    private readonly history: BillingHistoryRepository,
  ) {}

  get allowanceRule(): AllowanceRule {
    const { freeAddonCreditsPerMonth, addonOptions } = this.config;
    return {
      freeCredits: freeAddonCreditsPerMonth,
      creditsOf: (plan) =>
        addonOptions.find((option) => option.kind === 'subscription' && option.name === plan)
          ?.credits,
    };
  }

  /** Takes `credits` (1 per image or PDF page): the month's allowance first, then top-ups. */
  async spend(userId: string, credits = 1): Promise<CreditBalances> {
    if (!Number.isInteger(credits) || credits < 1) throw new RangeError('credits: whole, >= 1');
    const now = new Date();
    return this.repository.change(userId, this.initial(now), (current) => {
      const balance = this.thisMonth(current, now);
      if (balance.defaultBalance + balance.topUpBalance < credits) {
        throw billingErrors.notEnoughCredits();
      }
      const fromDefault = Math.min(balance.defaultBalance, credits);
      const next = {
        ...balance,
        defaultBalance: balance.defaultBalance - fromDefault,
        topUpBalance: balance.topUpBalance - (credits - fromDefault),
      };
      return { next, result: pick(next) };
    });
  }

  /**
   * The allowance shape (common/allowance): takes `amount` credits for the work `ref` as `spend`
   * does (the month's allowance first), keeping them as an open hold in the same revision, so
   * of parallel reservations of the last credits exactly as many win as there were credits.
   */
  async reserve(userId: string, amount: number, ref: string): Promise<Hold> {
    if (!Number.isInteger(amount) || amount < 1) throw new RangeError('amount: whole, >= 1');
    const now = new Date();
    return this.repository.change(userId, this.initial(now), (current) => {
      const open = current.creditHolds.find((hold) => hold.ref === ref);
      if (open) return { next: null, result: { userId, ref, amount: held(open) } };
      if (current.closedHolds.includes(ref)) throw new RangeError(`hold ${ref} already closed`);
      const balance = this.thisMonth(current, now);
      if (balance.defaultBalance + balance.topUpBalance < amount) {
        throw billingErrors.notEnoughCredits();
      }
      const fromDefault = Math.min(balance.defaultBalance, amount);
      const fromTopUp = amount - fromDefault;
      const next = {
        ...balance,
        defaultBalance: balance.defaultBalance - fromDefault,
        topUpBalance: balance.topUpBalance - fromTopUp,
        creditHolds: [
          ...current.creditHolds,
          { ref, fromDefault, fromTopUp, month: monthOf(now), at: now },
        ],
      };
      return { next, result: { userId, ref, amount } };
    });
  }

  /**
   * Closes the hold: `used` credits stay spent, the others go back, bought credits first (the
   * used ones count as taken from the allowance, as spending takes it first); the month's part
   * goes back only within its month, whose allowance it was. A closed or unknown ref: nothing.
   */
  async commit(hold: Pick<Hold, 'userId' | 'ref'>, used: number): Promise<void> {
    if (!Number.isInteger(used) || used < 0) throw new RangeError('used: whole, >= 0');
    const now = new Date();
    await this.repository.change(hold.userId, this.initial(now), (current) => {
      const open = current.creditHolds.find((h) => h.ref === hold.ref);
      if (!open) return { next: null, result: undefined };
      const giveBack = Math.max(0, held(open) - used);
      const toTopUp = Math.min(open.fromTopUp, giveBack);
      const balance = this.thisMonth(current, now);
      const toDefault = open.month === balance.balanceMonth ? giveBack - toTopUp : 0;
      const next = {
        ...balance,
        defaultBalance: balance.defaultBalance + toDefault,
        topUpBalance: balance.topUpBalance + toTopUp,
        creditHolds: current.creditHolds.filter((h) => h.ref !== hold.ref),
        closedHolds: [...current.closedHolds, hold.ref].slice(-CLOSED_HOLDS_KEPT),
      };
      return { next, result: undefined };
    });
  }

  /** Closes the hold giving every credit back: the work delivered nothing. */
  refund(hold: Pick<Hold, 'userId' | 'ref'>): Promise<void> {
    return this.commit(hold, 0);
  }

  /** What the person can spend now, holds taken out (they are already deducted). */
  available(userId: string): Promise<CreditBalances> {
    return this.balances(userId, new Date());
  }

  /** Bought credits, added once per order however often the provider reports it. */
  creditTopUp(
    input: { userId: string; provider: string; orderId: string; credits: number; at: Date },
    by: Actor = { kind: 'provider', name: input.provider, id: input.orderId },
  ): Promise<boolean> {
    return this.addTopUp(
      input.userId,
      `${input.provider}:${input.orderId}`,
      input.credits,
      input.at,
      by,
    );
  }

  /**
   * A refunded top-up order: its credits are taken back from the bought credits, as many as are
   * left (those already spent cannot be), once per order; the order can never be credited after
   * it. Answers how many were taken back (0 for a repeat).
   */
  async revokeTopUp(
    input: { userId: string; provider: string; orderId: string; credits: number; at: Date },
    by: Actor = { kind: 'provider', name: input.provider, id: input.orderId },
  ): Promise<number> {
    const ref = `${input.provider}:${input.orderId}`;
    const refundRef = `refund:${ref}`;
    const now = new Date();
    const result = await this.repository.change(input.userId, this.initial(now), (current) => {
      if (current.appliedOrders.includes(refundRef)) return { next: null, result: null };
      const credited = current.appliedOrders.includes(ref);
      const taken = credited ? Math.min(current.topUpBalance, input.credits) : 0;
      return {
        next: {
          ...current,
          topUpBalance: current.topUpBalance - taken,
          appliedOrders: [
            ...current.appliedOrders,
            ...(credited ? [] : [ref]), // a late 'paid' of this order is then a duplicate
            refundRef,
          ],
        },
        result: taken,
      };
    });
    await this.history.append({
      userId: input.userId,
      scope: 'credits',
      action: 'refund',
      ref: refundRef,
      at: input.at,
      by,
      outcome: result === null ? 'duplicate' : 'applied',
      detail: { credits: input.credits, takenBack: result ?? 0 },
    });
    return result ?? 0;
  }

  /**
   * Support's correction: +N adds top-up credits, -N takes them back (top-ups first, then the
   * month's allowance), never below 0. Answers the balances after it.
   */
  async adjust(userId: string, delta: number, by: Actor): Promise<CreditBalances> {
    if (!Number.isInteger(delta) || delta === 0) throw new RangeError('delta: whole, not 0');
    const now = new Date();
    const ref = `support:${randomUUID()}`;
    if (delta > 0) {
      await this.addTopUp(userId, ref, delta, now, by);
      return this.balances(userId, now);
    }
    const taken = await this.repository.change(userId, this.initial(now), (current) => {
      const balance = this.thisMonth(current, now);
      const fromTopUp = Math.min(balance.topUpBalance, -delta);
      const fromDefault = Math.min(balance.defaultBalance, -delta - fromTopUp);
      const next = {
        ...balance,
        defaultBalance: balance.defaultBalance - fromDefault,
        topUpBalance: balance.topUpBalance - fromTopUp,
      };
      return { next, result: { fromTopUp, fromDefault, after: pick(next) } };
    });
    await this.history.append({
      userId,
      scope: 'credits',
      action: 'adjust',
      ref,
      at: now,
      by,
      outcome: 'applied',
      detail: { asked: delta, fromTopUp: taken.fromTopUp, fromDefault: taken.fromDefault },
    });
    return taken.after;
  }

  private async balances(userId: string, now: Date): Promise<CreditBalances> {
    return pick(this.thisMonth((await this.repository.latest(userId)) ?? this.initial(now), now));
  }

  private async addTopUp(
    userId: string,
    ref: string,
    credits: number,
    at: Date,
    by: Actor,
  ): Promise<boolean> {
    if (!Number.isInteger(credits) || credits < 1) throw new RangeError('credits: whole, >= 1');
    const now = new Date();
    const applied = await this.repository.change(userId, this.initial(now), (current) =>
      current.appliedOrders.includes(ref)
        ? { next: null, result: false }
        : {
            next: {
              ...current,
              topUpBalance: current.topUpBalance + credits,
              appliedOrders: [...current.appliedOrders, ref],
            },
            result: true,
          },
    );
    await this.history.append({
      userId,
      scope: 'credits',
      action: 'top-up',
      ref,
      at,
      by,
      outcome: applied ? 'applied' : 'duplicate',
      detail: { credits },
    });
    return applied;
  }

  private initial(now: Date): Snapshot {
    return firstSnapshot(monthOf(now), this.config.freeAddonCreditsPerMonth);
  }

  /** The snapshot with this month's allowance in place (renewed if it held an earlier month's). */
  private thisMonth(current: Snapshot, now: Date): Snapshot {
    return {
      ...current,
      defaultBalance: currentDefaultBalance(current, now, this.allowanceRule),
      balanceMonth: monthOf(now),
    };
  }
}

const held = (hold: { fromDefault: number; fromTopUp: number }): number =>
  hold.fromDefault + hold.fromTopUp;

const pick = ({ defaultBalance, topUpBalance }: CreditBalances): CreditBalances => ({
  defaultBalance,
  topUpBalance,
});
