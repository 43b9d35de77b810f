import { Inject, Injectable, Logger } from '@nestjs/common';
import Razorpay from 'razorpay';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import type { RazorpayConfig } from '../../../config/payments-config.js';
import { paymentErrors } from '../payments.errors.js';
import { CallBudget } from '../provider-call-budget.js';

/** The parts of Razorpay's order and payment entities the API reads. */
export type RazorpayOrderEntity = {
  id: string;
  amount: number;
  currency: string;
  status: string;
};

export type RazorpayPaymentEntity = {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  /** created, authorized, captured, refunded (fully), failed. */
  status: string;
  /** Unix seconds. */
  created_at: number;
};

/**
 * Razorpay's server API through the official package, at the configured base URL (Razorpay's, or
 * the local sandbox's). Without keys every call answers PAYMENT_PROVIDER_UNAVAILABLE.
 */
@Injectable()
export class RazorpayGateway {
  private readonly logger = new Logger(RazorpayGateway.name);
  private readonly client: Razorpay | null;
  readonly config: RazorpayConfig | null;
  /** RAZORPAY_API_CALLS_PER_MINUTE, for every call this process makes to the API. */
  private readonly budget: CallBudget;

  constructor(@Inject(APP_CONFIG) appConfig: AppConfig) {
    this.config = appConfig.payments.razorpay;
    this.budget = new CallBudget(this.config?.callsPerMinute ?? 1);
    if (!this.config) {
      this.client = null;
      return;
    }
    const client = new Razorpay({ key_id: this.config.keyId, key_secret: this.config.keySecret });
    // The package fixes https://api.razorpay.com as its axios instance's base URL; this is the
    // one place it is pointed elsewhere (RAZORPAY_API_URL), so the sandbox sees the same calls.
    (
      client.api as unknown as { rq: { defaults: { baseURL: string; timeout: number } } }
    ).rq.defaults.baseURL = this.config.apiUrl;
    (client.api as unknown as { rq: { defaults: { timeout: number } } }).rq.defaults.timeout =
      10_000;
    this.client = client;
  }

  get keyId(): string {
    return this.settings().keyId;
  }

  settings(): RazorpayConfig {
    if (!this.config) throw paymentErrors.providerUnavailable('Razorpay');
    return this.config;
  }

  async createOrder(input: {
    amountMinor: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<RazorpayOrderEntity> {
    const order = await this.call('create an order', (client) =>
      client.orders.create({
        amount: input.amountMinor,
        currency: input.currency,
        receipt: input.receipt,
        notes: input.notes,
      }),
    );
    return {
      id: order.id,
      amount: Number(order.amount),
      currency: order.currency,
      status: order.status,
    };
  }

  async payment(paymentId: string): Promise<RazorpayPaymentEntity> {
    return (await this.call('read a payment', (client) =>
      client.payments.fetch(paymentId),
    )) as unknown as RazorpayPaymentEntity;
  }

  async paymentsOfOrder(orderId: string): Promise<RazorpayPaymentEntity[]> {
    const page = await this.call('list an order’s payments', (client) =>
      client.orders.fetchPayments(orderId),
    );
    return (page as { items: RazorpayPaymentEntity[] }).items;
  }

  private async call<T>(what: string, run: (client: Razorpay) => Promise<T>): Promise<T> {
    if (!this.client) throw paymentErrors.providerUnavailable('Razorpay');
    await this.budget.turn('Razorpay', what, this.logger);
    try {
      return await run(this.client);
    } catch (error) {
      // The package rejects with { statusCode, error: { code, description } } (or an axios
      // error when there was no answer at all).
      const detail = error as { statusCode?: number; error?: { description?: string } };
      this.logger.error(
        `Razorpay: could not ${what}: ${String(detail.statusCode ?? 'no answer')} ${
          detail.error?.description ?? (error instanceof Error ? error.message : '')
        }`,
      );
      throw paymentErrors.providerUnavailable('Razorpay');
    }
  }
}
