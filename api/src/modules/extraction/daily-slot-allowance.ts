import { Injectable } from '@nestjs/common';
import type { Allowance, Hold } from '../../common/allowance/allowance.js';
import { quotaErrors } from './extraction.errors.js';
import { UsageRepository } from './usage.repository.js';

/** Free extractions per UTC day (spec §6). */
export const FREE_DAILY_EXTRACTIONS = 5;

export const utcDay = (now = new Date()): string => now.toISOString().slice(0, 10);

/**
 * The free plan's daily text extractions as an allowance (common/allowance): one numbered slot of
 * today per extraction (usage.repository.ts: a unique index leaves one winner per slot). The
 * slot's id is the hold's ref, so the caller's `ref` only names the work; a hold is closed once,
 * by commit (the slot stays counted) or refund (it is given back).
 */
@Injectable()
export class DailySlotAllowance implements Allowance {
  constructor(private readonly usage: UsageRepository) {}

  async reserve(userId: string, amount: number, _ref: string): Promise<Hold> {
    if (amount !== 1) throw new RangeError('a daily slot is one extraction');
    const reservation = await this.usage.reserveExtraction(
      userId,
      utcDay(),
      FREE_DAILY_EXTRACTIONS,
    );
    // The caller knows whether the feedback bonus is still on offer; it answers with that.
    if (!reservation) throw quotaErrors.dailyLimitReached(false);
    return { userId, ref: reservation.id, amount: 1 };
  }

  async commit(hold: Pick<Hold, 'userId' | 'ref'>, used: number): Promise<void> {
    await this.usage.closeSlot(hold.ref, used > 0, FREE_DAILY_EXTRACTIONS);
  }

  async refund(hold: Pick<Hold, 'userId' | 'ref'>): Promise<void> {
    await this.commit(hold, 0);
  }
}
