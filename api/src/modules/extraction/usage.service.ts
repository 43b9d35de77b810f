import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { SignedInUser } from '../auth/auth.types.js';
import type { UserRecord } from '../users/users.service.js';
import { UsersService } from '../users/users.service.js';
import { UsageRepository, type Reservation } from './usage.repository.js';
import type { ExtractionRecord } from './schemas/extraction-record.schema.js';
import { EXTRACTION_ENGINE } from './engine.provider.js';
import type { ExtractionEngine } from './engine/index.js';

/** Free extractions per UTC day (spec §6). */
export const FREE_DAILY_EXTRACTIONS = 5;
/** Extra extractions for the day granted by a user's first text-OCR feedback (spec §6). */
export const FEEDBACK_BONUS = 5;

const utcDay = (now = new Date()): string => now.toISOString().slice(0, 10);

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

  /** Takes one of today's extractions: null for premium (nothing to take), or 'limit-reached'. */
  async reserve(user: SignedInUser): Promise<Reservation | null | 'limit-reached'> {
    if (user.isPremium) return null;
    const reservation = await this.usage.reserveExtraction(
      user.id,
      utcDay(),
      FREE_DAILY_EXTRACTIONS,
    );
    return reservation ?? 'limit-reached';
  }

  /** Gives back an extraction whose processing failed: failures do not count. */
  async refund(reservation: Reservation | null): Promise<void> {
    if (reservation) await this.usage.refundExtraction(reservation);
  }

  /** Records a finished extraction and settles its slot (no longer held). */
  async record(
    user: SignedInUser,
    reservation: Reservation | null,
    record: Omit<ExtractionRecord, 'userId'>,
  ): Promise<void> {
    await this.usage.recordExtraction({ ...record, userId: user.id }, reservation);
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
