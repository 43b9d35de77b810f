import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { BillingHistory, type Actor } from './schemas/billing-history.schema.js';

export type { Actor };

export type HistoryEntry = {
  userId: string;
  scope: 'main' | 'addon' | 'credits';
  action: string;
  ref: string;
  at: Date;
  by: Actor;
  outcome: string;
  detail?: Record<string, unknown>;
};

/** Append-only: entries are added, never changed or removed. */
@Injectable()
export class BillingHistoryRepository {
  constructor(@InjectModel(BillingHistory.name) private readonly history: Model<BillingHistory>) {}

  async append(entry: HistoryEntry): Promise<void> {
    await this.history.create({ detail: {}, ...entry });
  }

  async listForUser(
    userId: string,
    limit: number,
  ): Promise<(HistoryEntry & { createdAt: Date })[]> {
    return this.history
      .find({ userId: { $eq: userId } })
      .sort({ createdAt: -1 })
      .limit(limit)
      .lean<(HistoryEntry & { createdAt: Date })[]>()
      .exec();
  }
}
