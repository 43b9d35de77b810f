import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../../common/db/duplicate-key.js';
import { INSTANCE_ID } from '../../common/process/instance-id.js';
import { DailyUsage } from './schemas/daily-usage.schema.js';
import { FeedbackBonus } from './schemas/feedback-bonus.schema.js';
import { ExtractionRecord } from './schemas/extraction-record.schema.js';
import { ExtractionSlot } from './schemas/extraction-slot.schema.js';

/** A taken extraction, to give back if the work fails. */
export type Reservation = { id: string; userId: string; day: string; allowance: number };

export { INSTANCE_ID };

@Injectable()
export class UsageRepository {
  constructor(
    @InjectModel(DailyUsage.name) private readonly usage: Model<DailyUsage>,
    @InjectModel(ExtractionSlot.name) private readonly slots: Model<ExtractionSlot>,
    @InjectModel(ExtractionRecord.name) private readonly records: Model<ExtractionRecord>,
    @InjectModel(FeedbackBonus.name) private readonly bonuses: Model<FeedbackBonus>,
  ) {}

  /** True for the one call that claims the user's first-feedback bonus, false ever after. */
  async claimFeedbackBonus(userId: string, day: string): Promise<boolean> {
    await this.bonuses.init(); // the unique index must exist before the first claim
    try {
      await this.bonuses.create({ userId, day });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /**
   * Takes one of today's extractions, or answers null when none is left. Each extraction is a
   * numbered slot with a unique index, so of parallel requests for the last slot exactly one
   * insert succeeds (20 parallel requests with one left: one success), on any server.
   */
  async reserveExtraction(
    userId: string,
    day: string,
    dailyAllowance: number,
  ): Promise<Reservation | null> {
    await this.slots.init(); // the unique index must exist before the first insert
    const summary = await this.usage.findOne({ userId, day }).lean().exec();
    const allowance = dailyAllowance + (summary?.extra ?? 0);
    const taken = new Set(
      (await this.slots.find({ userId, day }, { slot: 1 }).lean().exec()).map((s) => s.slot),
    );
    let reservation: Reservation | null = null;
    for (let slot = 1; slot <= allowance && !reservation; slot++) {
      if (taken.has(slot)) continue;
      try {
        const doc = await this.slots.create({
          userId,
          day,
          slot,
          state: 'held',
          heldBy: INSTANCE_ID,
          heldAt: new Date(),
        });
        reservation = { id: doc._id.toString(), userId, day, allowance: dailyAllowance };
      } catch (error) {
        if (!isDuplicateKey(error)) throw error; // another request took it: try the next
      }
    }
    await this.summarise(userId, day, dailyAllowance);
    return reservation;
  }

  /** Gives back an extraction whose processing failed: failures do not count. */
  async refundExtraction(reservation: Reservation): Promise<void> {
    await this.slots.deleteOne({ _id: reservation.id }).exec();
    await this.summarise(reservation.userId, reservation.day, reservation.allowance);
  }

  /**
   * Closes a held slot (daily-slot-allowance.ts): `used` keeps it counted and no longer held, as
   * recordExtraction does; otherwise it is given back. Only a held slot changes, so a repeat of
   * either, or one after the other, changes nothing.
   */
  async closeSlot(slotId: string, used: boolean, dailyAllowance: number): Promise<void> {
    if (used) {
      await this.slots
        .updateOne(
          { _id: slotId, state: 'held' },
          { $set: { state: 'recorded' }, $unset: { heldBy: 1, heldAt: 1 } },
        )
        .exec();
      return;
    }
    const slot = await this.slots.findOneAndDelete({ _id: slotId, state: 'held' }).lean().exec();
    if (slot) await this.summarise(slot.userId, slot.day, dailyAllowance);
  }

  /** Writes the record of a finished extraction (its slot, if any, is closed apart). */
  async writeRecord(record: ExtractionRecord & { userId: string }): Promise<void> {
    await this.records.create(record);
  }

  /** Adds extractions for the day (the first text-OCR feedback grants 5). */
  async grantExtra(
    userId: string,
    day: string,
    count: number,
    dailyAllowance: number,
  ): Promise<void> {
    await this.upsertSummary(userId, day, { $inc: { extra: count } });
    await this.summarise(userId, day, dailyAllowance);
  }

  /** The day's allowance (the plan's plus any extra granted), what was taken and what is left. */
  async allowanceOn(
    userId: string,
    day: string,
    dailyAllowance: number,
  ): Promise<{ limit: number; used: number; remaining: number }> {
    const row = await this.usage.findOne({ userId, day }).lean().exec();
    const limit = dailyAllowance + (row?.extra ?? 0);
    const used = row?.used ?? 0;
    return { limit, used, remaining: row ? row.remaining : limit };
  }

  async usageOn(userId: string, day: string): Promise<{ used: number; remaining: number } | null> {
    const row = await this.usage.findOne({ userId, day }).lean().exec();
    return row ? { used: row.used, remaining: row.remaining } : null;
  }

  /**
   * Records a finished extraction; its slot, when it took one, stops being held (it can no longer
   * be given back at start). The slot is settled first: a process dying between the two leaves a
   * counted extraction without its usage record, never a second debit or a free one.
   */
  async recordExtraction(
    record: ExtractionRecord & { userId: string },
    reservation: Reservation | null,
  ): Promise<void> {
    if (reservation) {
      await this.slots
        .updateOne(
          { _id: reservation.id },
          { $set: { state: 'recorded' }, $unset: { heldBy: 1, heldAt: 1 } },
        )
        .exec();
    }
    await this.records.create(record);
  }

  /**
   * Gives back the slots still held by jobs taken before `heldBefore`: jobs that died with their
   * process, as no job runs that long. Answers how many were released.
   */
  async releaseAbandonedSlots(heldBefore: Date, dailyAllowance: number): Promise<number> {
    const abandoned = await this.slots
      .find({ state: 'held', heldAt: { $lt: heldBefore } }, { userId: 1, day: 1 })
      .lean()
      .exec();
    if (abandoned.length === 0) return 0;
    const { deletedCount } = await this.slots
      .deleteMany({ _id: { $in: abandoned.map((s) => s._id) }, state: 'held' })
      .exec();
    const days = new Map(abandoned.map((s) => [`${s.userId}\u0000${s.day}`, s]));
    for (const slot of days.values()) await this.summarise(slot.userId, slot.day, dailyAllowance);
    return deletedCount;
  }

  /** Recomputes the day's summary from the slots (for reading, never for deciding). */
  private async summarise(userId: string, day: string, dailyAllowance: number): Promise<void> {
    const used = await this.slots.countDocuments({ userId, day }).exec();
    const extra = (await this.usage.findOne({ userId, day }).lean().exec())?.extra ?? 0;
    await this.upsertSummary(userId, day, {
      $set: { used, remaining: Math.max(0, dailyAllowance + extra - used) },
    });
  }

  private async upsertSummary(userId: string, day: string, update: object): Promise<void> {
    const options = { upsert: true, setDefaultsOnInsert: false };
    try {
      await this.usage.updateOne({ userId, day }, update, options).exec();
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      await this.usage.updateOne({ userId, day }, update).exec(); // created meanwhile
    }
  }
}
