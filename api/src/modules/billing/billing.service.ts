import { Inject, Injectable } from '@nestjs/common';
import {
  PLAN_VALIDITY_DAYS,
  type AddonOptionName,
  type AddonPlansResponse,
  type PaymentRecord,
  type PaymentsResponse,
  type PlanType,
  type PlansResponse,
  type PublicUser,
} from 'contracts';
import { billingErrors } from './billing.errors.js';
import { BILLING_CONFIG } from '../../config/app-config.js';
import type { BillingConfig } from '../../config/billing-catalogue.js';
import { addonPlansOf, plansFor, type PaymentFlows } from './catalogue.js';
import { visitorCountry, type CountrySource } from './country.js';
import { BillingHistoryRepository, type HistoryEntry } from './billing-history.repository.js';
import { CreditsService } from './credits.service.js';
import { EntitlementsRepository } from './entitlements.repository.js';
import { effectiveEntitlements, type Entitlements } from './entitlements-view.js';
import { PaymentsRepository, type PaymentRow } from './payments.repository.js';

export type { Entitlements, HistoryEntry, PaymentRow };

export type PublicEntitlements = Omit<
  PublicUser,
  'googleId' | 'name' | 'email' | 'isTextOcrFeedbackSubmitted' | 'roles'
>;

const PAYMENTS_LISTED = 100;

/** What other modules and the controller ask of billing: plans, catalogues, payments. */
@Injectable()
export class BillingService {
  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly entitlements: EntitlementsRepository,
    private readonly payments: PaymentsRepository,
    private readonly credits: CreditsService,
    private readonly history: BillingHistoryRepository,
  ) {}

  /**
   * The person's plans and credits as they stand now (a plan past its end gives nothing). The
   * one read path: one findOne on the unique userId index, never cached.
   */
  async entitlementsOf(userId: string, now = new Date()): Promise<Entitlements> {
    const stored = await this.entitlements.find(userId);
    return effectiveEntitlements(stored, now, this.credits.allowanceRule);
  }

  /**
   * Refuses to sell a plan that would not extend what the person already has: a new grant
   * replaces the current plan, so a Pro Weekly pass bought during a Pro Yearly would shorten it
   * (and a Lifetime plan has nothing left to buy). Every checkout asks before taking money.
   */
  async assertPurchaseExtends(userId: string, plan: PlanType, now = new Date()): Promise<void> {
    if (plan === 'Free user') return;
    const current = await this.entitlementsOf(userId, now);
    if (!current.isPremium) return;
    if (current.planType === 'Lifetime') throw billingErrors.planAlreadyCovered('Lifetime', null);
    const days = PLAN_VALIDITY_DAYS[plan];
    if (days === null) return; // Lifetime extends any term
    const currentEnd = current.nextBilling ?? current.validTill;
    const newEnd = now.getTime() + days * 86_400_000;
    if (currentEnd && newEnd <= currentEnd.getTime()) {
      throw billingErrors.planAlreadyCovered(current.planType, currentEnd);
    }
  }

  /**
   * The add-on's rule: a subscription with a smaller monthly allowance than the one running would
   * replace it and cut the month's credits (top-ups always add).
   */
  async assertAddonPurchaseGrows(
    userId: string,
    option: AddonOptionName,
    now = new Date(),
  ): Promise<void> {
    const options = this.config.addonOptions;
    const wanted = options.find((o) => o.name === option);
    if (wanted?.kind !== 'subscription') return;
    const current = await this.entitlementsOf(userId, now);
    const running = current.isExtPremium ? options.find((o) => o.name === current.extPlan) : null;
    if (running && running.credits > wanted.credits) {
      throw billingErrors.addonAlreadyLarger(running.label);
    }
  }

  /** The plan fields of GET /api/me, dates as ISO strings as they travel. */
  toPublic(e: Entitlements): PublicEntitlements {
    return {
      isPremium: e.isPremium,
      planType: e.planType,
      premiumSince: iso(e.premiumSince),
      nextBilling: iso(e.nextBilling),
      validTill: iso(e.validTill),
      isCancelled: e.isCancelled,
      isTrialPlan: e.isTrialPlan,
      subscriptionId: e.subscriptionId,
      isExtPremium: e.isExtPremium,
      extPlan: e.extPlan,
      extLastBilled: iso(e.extLastBilled),
      extNextBilling: iso(e.extNextBilling),
      extValidTill: iso(e.extValidTill),
      isExtCancelled: e.isExtCancelled,
      topUpBalance: e.topUpBalance,
      defaultBalance: e.defaultBalance,
    };
  }

  countryOf(source: CountrySource): string | null {
    return visitorCountry(source, this.config);
  }

  /** `flows`: which payment flows this API has configured (paymentsAvailable, per visitor). */
  plans(country: string | null, flows?: PaymentFlows): PlansResponse {
    return plansFor(this.config, country, flows);
  }

  addonPlans(flows?: PaymentFlows): AddonPlansResponse {
    return addonPlansOf(this.config, flows);
  }

  async paymentsOf(userId: string): Promise<PaymentsResponse> {
    const rows = await this.payments.listForUser(userId, PAYMENTS_LISTED);
    return { payments: rows.map(toRecord) };
  }

  /** One of the person's own payments; null for an unknown id or another person's payment. */
  async paymentOf(userId: string, paymentId: string): Promise<PaymentRecord | null> {
    const row = await this.payments.findForUser(userId, paymentId);
    return row ? toRecord(row) : null;
  }

  /** The person's plan and credit changes, newest first (support's audit). */
  historyOf(
    userId: string,
    limit = PAYMENTS_LISTED,
  ): Promise<(HistoryEntry & { createdAt: Date })[]> {
    return this.history.listForUser(userId, limit);
  }

  /** Records a provider payment once (unique provider + payment id); false: already there. */
  recordPayment(row: PaymentRow): Promise<boolean> {
    return this.payments.recordOnce(row);
  }
}

const toRecord = (row: PaymentRow): PaymentRecord => ({
  date: row.paidAt.toISOString(),
  plan: row.plan,
  amount: row.amount,
  currency: row.currency,
  paymentId: row.paymentId,
  provider: row.provider,
});

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
