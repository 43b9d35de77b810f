import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Currency } from 'contracts';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../../../common/db/duplicate-key.js';
import { APP_CONFIG, BILLING_CONFIG, type AppConfig } from '../../../config/app-config.js';
import type { BillingConfig } from '../../../config/billing-catalogue.js';
import type { PaymentRow } from '../../billing/billing.service.js';
import { AffiliateConversion } from '../schemas/affiliate-conversion.schema.js';
import { AffiliateReversal, type ReversalReason } from '../schemas/affiliate-reversal.schema.js';

/** The flows whose sales the affiliate tracker hears of (spec §7: card and wallet payments). */
export const CONVERSION_PROVIDERS: readonly string[] = ['razorpay', 'paypal'];

/** A payment as billing records it, with the order it paid and the referral it came with. */
export type Sale = PaymentRow & { orderId: string; affiliate: string | null };

/** What the tracker receives (POST, JSON). */
export type SaleConversion = {
  event: 'sale';
  /** Our payment id: the tracker's idempotency key as well as ours. */
  paymentId: string;
  orderId: string;
  provider: string;
  plan: string;
  /** The sale in USD (INR converted at the catalogue's conversionRate), two decimals. */
  amount: number;
  currency: 'USD';
  originalAmount: number;
  originalCurrency: Currency;
  /** The affiliate's referral code (`aff`), or null when the buyer came without one. */
  referral: string | null;
  /** Our id of the buyer (no name or email leaves the server). */
  customerId: string;
  paidAt: string;
};

/** A refunded or charged-back payment, for the tracker's reversal of its sale. */
export type Reversal = {
  provider: string;
  orderId: string;
  paymentId: string;
  userId: string;
  reason: ReversalReason;
  at: Date;
};

/** What the tracker receives when a sale it was told of is refunded or charged back. */
export type SaleReversal = {
  event: 'reversal';
  /** The sale's paymentId: the tracker finds the sale (and its commission) by it. */
  paymentId: string;
  orderId: string;
  provider: string;
  reason: ReversalReason;
  /** The sale's amount as reported, in USD. */
  amount: number;
  currency: 'USD';
  referral: string | null;
  customerId: string;
  reversedAt: string;
};

type Delivery = { sent: boolean; outcome: string };

/**
 * The affiliate tracker's sale conversion (spec §7), sent by the server after a verified payment
 * rather than by the page: the amount is the one paid, converted to USD. Once per payment (a
 * stored marker is claimed first), with a short timeout, and never in the payment's way: it runs
 * after the grant, in the background, and its failures are logged and recorded, not thrown.
 * A refund or chargeback of a sale the tracker was told of sends it one reversal (its own marker),
 * so the affiliate's commission can be taken back; who may earn a commission (self-referral
 * included) is the tracker's to decide, as only it knows the affiliates behind referral codes.
 * Without AFFILIATE_CONVERSION_URL nothing is sent and nothing is stored.
 */
@Injectable()
export class AffiliateConversionService implements OnApplicationShutdown {
  private readonly logger = new Logger(AffiliateConversionService.name);
  private readonly pending = new Set<Promise<void>>();

  constructor(
    @Inject(BILLING_CONFIG) private readonly billing: BillingConfig,
    @InjectModel(AffiliateConversion.name)
    private readonly conversions: Model<AffiliateConversion>,
    @InjectModel(AffiliateReversal.name)
    private readonly reversals: Model<AffiliateReversal>,
    // The support command line has no AppConfig: it never reports conversions.
    @Optional() @Inject(APP_CONFIG) private readonly config?: AppConfig,
  ) {}

  /** Starts the report and returns at once; the payment never waits for the tracker. */
  reportInBackground(sale: Sale): void {
    this.inBackground(`sale conversion of ${sale.paymentId}`, this.report(sale));
  }

  /** Starts the reversal's report and returns at once; the refund never waits for the tracker. */
  reverseInBackground(reversal: Reversal): void {
    this.inBackground(`reversal of ${reversal.paymentId}`, this.reverse(reversal));
  }

