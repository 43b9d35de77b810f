import { Inject, Injectable } from '@nestjs/common';
import { PLAN_TYPES, PLAN_VALIDITY_DAYS, type PlanType } from 'contracts';
import { BILLING_CONFIG } from '../../config/app-config.js';
import type { BillingConfig } from '../../config/billing-catalogue.js';
import { billingErrors } from './billing.errors.js';
import { BillingHistoryRepository, type Actor } from './billing-history.repository.js';
import {
  addDays,
  applyChange,
  isEffective,
  monthOf,
  type BillingMode,
  type ChangeOutcome,
  type PlanChange,
  type PlanScope,
  type ScopeState,
} from './entitlements.js';
import { EntitlementsRepository, firstSnapshot, type Snapshot } from './entitlements.repository.js';
import { currentDefaultBalance, type AllowanceRule } from './entitlements-view.js';

/** Which person, which of their plans, and the provider's payment or subscription behind it. */
export type PlanSource = {
  userId: string;
  scope: PlanScope;
  /** e.g. 'razorpay', 'paypal', 'lemonsqueezy'. */
  provider: string;
  /** The provider's payment id (a pass) or subscription id (a subscription). */
  id: string;
  /** When the provider says the change happened: older changes than the stored one are ignored. */
  at: Date;
};

export type GrantInput = PlanSource & {
  /** main: 'Pro Weekly' | 'Pro Monthly' | 'Pro Yearly' | 'Lifetime'; addon: 'sub100' | 'sub500' | 'sub1000'. */
  plan: string;
  /** 'pass' for card and wallet purchases, 'subscription' for the hosted overlay. */
  mode: BillingMode;
  /** Default: `at`. */
  start?: Date;
  /** Default: start + the plan's validity (7, 30, 365 days; Lifetime: never; add-on: 30 days). */
  end?: Date | null;
  trial?: boolean;
};

const ADDON_VALIDITY_DAYS = 30;

const isPaidPlanType = (plan: string): plan is Exclude<PlanType, 'Free user'> =>
  plan !== 'Free user' && (PLAN_TYPES as readonly string[]).includes(plan);

/**
 * The one place plans change: grant, renew, cancel, resume, expire and refund (the payment
 * providers' events), and support's grant and revoke. Each is an idempotent state set keyed by
 * the provider's payment or subscription id and ordered by the provider's time (entitlements.ts);
 * each is recorded in the billing history with who asked and what it did.
 */
