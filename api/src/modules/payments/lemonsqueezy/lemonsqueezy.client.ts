import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import type { LemonSqueezyConfig } from '../../../config/payments-config.js';
import { paymentErrors } from '../payments.errors.js';
import { CallBudget } from '../provider-call-budget.js';

// Lemon Squeezy's server API (https://docs.lemonsqueezy.com/api), JSON:API over HTTPS with a
// Bearer key. Not the official @lemonsqueezy/lemonsqueezy.js (4.0.0): it fixes its base URL to
// https://api.lemonsqueezy.com in a module constant and keeps the key in module-global state, so
// it cannot talk to the local sandbox (LEMONSQUEEZY_API_URL) nor hold two configurations in one
// process (tests). The few calls the API makes are written here with fetch instead.

/** The attributes of a subscription object the API reads (webhooks carry the same object). */
export type LsSubscriptionAttributes = {
  store_id: number;
  customer_id: number;
  order_id: number;
  order_item_id?: number;
  product_id?: number;
  variant_id: number;
  user_name?: string;
  user_email: string;
  /** on_trial, active, paused, past_due, unpaid, cancelled, expired. */
  status: string;
  cancelled?: boolean;
  trial_ends_at?: string | null;
  renews_at: string | null;
  ends_at: string | null;
  created_at: string;
  updated_at: string;
  test_mode: boolean;
  urls?: { customer_portal?: string; update_payment_method?: string };
};

export type LsOrderAttributes = {
  store_id: number;
  customer_id?: number;
  identifier?: string;
  order_number?: number;
  user_email: string;
  currency: string;
  /** In cents. */
  total: number;
  /** paid, pending, failed, refunded, partial_refund (and fraudulent). */
  status: string;
  refunded?: boolean;
  refunded_at?: string | null;
  first_order_item?: { variant_id: number; product_id?: number; order_id?: number };
  created_at: string;
  updated_at: string;
  test_mode: boolean;
};

/** A subscription invoice (subscription_payment_* events): one payment of a subscription. */
export type LsInvoiceAttributes = {
  store_id: number;
  subscription_id: number;
  /** initial, renewal, updated. */
  billing_reason: string;
  currency: string;
  /** In cents. */
  total: number;
  /** pending, paid, void, refunded, partial_refund. */
  status: string;
  refunded?: boolean;
  refunded_at?: string | null;
  created_at: string;
  updated_at: string;
  test_mode: boolean;
};

/** A checkout created through the API; `url` is the page to open (in the overlay). */
export type LsCheckoutAttributes = {
  store_id: number;
  variant_id: number;
  url: string;
  expires_at: string | null;
  test_mode: boolean;
};

export type LsResource<A> = { type: string; id: string; attributes: A };

/** Lemon Squeezy's largest page (page[size] is 1-100). */
const PAGE_SIZE = 100;

@Injectable()
export class LemonSqueezyClient {
  private readonly logger = new Logger(LemonSqueezyClient.name);
  readonly config: LemonSqueezyConfig | null;
  /** LEMONSQUEEZY_API_CALLS_PER_MINUTE, for every call this process makes to the API. */
  private readonly budget: CallBudget;

  constructor(@Inject(APP_CONFIG) appConfig: AppConfig) {
    this.config = appConfig.payments.lemonSqueezy;
    this.budget = new CallBudget(this.config?.callsPerMinute ?? 1);
  }

  settings(): LemonSqueezyConfig {
    if (!this.config) throw paymentErrors.providerUnavailable('Lemon Squeezy');
    return this.config;
  }

  async getSubscription(id: string): Promise<LsResource<LsSubscriptionAttributes>> {
    const body = await this.call<{ data: LsResource<LsSubscriptionAttributes> }>(
      'read a subscription',
      `/v1/subscriptions/${encodeURIComponent(id)}`,
    );
    return body.data;
  }

  async getOrder(id: string): Promise<LsResource<LsOrderAttributes>> {
    const body = await this.call<{ data: LsResource<LsOrderAttributes> }>(
      'read an order',
      `/v1/orders/${encodeURIComponent(id)}`,
    );
    return body.data;
  }