  private inBackground(what: string, work: Promise<unknown>): void {
    const task = work.then(
      () => undefined,
      (error: unknown) => {
        this.logger.error(`${what}: ${String(error)}`);
      },
    );
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  /** Resolves once every report under way has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Lets reports under way finish (each is bounded by the timeout) before the database closes. */
  onApplicationShutdown(): Promise<void> {
    return this.idle();
  }

  /** The sale in USD, two decimals: USD as paid, INR at the catalogue's conversionRate. */
  usdOf(amount: number, currency: Currency): number {
    const usd = currency === 'USD' ? amount : amount / this.billing.conversionRate;
    return Math.round(usd * 100) / 100;
  }

  async report(
    sale: Sale,
  ): Promise<'sent' | 'failed' | 'already-reported' | 'withheld' | 'not-configured'> {
    const settings = this.config?.afterPayment.affiliateConversion;
    if (!settings?.url || !CONVERSION_PROVIDERS.includes(sale.provider)) return 'not-configured';
    const amountUsd = this.usdOf(sale.amount, sale.currency);
    try {
      await this.conversions.create({
        provider: sale.provider,
        paymentId: sale.paymentId,
        userId: sale.userId,
        affiliate: sale.affiliate,
        amountUsd,
        status: 'sending',
      });
    } catch (error) {
      if (isDuplicateKey(error)) return 'already-reported';
      throw error;
    }
    const key = { provider: { $eq: sale.provider }, paymentId: { $eq: sale.paymentId } };
    // Refunded while its payment was being granted: the reversal, claimed first, found no sale.
    if (await this.reversals.exists(key)) {
      await this.conversions.updateOne(key, { $set: { status: 'withheld' } }).exec();
      return 'withheld';
    }
    const body: SaleConversion = {
      event: 'sale',
      paymentId: sale.paymentId,
      orderId: sale.orderId,
      provider: sale.provider,
      plan: sale.plan,
      amount: amountUsd,
      currency: 'USD',
      originalAmount: sale.amount,
      originalCurrency: sale.currency,
      referral: sale.affiliate,
      customerId: sale.userId,
      paidAt: sale.paidAt.toISOString(),
    };
    return this.deliver(
      settings.url,
      settings.timeoutMs,
      body,
      `sale conversion of ${sale.paymentId}`,
      (update) => this.conversions.updateOne(key, update).exec(),
    );
  }

  /**
   * The reversal of a refunded or charged-back payment's sale: sent once per payment, and only
   * for a sale the tracker was told of (or may have been: a report that failed or timed out).
   */
  async reverse(
    reversal: Reversal,
  ): Promise<'sent' | 'failed' | 'already-reported' | 'no-sale' | 'not-configured'> {
    const settings = this.config?.afterPayment.affiliateConversion;
    if (!settings?.url || !CONVERSION_PROVIDERS.includes(reversal.provider)) {
      return 'not-configured';
    }
    try {
      await this.reversals.create({
        provider: reversal.provider,
        paymentId: reversal.paymentId,
        userId: reversal.userId,
        reason: reversal.reason,
        status: 'sending',
      });
    } catch (error) {
      if (isDuplicateKey(error)) return 'already-reported';
      throw error;
    }
    const key = { provider: { $eq: reversal.provider }, paymentId: { $eq: reversal.paymentId } };
    const sale = await this.conversions.findOne(key).lean<AffiliateConversion>().exec();
    if (!sale || sale.status === 'withheld') {
      await this.reversals.updateOne(key, { $set: { status: 'no-sale' } }).exec();
      return 'no-sale';
    }
    const body: SaleReversal = {
      event: 'reversal',
      paymentId: reversal.paymentId,
      orderId: reversal.orderId,
      provider: reversal.provider,
      reason: reversal.reason,
      amount: sale.amountUsd,
      currency: 'USD',
      referral: sale.affiliate,
      customerId: reversal.userId,
      reversedAt: reversal.at.toISOString(),
    };
    return this.deliver(
      settings.url,
      settings.timeoutMs,
      body,
      `reversal of ${reversal.paymentId}`,
      (update) => this.reversals.updateOne(key, update).exec(),
    );
  }

  /** Posts a sale or its reversal once and records on its marker whether the tracker took it. */
  private async deliver(
    url: string,
    timeoutMs: number,
    body: SaleConversion | SaleReversal,
    what: string,
    record: (update: { $set: { status: 'sent' | 'failed'; outcome: string } }) => Promise<unknown>,
  ): Promise<'sent' | 'failed'> {
    const { sent, outcome } = await this.post(url, timeoutMs, body);
    if (!sent) this.logger.warn(`${what} not accepted by the tracker: ${outcome}`);
    const status = sent ? 'sent' : 'failed';
    await record({ $set: { status, outcome } });
    return status;
  }

  private async post(
    url: string,
    timeoutMs: number,
    body: SaleConversion | SaleReversal,
  ): Promise<Delivery> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
        redirect: 'error',
      });
      await response.body?.cancel();
      return { sent: response.ok, outcome: String(response.status) };
    } catch {
      return { sent: false, outcome: signal.aborted ? 'timeout' : 'network' };
    }
  }
}
