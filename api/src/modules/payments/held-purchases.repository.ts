import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Currency } from 'contracts';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../../common/db/duplicate-key.js';
import { HeldPurchase, type HeldStatus } from './schemas/held-purchase.schema.js';

export type HeldRow = {
  provider: string;
  orderId: string;
  subscriptionId: string | null;
  email: string;
  product: string;
  amountMinor: number | null;
  currency: Currency | null;
  purchasedAt: Date;
  reason: string;
  status: HeldStatus;
  claimedBy: string | null;
  claimedAt: Date | null;
  createdAt: Date;
};

/** What an event tells of an unbound purchase: its order, maybe its subscription and amount. */
export type HeldSighting = Pick<
  HeldRow,
  'provider' | 'orderId' | 'email' | 'product' | 'purchasedAt' | 'reason'
> &
  Partial<Pick<HeldRow, 'subscriptionId' | 'amountMinor' | 'currency'>>;

const eq = <T>(value: T) => ({ $eq: value });

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

@Injectable()
export class HeldPurchasesRepository {
  constructor(@InjectModel(HeldPurchase.name) private readonly held: Model<HeldPurchase>) {}

  /**
   * Records an unbound purchase once per order (however many of its events arrive, in any
   * order); later sightings only add what was missing (the subscription id, the amount). True:
   * first seen now.
   */
  async hold(sighting: HeldSighting): Promise<boolean> {
    const key = { provider: eq(sighting.provider), orderId: eq(sighting.orderId) };
    const { subscriptionId, amountMinor, currency, ...base } = sighting;
    const doc = {
      ...base,
      email: normaliseEmail(base.email),
      subscriptionId: subscriptionId ?? null,
      amountMinor: amountMinor ?? null,
      currency: currency ?? null,
      status: 'held' as const,
      claimedBy: null,
      claimedAt: null,
    };
    const known = await this.held.findOne(key).lean<HeldRow>().exec();
    if (!known) {
      try {
        await this.held.create(doc);
        return true;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    } else if (
      (!subscriptionId || known.subscriptionId) &&
      (amountMinor === undefined || known.amountMinor !== null)
    ) {
      return false; // Nothing new: reconciliation sees it again on every pass.
    }
    if (subscriptionId) {
      await this.held.updateOne({ ...key, subscriptionId: null }, { $set: { subscriptionId } });
    }
    if (amountMinor !== undefined && currency) {
      await this.held.updateOne({ ...key, amountMinor: null }, { $set: { amountMinor, currency } });
    }
    return false;
  }

  find(provider: string, orderId: string): Promise<HeldRow | null> {
    return this.held
      .findOne({ provider: eq(provider), orderId: eq(orderId) })
      .lean<HeldRow>()
      .exec();
  }

  /** Every purchase held for this checkout email, newest first (claimed and refunded ones too). */
  listForEmail(email: string, limit: number): Promise<HeldRow[]> {
    return this.held
      .find({ email: eq(normaliseEmail(email)) })
      .sort({ createdAt: -1 })
      .limit(limit)
      .lean<HeldRow[]>()
      .exec();
  }

  /**
   * The one atomic step of a claim: a held purchase becomes this person's. True also when it is
   * theirs already (a repeated claim); false when it is refunded or someone else's.
   */
  async markClaimed(provider: string, orderId: string, userId: string): Promise<boolean> {
    const key = { provider: eq(provider), orderId: eq(orderId) };
    const result = await this.held
      .updateOne(
        { ...key, status: eq('held') },
        { $set: { status: 'claimed', claimedBy: userId, claimedAt: new Date() } },
      )
      .exec();
    if (result.modifiedCount > 0) return true;
    const row = await this.held.findOne(key).lean<HeldRow>().exec();
    return row?.status === 'claimed' && row.claimedBy === userId;
  }

  /** A claim that could not be applied (the provider did not answer): held again, to retry. */
  async releaseClaim(provider: string, orderId: string, userId: string): Promise<void> {
    await this.held
      .updateOne(
        {
          provider: eq(provider),
          orderId: eq(orderId),
          status: eq('claimed'),
          claimedBy: eq(userId),
        },
        { $set: { status: 'held' }, $unset: { claimedBy: '', claimedAt: '' } },
      )
      .exec();
  }

  /** The provider refunded it: no longer claimable. True when it was held here. */
  async markRefunded(provider: string, orderId: string): Promise<boolean> {
    const result = await this.held
      .updateOne(
        { provider: eq(provider), orderId: eq(orderId), status: eq('held') },
        { $set: { status: 'refunded' } },
      )
      .exec();
    return result.matchedCount > 0;
  }
}
