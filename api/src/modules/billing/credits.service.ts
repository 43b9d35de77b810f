import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BILLING_CONFIG } from '../../config/app-config.js';
import type { BillingConfig } from '../../config/billing-catalogue.js';
import { billingErrors } from './billing.errors.js';
import { BillingHistoryRepository, type Actor } from './billing-history.repository.js';
import { monthOf } from './entitlements.js';
import { EntitlementsRepository } from './entitlements.repository.js';
import { monthlyAllowance, type AllowanceRule } from './entitlements-view.js';

export type CreditBalances = { defaultBalance: number; topUpBalance: number };

// A failed conditional write means another spend or credit of this person landed first.
const MAX_WRITE_ATTEMPTS = 100;

/**
 * The add-on's credits (spec §9): credits shown = topUpBalance + defaultBalance. defaultBalance
 * is the calendar month's allowance (5 free, or the subscription's 100/500/1000), renewed lazily
 * by the first spend of a new month; topUpBalance holds bought credits that never expire.
 * Spending takes the allowance first. Every move is one conditional single-document update.
 */
@Injectable()
export class CreditsService {
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
  async spend(userId: string, credits = 1): Promise<void> {
    if (!Number.isInteger(credits) || credits < 1) throw new RangeError('credits: whole, >= 1');
    const now = new Date();
    const month = monthOf(now);
    await this.repository.ensure(userId, month, this.config.freeAddonCreditsPerMonth);
    for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt += 1) {
      // The usual case, one update: this month's allowance covers it.
      if (await this.repository.spendFromDefault(userId, month, credits)) return;
      const stored = await this.repository.findBalances(userId);
      if (!stored) throw new Error(`entitlements of ${userId} vanished`);
      const allowance =
        stored.month === month
          ? stored.defaultBalance
          : monthlyAllowance(stored.addon, now, this.allowanceRule);
      if (allowance + stored.topUpBalance < credits) throw billingErrors.notEnoughCredits();
      const fromDefault = Math.min(allowance, credits);
      if (
        await this.repository.moveBalances(userId, stored, {
          month,
          defaultBalance: allowance - fromDefault,
          topUpBalance: stored.topUpBalance - (credits - fromDefault),
        })
      ) {
        return;
      }
    }
    throw new Error(`spending for ${userId} lost ${String(MAX_WRITE_ATTEMPTS)} conditional writes`);
  }

  /** Bought credits, added once per order however often the provider reports it. */
  async creditTopUp(
    input: { userId: string; provider: string; orderId: string; credits: number; at: Date },
    by: Actor = { kind: 'provider', name: input.provider, id: input.orderId },
  ): Promise<boolean> {
    const ref = `${input.provider}:${input.orderId}`;
    return this.addTopUp(input.userId, ref, input.credits, input.at, by);
  }

  /**
   * Support's correction: +N adds top-up credits, -N takes them back (top-ups first, then the
   * month's allowance), never below 0. Answers the balances after it.
   */
  async adjust(userId: string, delta: number, by: Actor): Promise<CreditBalances> {
    if (!Number.isInteger(delta) || delta === 0) throw new RangeError('delta: whole, not 0');
    const now = new Date();
    const month = monthOf(now);
    const ref = `support:${randomUUID()}`;
    await this.repository.ensure(userId, month, this.config.freeAddonCreditsPerMonth);
    if (delta > 0) {
      await this.addTopUp(userId, ref, delta, now, by);
      return this.balances(userId, now);
    }
    for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt += 1) {
      const stored = await this.repository.findBalances(userId);
      if (!stored) throw new Error(`entitlements of ${userId} vanished`);
      const allowance =
        stored.month === month
          ? stored.defaultBalance
          : monthlyAllowance(stored.addon, now, this.allowanceRule);
      const fromTopUp = Math.min(stored.topUpBalance, -delta);
      const fromDefault = Math.min(allowance, -delta - fromTopUp);
      const next = {
        month,
        defaultBalance: allowance - fromDefault,
        topUpBalance: stored.topUpBalance - fromTopUp,
      };
      if (await this.repository.moveBalances(userId, stored, next)) {
        await this.history.append({
          userId,
          scope: 'credits',
          action: 'adjust',
          ref,
          at: now,
          by,
          outcome: 'applied',
          detail: { asked: delta, taken: fromTopUp + fromDefault, fromTopUp, fromDefault },
        });
        return { defaultBalance: next.defaultBalance, topUpBalance: next.topUpBalance };
      }
    }
    throw new Error(
      `correction for ${userId} lost ${String(MAX_WRITE_ATTEMPTS)} conditional writes`,
    );
  }

  private async balances(userId: string, now: Date): Promise<CreditBalances> {
    const stored = await this.repository.findBalances(userId);
    if (!stored) return { defaultBalance: 0, topUpBalance: 0 };
    return {
      defaultBalance:
        stored.month === monthOf(now)
          ? stored.defaultBalance
          : monthlyAllowance(stored.addon, now, this.allowanceRule),
      topUpBalance: stored.topUpBalance,
    };
  }

  private async addTopUp(
    userId: string,
    ref: string,
    credits: number,
    at: Date,
    by: Actor,
  ): Promise<boolean> {
    if (!Number.isInteger(credits) || credits < 1) throw new RangeError('credits: whole, >= 1');
    await this.repository.ensure(userId, monthOf(new Date()), this.config.freeAddonCreditsPerMonth);
    const applied = await this.repository.creditTopUp(userId, ref, credits);
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
}
