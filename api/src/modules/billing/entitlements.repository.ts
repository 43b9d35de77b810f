import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, mongo } from 'mongoose';
import { BatchedReads } from '../../common/db/batched-reads.js';
import { isDuplicateKey } from '../../common/db/duplicate-key.js';
import type { CreditHold, SeenRef } from './entitlements.js';
import { NO_ENTITLEMENTS, type StoredEntitlements } from './entitlements-view.js';
import { Entitlement } from './schemas/entitlement.schema.js';

/** One revision of a person's entitlements: everything billing knows of them at that point. */
export type Snapshot = StoredEntitlements & {
  rev: number;
  mainSeen: SeenRef[];
  addonSeen: SeenRef[];
  appliedOrders: string[];
  allowanceRefs: string[];
  /** Credits reserved for work still running (credits.service.ts, the allowance shape). */
  creditHolds: CreditHold[];
  /** The refs of the latest holds closed, so a late repeat of one reopens nothing. */
  closedHolds: string[];
  migratedFrom: Record<string, unknown> | null;
};

type Doc = Partial<Entitlement> & { _id?: string; userId: string; createdAt?: Date };
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
  creditHolds: [],
  closedHolds: [],
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
  creditHolds: doc.creditHolds ?? [],
  closedHolds: doc.closedHolds ?? [],
  migratedFrom: doc.migratedFrom ?? null,
});

// Revisions kept behind the newest: a change is computed and written within milliseconds, so a
// writer twenty revisions behind cannot exist; older ones are removed as new ones are written.
const REVISIONS_KEPT = 20;
// Each lost race means another change of this person was written first; the bound only guards
// against a bug.
const MAX_WRITE_ATTEMPTS = 100;

const CURRENT_FIELDS = {
  userId: 1,
  rev: 1,
  main: 1,
  addon: 1,
  topUpBalance: 1,
  defaultBalance: 1,
  balanceMonth: 1,
} as const;

const revisionId = (userId: string, rev: number): string => `${userId}#${String(rev)}`;

/**
 * The entitlements: per person, one current document (`_id` = the user's id) and numbered
 * revisions in `entitlement_revisions` (`_id` = `<userId>#<rev>`). Every read is by `_id`:
 * FerretDB (the embedded default) answers `_id` lookups from its primary key but scans the whole
 * collection for any other filter, and sorts in memory (a findOne by userId sorted by revision
 * took 1.1 s among 50,000 people, against 0.9 ms by `_id`).
 *
 * Writes: FerretDB 1.x applies a conditional update as a read then a write, so two of them can
 * both pass their condition; an insert of an `_id` cannot. A change is therefore computed from
 * the current revision and claimed by inserting the next revision's `_id`: of writers racing from
 * one revision exactly one inserts, the others read again and recompute. The winner then copies
 * its revision into the current document. A writer that died between the two leaves a revision
 * ahead of the current document: the next change of that person finds it and rolls it forward.
 */
@Injectable()
export class EntitlementsRepository {
  private readonly current: Docs;
  private readonly revisions: Docs;
  /** Every signed-in request reads its person's entitlements: concurrent reads are batched. */
  private readonly reads: BatchedReads<StoredEntitlements>;

  constructor(@InjectModel(Entitlement.name) model: Model<Entitlement>) {
    this.current = model.collection as unknown as Docs;
    this.revisions = model.db.collection<Doc>('entitlement_revisions');
    this.reads = new BatchedReads<StoredEntitlements>(async (userIds) => {
      const docs = await Promise.all(
        userIds.map((userId) =>
          this.current.findOne({ _id: { $eq: userId } }, { projection: CURRENT_FIELDS }),
        ),
      );
      return new Map(docs.flatMap((doc) => (doc ? [[doc.userId, toSnapshot(doc)]] : [])));
    });
  }

  /**
   * What one person holds now: one read by `_id`, without the lists kept for ordering and
   * idempotency. Through the driver, batched: it runs on every signed-in request.
   */
  async find(userId: string): Promise<StoredEntitlements> {
    return (await this.reads.load(userId)) ?? NO_ENTITLEMENTS;
  }

  /**
   * The newest revision in full, or null when nothing was ever written for the person. A
   * revision claimed but not yet copied into the current document is rolled forward first.
   */
  async latest(userId: string): Promise<Snapshot | null> {
    let doc = await this.current.findOne({ _id: { $eq: userId } });
    for (;;) {
      const ahead = await this.revisions.findOne({
        _id: { $eq: revisionId(userId, (doc?.rev ?? 0) + 1) },
      });
      if (!ahead) return doc ? toSnapshot(doc) : null;
      await this.publish(userId, ahead);
      doc = ahead;
    }
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
    for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt += 1) {
      const current = (await this.latest(userId)) ?? initial;
      const { next, result } = change(current);
      if (!next) return result;
      const rev = current.rev + 1;
      const revision = { ...next, userId, rev, createdAt: new Date() } as Doc;
      try {
        await this.revisions.insertOne({ ...revision, _id: revisionId(userId, rev) });
      } catch (error) {
        if (isDuplicateKey(error)) continue; // another change took this number: read again
        throw error;
      }
      await this.publish(userId, revision);
      if (rev > REVISIONS_KEPT) {
        await this.revisions.deleteOne({ _id: { $eq: revisionId(userId, rev - REVISIONS_KEPT) } });
      }
      return result;
    }
    throw new Error(`entitlements of ${userId}: ${String(MAX_WRITE_ATTEMPTS)} writes lost`);
  }

  /** Makes a claimed revision the current document, unless a newer one already is. */
  private async publish(userId: string, revision: Doc): Promise<void> {
    const { _id: _ignored, ...state } = revision;
    try {
      await this.current.replaceOne(
        { _id: userId, rev: { $lt: revision.rev ?? 0 } },
        { ...state, userId },
        { upsert: true },
      );
    } catch (error) {
      // The current document is already at this revision or a newer one: nothing to do.
      if (!isDuplicateKey(error)) throw error;
    }
  }
}
