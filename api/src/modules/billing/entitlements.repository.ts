import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, mongo } from 'mongoose';
import { isDuplicateKey } from '../../common/db/duplicate-key.js';
import type { PlanScope, ScopeState, SeenRef, Term } from './entitlements.js';
import { NO_ENTITLEMENTS, type StoredEntitlements } from './entitlements-view.js';
import { Entitlement } from './schemas/entitlement.schema.js';

type Doc = Partial<Entitlement> & { userId: string };
type Docs = mongo.Collection<Doc>;

export type PlanStates = { rev: number; main: ScopeState; addon: ScopeState };
export type Balances = { month: string; defaultBalance: number; topUpBalance: number };

const SEEN_FIELD = { main: 'mainSeen', addon: 'addonSeen' } as const;

// FerretDB 1.x drops null and empty-array values written by an upsert's $setOnInsert: a missing
// field reads as empty.
const toStored = (doc: Doc | null): StoredEntitlements =>
  doc
    ? {
        main: doc.main ?? null,
        addon: doc.addon ?? null,
        topUpBalance: doc.topUpBalance ?? 0,
        defaultBalance: doc.defaultBalance ?? 0,
        balanceMonth: doc.balanceMonth ?? null,
      }
    : NO_ENTITLEMENTS;

/**
 * The entitlements collection. Plan changes are written only over the revision they were
 * computed from; credits move by conditional increments. Each is one single-document update:
 * FerretDB 1.x has no transactions.
 */
@Injectable()
export class EntitlementsRepository {
  private readonly docs: Docs;

  constructor(@InjectModel(Entitlement.name) entitlements: Model<Entitlement>) {
    this.docs = entitlements.collection as unknown as Docs;
  }

  /**
   * What one person holds: one findOne on the unique userId index, without the history kept
   * for ordering changes. Through the driver: it runs on every signed-in request.
   */
  async find(userId: string): Promise<StoredEntitlements> {
    const doc = await this.docs.findOne(
      { userId: { $eq: userId } },
      {
        projection: {
          main: 1,
          addon: 1,
          topUpBalance: 1,
          defaultBalance: 1,
          balanceMonth: 1,
          userId: 1,
        },
      },
    );
    return toStored(doc);
  }

  /** The plans with what is known of each source, and the revision to write over. */
  async findPlanStates(userId: string): Promise<PlanStates | null> {
    const doc = await this.docs.findOne(
      { userId: { $eq: userId } },
      { projection: { rev: 1, main: 1, mainSeen: 1, addon: 1, addonSeen: 1, userId: 1 } },
    );
    if (!doc) return null;
    return {
      rev: doc.rev ?? 0,
      main: { current: doc.main ?? null, seen: doc.mainSeen ?? [] },
      addon: { current: doc.addon ?? null, seen: doc.addonSeen ?? [] },
    };
  }

  async findBalances(userId: string): Promise<(Balances & { addon: Term | null }) | null> {
    const doc = await this.docs.findOne(
      { userId: { $eq: userId } },
      { projection: { addon: 1, topUpBalance: 1, defaultBalance: 1, balanceMonth: 1, userId: 1 } },
    );
    if (!doc) return null;
    return {
      month: doc.balanceMonth ?? '',
      defaultBalance: doc.defaultBalance ?? 0,
      topUpBalance: doc.topUpBalance ?? 0,
      addon: doc.addon ?? null,
    };
  }

  /** Creates the person's document if there is none (free, this month's free credits). */
  async ensure(userId: string, month: string, freeCredits: number): Promise<void> {
    try {
      await this.docs.updateOne(
        { userId: { $eq: userId } },
        {
          $setOnInsert: {
            userId,
            rev: 0,
            topUpBalance: 0,
            defaultBalance: freeCredits,
            balanceMonth: month,
          },
        },
        { upsert: true },
      );
    } catch (error) {
      // Two first writes at once: the other created it.
      if (!isDuplicateKey(error)) throw error;
    }
  }

