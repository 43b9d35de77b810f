import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../../common/db/duplicate-key.js';
import { ProviderSubscription } from './schemas/provider-subscription.schema.js';

export type SubscriptionRow = {
  provider: string;
  subscriptionId: string;
  userId: string;
  scope: 'main' | 'addon';
  product: string;
  status: string;
  renewsAt: Date | null;
  endsAt: Date | null;
  providerUpdatedAt: Date;
  orderId: string | null;
  customerEmail: string | null;
};

const eq = <T>(value: T) => ({ $eq: value });

@Injectable()
export class ProviderSubscriptionsRepository {
  constructor(
    @InjectModel(ProviderSubscription.name)
    private readonly subscriptions: Model<ProviderSubscription>,
  ) {}

  find(provider: string, subscriptionId: string): Promise<SubscriptionRow | null> {
    return this.subscriptions
      .findOne({ provider: eq(provider), subscriptionId: eq(subscriptionId) })
      .lean<SubscriptionRow>()
      .exec();
  }

  findByOrder(provider: string, orderId: string): Promise<SubscriptionRow | null> {
    return this.subscriptions
      .findOne({ provider: eq(provider), orderId: eq(orderId) })
      .lean<SubscriptionRow>()
      .exec();
  }

  /** The person's newest subscription of a scope (main plan or add-on). */
  latestFor(
    provider: string,
    userId: string,
    scope: 'main' | 'addon',
  ): Promise<SubscriptionRow | null> {
    return this.subscriptions
      .findOne({ provider: eq(provider), userId: eq(userId), scope: eq(scope) })
      .sort({ providerUpdatedAt: -1 })
      .lean<SubscriptionRow>()
      .exec();
  }

  /** The person's subscriptions of a scope in any of these states. */
  inStates(
    provider: string,
    userId: string,
    scope: 'main' | 'addon',
    states: readonly string[],
  ): Promise<SubscriptionRow[]> {
    return this.subscriptions
      .find({
        provider: eq(provider),
        userId: eq(userId),
        scope: eq(scope),
        status: { $in: [...states] },
      })
      .lean<SubscriptionRow[]>()
      .exec();
  }

  listFor(userId: string, limit: number): Promise<SubscriptionRow[]> {
    return this.subscriptions
      .find({ userId: eq(userId) })
      .sort({ providerUpdatedAt: -1 })
      .limit(limit)
      .lean<SubscriptionRow[]>()
      .exec();
  }

  listIds(provider: string, limit: number): Promise<string[]> {
    return this.subscriptions
      .find({ provider: eq(provider), status: { $nin: ['expired'] } })
      .sort({ updatedAt: 1 })
      .limit(limit)
      .lean<SubscriptionRow[]>()
      .exec()
      .then((rows) => rows.map((row) => row.subscriptionId));
  }

  /**
   * Keeps the newest state: the first sighting inserts (unique provider + id); a later one replaces
   * it only when its provider time is newer. False: an equal or newer state was stored already.
   */
  async save(row: SubscriptionRow): Promise<boolean> {
    try {
      await this.subscriptions.create(row);
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const result = await this.subscriptions
      .updateOne(
        {
          provider: eq(row.provider),
          subscriptionId: eq(row.subscriptionId),
          providerUpdatedAt: { $lt: row.providerUpdatedAt },
        },
        { $set: row },
      )
      .exec();
    return result.modifiedCount > 0;
  }
}