  /**
   * Cancels a subscription: it stops renewing and access lasts to the end of the paid period
   * (`DELETE /v1/subscriptions/:id` answers the subscription, now 'cancelled').
   */
  async cancelSubscription(id: string): Promise<LsResource<LsSubscriptionAttributes>> {
    const body = await this.call<{ data: LsResource<LsSubscriptionAttributes> }>(
      'cancel a subscription',
      `/v1/subscriptions/${encodeURIComponent(id)}`,
      'DELETE',
    );
    return body.data;
  }

  /**
   * Creates a checkout for one variant of the configured store (`POST /v1/checkouts`): the
   * custom data, email and discount code are fixed by us, and it expires at `expiresAt`. Answers
   * its URL (`attributes.url`), which lemon.js opens in the overlay.
   */
  async createCheckout(input: {
    variantId: string;
    email: string;
    custom: Record<string, string>;
    discountCode?: string | undefined;
    expiresAt: Date;
  }): Promise<LsResource<LsCheckoutAttributes>> {
    const config = this.settings();
    const body = await this.call<{ data: LsResource<LsCheckoutAttributes> }>(
      'create a checkout',
      '/v1/checkouts',
      'POST',
      {
        data: {
          type: 'checkouts',
          attributes: {
            checkout_options: { embed: true },
            checkout_data: {
              email: input.email,
              custom: input.custom,
              ...(input.discountCode ? { discount_code: input.discountCode } : {}),
            },
            expires_at: input.expiresAt.toISOString(),
            test_mode: config.testMode,
          },
          relationships: {
            store: { data: { type: 'stores', id: config.storeId } },
            variant: { data: { type: 'variants', id: input.variantId } },
          },
        },
      },
    );
    return body.data;
  }

  /** Every subscription of the configured store, following the pages. */
  listSubscriptions(): Promise<LsResource<LsSubscriptionAttributes>[]> {
    return this.list<LsSubscriptionAttributes>('subscriptions');
  }

  /** Every order of the configured store, following the pages. */
  listOrders(): Promise<LsResource<LsOrderAttributes>[]> {
    return this.list<LsOrderAttributes>('orders');
  }

  /**
   * Every refunded subscription invoice (a refunded or charged-back payment of a subscription) of
   * the configured store, following the pages. The API filters by status but not by date: the
   * refunded ones are few.
   */
  listRefundedInvoices(): Promise<LsResource<LsInvoiceAttributes>[]> {
    return this.list<LsInvoiceAttributes>('subscription-invoices', {
      'filter[status]': 'refunded',
    });
  }

  /**
   * Page by page (page[number], PAGE_SIZE a page) to the last one its meta names, however many:
   * the same pages as links.next, without following a URL from the answer with our key.
   */
  private async list<A>(
    kind: 'subscriptions' | 'orders' | 'subscription-invoices',
    filters: Record<string, string> = {},
  ): Promise<LsResource<A>[]> {
    const { storeId } = this.settings();
    const all: LsResource<A>[] = [];
    for (let page = 1; ; page += 1) {
      const query = new URLSearchParams({
        'filter[store_id]': storeId,
        ...filters,
        'page[number]': String(page),
        'page[size]': String(PAGE_SIZE),
      });
      const body = await this.call<{
        data: LsResource<A>[];
        meta?: { page?: { lastPage?: number } };
      }>(`list ${kind}`, `/v1/${kind}?${query.toString()}`);
      all.push(...body.data);
      if (body.data.length === 0 || page >= (body.meta?.page?.lastPage ?? page)) return all;
    }
  }

  private async call<T>(what: string, path: string, method = 'GET', body?: unknown): Promise<T> {
    const config = this.settings();
    await this.budget.turn('Lemon Squeezy', what, this.logger);
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers: {
          Accept: 'application/vnd.api+json',
          'Content-Type': 'application/vnd.api+json',
          Authorization: `Bearer ${config.apiKey}`,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      this.logger.error(`Lemon Squeezy: could not ${what}: no answer (${String(error)})`);
      throw paymentErrors.providerUnavailable('Lemon Squeezy');
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      this.logger.error(
        `Lemon Squeezy: could not ${what}: ${String(response.status)} ${text.slice(0, 200)}`,
      );
      throw paymentErrors.providerUnavailable('Lemon Squeezy');
    }
    return (await response.json()) as T;
  }
}