  /** Writes one scope's new state if nothing changed it since `rev` was read. */
  async writePlanState(
    userId: string,
    rev: number,
    scope: PlanScope,
    state: ScopeState,
  ): Promise<boolean> {
    const seen: SeenRef[] = state.seen;
    const result = await this.docs.updateOne(
      { userId: { $eq: userId }, rev: { $eq: rev } },
      { $set: { [scope]: state.current, [SEEN_FIELD[scope]]: seen, rev: rev + 1 } },
    );
    return result.modifiedCount === 1;
  }

  /** Takes `credits` from this month's allowance when it holds that many. */
  async spendFromDefault(userId: string, month: string, credits: number): Promise<boolean> {
    const result = await this.docs.updateOne(
      { userId: { $eq: userId }, balanceMonth: { $eq: month }, defaultBalance: { $gte: credits } },
      { $inc: { defaultBalance: -credits } },
    );
    return result.modifiedCount === 1;
  }

  /** Moves both balances from exactly `from` to `to` (a month change included), or nothing. */
  async moveBalances(userId: string, from: Balances, to: Balances): Promise<boolean> {
    const result = await this.docs.updateOne(
      {
        userId: { $eq: userId },
        balanceMonth: { $eq: from.month },
        defaultBalance: { $eq: from.defaultBalance },
        topUpBalance: { $eq: from.topUpBalance },
      },
      {
        $set: {
          balanceMonth: to.month,
          defaultBalance: to.defaultBalance,
          topUpBalance: to.topUpBalance,
        },
      },
    );
    return result.modifiedCount === 1;
  }

  /** Adds bought credits once per order: the order id is checked and kept in the same update. */
  async creditTopUp(userId: string, orderRef: string, credits: number): Promise<boolean> {
    const result = await this.docs.updateOne(
      { userId: { $eq: userId }, appliedOrders: { $ne: orderRef } },
      { $inc: { topUpBalance: credits }, $push: { appliedOrders: orderRef } },
    );
    return result.modifiedCount === 1;
  }

  /** Sets this month's allowance to a new add-on subscription's credits, once per subscription. */
  async giveAllowance(
    userId: string,
    subscriptionRef: string,
    month: string,
    allowance: number,
  ): Promise<boolean> {
    const result = await this.docs.updateOne(
      { userId: { $eq: userId }, allowanceRefs: { $ne: subscriptionRef } },
      {
        $set: { defaultBalance: allowance, balanceMonth: month },
        $push: { allowanceRefs: subscriptionRef },
      },
    );
    return result.modifiedCount === 1;
  }

  /**
   * The start-up migration's write: the person's plans and balances as their user document held
   * them, unless they have already been migrated. Answers whether it wrote.
   */
  async importLegacy(
    userId: string,
    data: {
      main: Term | null;
      addon: Term | null;
      topUpBalance: number;
      defaultBalance: number;
      balanceMonth: string;
      migratedFrom: Record<string, unknown>;
    },
  ): Promise<boolean> {
    const seen = (term: Term | null): SeenRef[] =>
      term
        ? [
            {
              ref: term.ref,
              at: term.at,
              status: term.cancelled ? 'cancelled' : 'active',
              end: term.end,
            },
          ]
        : [];
    const fields = {
      main: data.main,
      mainSeen: seen(data.main),
      addon: data.addon,
      addonSeen: seen(data.addon),
      topUpBalance: data.topUpBalance,
      defaultBalance: data.defaultBalance,
      balanceMonth: data.balanceMonth,
      migratedFrom: data.migratedFrom,
    };
    try {
      const result = await this.docs.updateOne(
        { userId: { $eq: userId }, migratedFrom: { $exists: false } },
        { $set: fields, $setOnInsert: { userId }, $inc: { rev: 1 } },
        { upsert: true },
      );
      return result.modifiedCount === 1 || result.upsertedCount === 1;
    } catch (error) {
      // Already migrated (the filter missed the existing document, the upsert hit the index).
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}
