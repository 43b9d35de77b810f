import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { DailyUsage } from './schemas/daily-usage.schema.js';
import { ExtractionRecord } from './schemas/extraction-record.schema.js';

const isDuplicateKey = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;

@Injectable()
export class UsageRepository {
  constructor(
    @InjectModel(DailyUsage.name) private readonly usage: Model<DailyUsage>,
    @InjectModel(ExtractionRecord.name) private readonly records: Model<ExtractionRecord>,
  ) {}

  /**
   * Takes one of today's extractions, atomically: a single conditional update, so 20 parallel
   * requests with one left give exactly one success. The day's row is created on first use.
   */
  async reserveExtraction(userId: string, day: string, dailyAllowance: number): Promise<boolean> {
    if (await this.takeOne(userId, day)) return true;
    try {
      await this.usage.create({ userId, day, used: 1, remaining: dailyAllowance - 1 });
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      return this.takeOne(userId, day); // another request created the row first
    }
  }

  /** Gives back an extraction whose processing failed: failures do not count. */
  async refundExtraction(userId: string, day: string): Promise<void> {
    await this.usage.updateOne({ userId, day }, { $inc: { remaining: 1, used: -1 } }).exec();
  }

  /** Adds extractions for the day (the first text-OCR feedback grants 5). */
  async grantExtra(
    userId: string,
    day: string,
    count: number,
    dailyAllowance: number,
  ): Promise<void> {
    const updated = await this.usage
      .updateOne({ userId, day }, { $inc: { remaining: count } })
      .exec();
    if (updated.matchedCount > 0) return;
    try {
      await this.usage.create({ userId, day, used: 0, remaining: dailyAllowance + count });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      await this.usage.updateOne({ userId, day }, { $inc: { remaining: count } }).exec();
    }
  }

  async usageOn(userId: string, day: string): Promise<{ used: number; remaining: number } | null> {
    const row = await this.usage.findOne({ userId, day }).lean().exec();
    return row ? { used: row.used, remaining: row.remaining } : null;
  }

  async recordExtraction(record: ExtractionRecord & { userId: string }): Promise<void> {
    await this.records.create(record);
  }

  private async takeOne(userId: string, day: string): Promise<boolean> {
    const row = await this.usage
      .findOneAndUpdate(
        { userId, day, remaining: { $gt: 0 } },
        { $inc: { remaining: -1, used: 1 } },
        { returnDocument: 'after' },
      )
      .lean()
      .exec();
    return row !== null;
  }
}