@Injectable()
export class EntitlementsService {
  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly repository: EntitlementsRepository,
    private readonly history: BillingHistoryRepository,
  ) {}

  grant(input: GrantInput, by: Actor = providerActor(input)): Promise<ChangeOutcome> {
    const start = input.start ?? input.at;
    return this.apply(input, by, {
      kind: 'grant',
      ref: refOf(input),
      at: input.at,
      plan: this.checkPlan(input.scope, input.plan),
      mode: input.mode,
      start,
      end: input.end !== undefined ? input.end : this.defaultEnd(input.scope, input.plan, start),
      trial: input.trial ?? false,
      ...(input.scope === 'addon' ? { smallerThan: this.largerThan(input.plan) } : {}),
    });
  }

  /**
   * The `provider:id` behind the plan a person holds now in a scope, or null (free, or its end
   * has passed).
   */
  async currentRef(userId: string, scope: PlanScope): Promise<string | null> {
    const stored = await this.repository.latest(userId);
    const term = scope === 'main' ? stored?.main : stored?.addon;
    return isEffective(term ?? null, new Date()) ? (term?.ref ?? null) : null;
  }

  /** A subscription was paid for another period, until `end`. */
  renew(
    input: PlanSource & { end: Date },
    by: Actor = providerActor(input),
  ): Promise<ChangeOutcome> {
    return this.apply(input, by, {
      kind: 'renew',
      ref: refOf(input),
      at: input.at,
      end: input.end,
    });
  }

  /** A subscription stops renewing; access lasts until `end` (default: the paid period's end). */
  cancel(
    input: PlanSource & { end?: Date | null },
    by: Actor = providerActor(input),
  ): Promise<ChangeOutcome> {
    return this.apply(input, by, {
      kind: 'cancel',
      ref: refOf(input),
      at: input.at,
      ...(input.end !== undefined ? { end: input.end } : {}),
    });
  }

  resume(input: PlanSource, by: Actor = providerActor(input)): Promise<ChangeOutcome> {
    return this.apply(input, by, { kind: 'resume', ref: refOf(input), at: input.at });
  }

  /** The plan ends now (the provider says it expired). */
  expire(input: PlanSource, by: Actor = providerActor(input)): Promise<ChangeOutcome> {
    return this.apply(input, by, { kind: 'expire', ref: refOf(input), at: input.at });
  }

  /**
   * The payment was refunded: the plan ends now and this source never grants again.
   * `input.seenBefore: 'unrecorded'`: a reconciliation pass, which lists the provider's refunds
   * every interval: a refund applied before ('duplicate') is not added to the billing history
   * again (each pass added one per refunded subscription, until support's report of a person's
   * last changes showed nothing else). A webhook's repeat still is: each delivery is an event.
   */
  refund(
    input: PlanSource & { seenBefore?: 'recorded' | 'unrecorded' },
    by: Actor = providerActor(input),
  ): Promise<ChangeOutcome> {
    return this.apply(
      input,
      by,
      { kind: 'refund', ref: refOf(input), at: input.at },
      { recordDuplicate: input.seenBefore !== 'unrecorded' },
    );
  }

  /**
   * Support's manual plan (a refund made good, a verification that failed): replaces the current
   * main plan. `until` default: the plan's validity from now.
   */
  supportGrant(
    userId: string,
    plan: PlanType,
    options: { until?: Date; trial?: boolean; operationId: string },
    by: Actor,
  ): Promise<ChangeOutcome> {
    const now = new Date();
    const checked = this.checkPlan('main', plan);
    return this.apply({ userId, scope: 'main' }, by, {
      kind: 'grant',
      ref: `support:${options.operationId}`,
      at: now,
      plan: checked,
      mode: 'manual',
      start: now,
      end: options.until ?? this.defaultEnd('main', checked, now),
      trial: options.trial ?? false,
      override: true,
    });
  }

  /** Support: back to the free plan, whatever the current plan's source. */
  supportRevoke(userId: string, operationId: string, by: Actor): Promise<ChangeOutcome> {
    return this.apply({ userId, scope: 'main' }, by, {
      kind: 'revoke',
      ref: `support:${operationId}`,
      at: new Date(),
    });
  }

  private async apply(
    target: { userId: string; scope: PlanScope },
    by: Actor,
    change: PlanChange,
    { recordDuplicate = true }: { recordDuplicate?: boolean } = {},
  ): Promise<ChangeOutcome> {
    const { userId, scope } = target;
    const now = new Date();
    const initial = firstSnapshot(monthOf(now), this.config.freeAddonCreditsPerMonth);
    const { outcome, takenBack } = await this.repository.change<{
      outcome: ChangeOutcome;
      /** Credits of the month's allowance a refunded add-on subscription took back. */
      takenBack: number | null;
    }>(userId, initial, (current) => {
      const before: ScopeState =
        scope === 'main'
          ? { current: current.main, seen: current.mainSeen }
          : { current: current.addon, seen: current.addonSeen };
      const { state, outcome } = applyChange(before, change, now);
      if (state === before) return { next: null, result: { outcome, takenBack: null } };
      let next: Snapshot =
        scope === 'main'
          ? { ...current, main: state.current, mainSeen: state.seen }
          : { ...current, addon: state.current, addonSeen: state.seen };
      // A refunded (or charged-back) add-on subscription takes back its month's allowance as a
      // refunded top-up takes back its credits: as many as are left, once (the refund of a
      // source applies once); an add-on it no longer gave the allowance of keeps it.
      if (
        scope === 'addon' &&
        change.kind === 'refund' &&
        outcome === 'applied' &&
        current.allowanceRefs.includes(change.ref)
      ) {
        const balance = currentDefaultBalance(current, now, this.allowanceRule);
        const credits = this.creditsOf(before.current?.plan ?? '') ?? 0;
        const taken = Math.min(balance, credits);
        return {
          next: { ...next, defaultBalance: balance - taken, balanceMonth: monthOf(now) },
          result: { outcome, takenBack: taken },
        };
      }
      // A new add-on subscription gives its month's credits at once, once per subscription.
      if (
        scope === 'addon' &&
        outcome === 'applied' &&
        change.kind === 'grant' &&
        isEffective(state.current, now) &&
        !current.allowanceRefs.includes(change.ref)
      ) {
        const credits = this.creditsOf(change.plan);
        if (credits !== undefined) {
          next = {
            ...next,
            defaultBalance: credits,
            balanceMonth: monthOf(now),
            allowanceRefs: [...current.allowanceRefs, change.ref],
          };
        }
      }
      return { next, result: { outcome, takenBack: null } };
    });
    if (outcome === 'duplicate' && !recordDuplicate) return outcome;
    await this.history.append({
      userId,
      scope,
      action: change.kind,
      ref: change.ref,
      at: change.at,
      by,
      outcome,
      detail: { ...detailOf(change), ...(takenBack === null ? {} : { takenBack }) },
    });
    return outcome;
  }

  private get allowanceRule(): AllowanceRule {
    return {
      freeCredits: this.config.freeAddonCreditsPerMonth,
      creditsOf: (plan) => this.creditsOf(plan),
    };
  }

  private checkPlan(scope: PlanScope, plan: string): string {
    if (scope === 'main' ? !isPaidPlanType(plan) : this.creditsOf(plan) === undefined) {
      throw billingErrors.unknownPlan(plan);
    }
    return plan;
  }

  private creditsOf(plan: string): number | undefined {
    return this.config.addonOptions.find(
      (option) => option.kind === 'subscription' && option.name === plan,
    )?.credits;
  }

  /** The add-on subscriptions with a larger monthly allowance than `plan`. */
  private largerThan(plan: string): string[] {
    const credits = this.creditsOf(plan) ?? 0;
    return this.config.addonOptions
      .filter((option) => option.kind === 'subscription' && option.credits > credits)
      .map((option) => option.name);
  }

  private defaultEnd(scope: PlanScope, plan: string, start: Date): Date | null {
    if (scope === 'addon') return addDays(start, ADDON_VALIDITY_DAYS);
    return isPaidPlanType(plan) ? addDays(start, PLAN_VALIDITY_DAYS[plan]) : start;
  }
}

const refOf = (source: { provider: string; id: string }): string =>
  `${source.provider}:${source.id}`;

const providerActor = (source: { provider: string; id: string }): Actor => ({
  kind: 'provider',
  name: source.provider,
  id: source.id,
});

function detailOf(change: PlanChange): Record<string, unknown> {
  switch (change.kind) {
    case 'grant':
      return {
        plan: change.plan,
        mode: change.mode,
        start: change.start,
        end: change.end,
        trial: change.trial,
      };
    case 'renew':
      return { end: change.end };
    case 'cancel':
      return change.end !== undefined ? { end: change.end } : {};
    case 'resume':
    case 'expire':
    case 'refund':
    case 'revoke':
      return {};
  }
}
