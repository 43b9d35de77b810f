import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { DailyUsageResponse } from 'contracts';
import type { SignedInUser } from '../auth/auth.types.js';
import type { UserRecord } from '../users/users.service.js';
import { UsersService } from '../users/users.service.js';
import type { Hold } from '../../common/allowance/allowance.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { DailySlotAllowance, FREE_DAILY_EXTRACTIONS, utcDay } from './daily-slot-allowance.js';
import { UsageRepository } from './usage.repository.js';
import type { ExtractionRecord } from './schemas/extraction-record.schema.js';
import { EXTRACTION_ENGINE } from './engine.provider.js';
import type { ExtractionEngine } from './engine/index.js';

export { FREE_DAILY_EXTRACTIONS };
/** Extra extractions for the day granted by a user's first text-OCR feedback (spec §6). */
export const FEEDBACK_BONUS = 5;

/**
 * The extraction allowance: the free plan's daily slots, their refunds, the record of each
 * extraction, and the one-time feedback bonus. Premium accounts have no daily limit. At start it
 * gives back the slots of jobs that died with their process (killed mid-extraction).
 */
@Injectable()
export class UsageService implements OnApplicationBootstrap {
  private readonly logger = new Logger(UsageService.name);

  constructor(
    private readonly usage: UsageRepository,
    private readonly daily: DailySlotAllowance,
    private readonly users: UsersService,
    @Inject(EXTRACTION_ENGINE) private readonly engine: Pick<ExtractionEngine, 'maxJobMs'>,
  ) {}

  /**
   * Slots held longer than the longest job (plus a minute for recording it) belong to no live job
   * on any instance: their process died. They are given back, so a killed job costs nothing.
   */
  async onApplicationBootstrap(): Promise<void> {
    const heldBefore = new Date(Date.now() - this.engine.maxJobMs - 60_000);
    try {
      const released = await this.usage.releaseAbandonedSlots(heldBefore, FREE_DAILY_EXTRACTIONS);
      if (released > 0)
        this.logger.log(`Gave back ${String(released)} extraction(s) of jobs that died`);
    } catch (error) {
      // The database being down must not stop the API starting; the next start tries again.
      this.logger.warn(`Could not give back abandoned extractions: ${String(error)}`);
    }
  }

  /** Today's extractions for the count beside the tool: none counted for premium accounts. */
  async today(user: SignedInUser): Promise<DailyUsageResponse> {
    if (user.isPremium) return { unlimited: true };
    const day = utcDay();
    const usage = await this.usage.allowanceOn(user.id, day, FREE_DAILY_EXTRACTIONS);
    return { unlimited: false, day, ...usage };
  }

  /** Takes one of today's extractions: null for premium (nothing to take), or 'limit-reached'. */
  async reserve(user: SignedInUser): Promise<Hold | null | 'limit-reached'> {
    if (user.isPremium) return null;
    try {
      return await this.daily.reserve(user.id, 1, 'text-extraction');
    } catch (error) {
      if (error instanceof DomainError && error.code === 'DAILY_LIMIT_REACHED') {
        return 'limit-reached';
      }
      throw error;
    }
  }

  /** Gives back an extraction whose processing failed: failures do not count. */
  async refund(hold: Hold | null): Promise<void> {
    if (hold) await this.daily.refund(hold);
  }

  /**
   * Settles a finished extraction's slot (counted, no longer held), then records it: a process
   * dying between the two leaves a counted extraction without its record, never a free one.
   */
  async record(
    user: SignedInUser,
    hold: Hold | null,
    record: Omit<ExtractionRecord, 'userId'>,
  ): Promise<void> {
    if (hold) await this.daily.commit(hold, 1);
    await this.usage.writeRecord({ ...record, userId: user.id });
  }

  /**
   * The first text-OCR feedback of a user adds FEEDBACK_BONUS extractions to their day, exactly
   * once however many arrive at once. Answers whether this call granted it.
   */
  async grantFirstFeedbackBonus(user: UserRecord): Promise<boolean> {
    if (user.isTextOcrFeedbackSubmitted) return false;
    const day = utcDay();
    if (!(await this.usage.claimFeedbackBonus(user.id, day))) return false;
    await this.users.markTextOcrFeedbackSubmitted(user.id);
    await this.usage.grantExtra(user.id, day, FEEDBACK_BONUS, FREE_DAILY_EXTRACTIONS);
    return true;
  }
}
