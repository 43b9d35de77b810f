import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, mongo } from 'mongoose';
import { isDuplicateKey } from '../../common/db/duplicate-key.js';
import type { SeenRef } from './entitlements.js';
import { NO_ENTITLEMENTS, type StoredEntitlements } from './entitlements-view.js';
import { Entitlement } from './schemas/entitlement.schema.js';

/** One revision of a person's entitlements: everything billing knows of them at that point. */
export type Snapshot = StoredEntitlements & {
  rev: number;
  mainSeen: SeenRef[];
  addonSeen: SeenRef[];
  appliedOrders: string[];
  allowanceRefs: string[];
  migratedFrom: Record<string, unknown> | null;
};

type Doc = Partial<Entitlement> & { userId: string };
type Docs = mongo.Collection<Doc>;

/** The state of a person nothing was ever written for: free, this month's free credits. */
export const firstSnapshot = (month: string, freeCredits: number): Snapshot => ({
  ...NO_ENTITLEMENTS,
  rev: 0,
  defaultBalance: freeCredits,
  balanceMonth: month,
  mainSeen: [],
  addonSeen: [],
  appliedOrders: [],
  allowanceRefs: [],
  migratedFrom: null,
});

// FerretDB 1.x may drop null and empty-array values: a missing field reads as empty.
const toSnapshot = (doc: Doc): Snapshot => ({
  rev: doc.rev ?? 0,
  main: doc.main ?? null,
  addon: doc.addon ?? null,
  topUpBalance: doc.topUpBalance ?? 0,
  defaultBalance: doc.defaultBalance ?? 0,
  balanceMonth: doc.balanceMonth ?? null,
  mainSeen: doc.mainSeen ?? [],
  addonSeen: doc.addonSeen ?? [],
  appliedOrders: doc.appliedOrders ?? [],
  allowanceRefs: doc.allowanceRefs ?? [],
  migratedFrom: doc.migratedFrom ?? null,
});

const NEWEST = { sort: { rev: -1 } } as const;
// Revisions kept behind the newest; older ones are removed once they are an hour old (a writer
// still holding one that old would find its successor taken and read again anyway).
const REVISIONS_KEPT = 20;
const PRUNE_AFTER_MS = 3600_000;
// Each lost race means another change of this person was written first; the bound only guards
// against a bug.
const MAX_WRITE_ATTEMPTS = 100;

/**
 * The entitlements collection: per person, numbered revisions, the newest being the state.
 * FerretDB 1.x applies a conditional update as a read then a write, so two of them can both
 * pass their condition; an insert against a unique index cannot. A change is therefore computed
 * from the newest revision and written as the next number: of writers racing from the same
 * revision exactly one inserts, the others read again and recompute.
 */
@Injectable()
export class EntitlementsRepository {
  private readonly docs: Docs;
  private indexReady: Promise<unknown> | null = null;

  constructor(@InjectModel(Entitlement.name) private readonly model: Model<Entitlement>) {
    this.docs = model.collection as unknown as Docs;
  }

  /**
   * What one person holds now: one findOne on the (userId, rev) index, without the lists kept
   * for ordering and idempotency. Through the driver: it runs on every signed-in request.
   */
  async find(userId: string): Promise<StoredEntitlements> {
    const doc = await this.docs.findOne(
      { userId: { $eq: userId } },
      {
        ...NEWEST,
        projection: {
          userId: 1,
          main: 1,
          addon: 1,
          topUpBalance: 1,
          defaultBalance: 1,
          balanceMonth: 1,
        },
      },
    );
    return doc ? toSnapshot(doc) : NO_ENTITLEMENTS;
  }

  /** The newest revision in full, or null when nothing was ever written for the person. */
  async latest(userId: string): Promise<Snapshot | null> {
    const doc = await this.docs.findOne({ userId: { $eq: userId } }, NEWEST);
    return doc ? toSnapshot(doc) : null;
  }

  /**
   * Computes the next state from the newest one (or `initial`) and writes it as the next
   * revision; `change` answers null for 'nothing to write'. Answers the change's result.
   */
  async change<R>(
    userId: string,
    initial: Snapshot,
    change: (current: Snapshot) => { next: Snapshot | null; result: R },
  ): Promise<R> {
    await (this.indexReady ??= this.model.init());
    for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt += 1) {
      const current = (await this.latest(userId)) ?? initial;
      const { next, result } = change(current);
      if (!next) return result;
      const rev = current.rev + 1;
      try {
        await this.docs.insertOne({ ...next, userId, rev, createdAt: new Date() } as Doc);
      } catch (error) {
        if (isDuplicateKey(error)) continue; // another change took this number: read again
        throw error;
      }
      if (rev > REVISIONS_KEPT) await this.prune(userId, rev - REVISIONS_KEPT);
      return result;
    }
    throw new Error(`entitlements of ${userId}: ${String(MAX_WRITE_ATTEMPTS)} writes lost`);
  }

  private async prune(userId: string, belowRev: number): Promise<void> {
    await this.docs.deleteMany({
      userId: { $eq: userId },
      rev: { $lt: belowRev },
      createdAt: { $lt: new Date(Date.now() - PRUNE_AFTER_MS) },
    });
  }
}
