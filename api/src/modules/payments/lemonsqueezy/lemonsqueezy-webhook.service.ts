import { Injectable } from '@nestjs/common';
import { hmacSha256Hex, sha256Hex, signatureMatches } from '../signatures.js';
import type { Handled } from '../webhook-events.repository.js';
import {
  headerOf,
  signedJson,
  type RawDelivery,
  type Refused,
  type Verified,
  type WebhookProvider,
} from '../webhook-intake.js';
import {
  LemonSqueezyClient,
  type LsInvoiceAttributes,
  type LsOrderAttributes,
  type LsResource,
  type LsSubscriptionAttributes,
} from './lemonsqueezy.client.js';
import {
  LEMONSQUEEZY,
  LemonSqueezyStateService,
  type StateOutcome,
} from './lemonsqueezy-state.service.js';

type LsEvent = {
  meta?: { event_name?: unknown; test_mode?: unknown; custom_data?: Record<string, unknown> };
  data?: { type?: unknown; id?: unknown; attributes?: Record<string, unknown> };
};

/** A verified delivery: its event, the signed event name, and the X-Event-Name header. */
type LsDelivery = { event: LsEvent; name: string | null; header: string | undefined };

/** X-Signature: HMAC-SHA256 of the raw body with the signing secret, hex (64 characters). */
export const lemonSqueezySignatureValid = (
  rawBody: Buffer,
  signature: unknown,
  secret: string,
): boolean => signatureMatches(hmacSha256Hex(secret, rawBody), signature);

/**
 * POST /api/webhooks/lemonsqueezy (security.md §3.2). The signature over the raw body is the only
 * authentication (missing, wrong or of the wrong length → 401). Lemon Squeezy sends no event id
 * and signs no time: a delivery is deduplicated on the digest of its event name and body (the
 * same event's retries are the same bytes), and replays of an old, validly signed payload are
 * made harmless by handling state, not events (LemonSqueezyStateService). The store and the test
 * mode are checked against the configuration; the event name used is the signed one in `meta`.
 */
@Injectable()
export class LemonSqueezyWebhookService implements WebhookProvider<LsDelivery> {
  readonly provider = LEMONSQUEEZY;

  constructor(
    private readonly client: LemonSqueezyClient,
    private readonly state: LemonSqueezyStateService,
  ) {}

  /** X-Signature over the raw body; the event's name is the signed one, X-Event-Name else. */
  verify({ body, headers }: RawDelivery): Refused | Verified<LsDelivery> {
    const signature = headerOf(headers, 'x-signature');
    const valid = lemonSqueezySignatureValid(body, signature, this.client.settings().webhookSecret);
    return signedJson(body, signature, valid, (event: LsEvent) => {
      const header = headerOf(headers, 'x-event-name');
      const signedName = typeof event.meta?.event_name === 'string' ? event.meta.event_name : null;
      const eventType = signedName ?? header?.slice(0, 64) ?? null;
      const named = Buffer.concat([Buffer.from(`${eventType ?? ''}\n`), body]);
      return {
        eventId: `sha256:${sha256Hex(named)}`,
        eventType,
        event: { event, name: signedName, header },
      };
    });
  }

  // A handler that throws answers 5xx: Lemon Squeezy retries (5 s, 25 s, 125 s).
  async handle({ event }: Verified<LsDelivery>): Promise<Handled> {
    const { outcome, detail, ...links } = await this.apply(event);
    return { outcome, detail, links };
  }

  private async apply({ event, name, header }: LsDelivery): Promise<StateOutcome> {
    const config = this.client.settings();
    const attributes = event.data?.attributes ?? {};
    const id = event.data?.id;
    if (!name || (typeof id !== 'string' && typeof id !== 'number')) {
      return { outcome: 'ignored', detail: 'no event name or no data id' };
    }
    if (header !== undefined && header !== name) {
      return { outcome: 'rejected', detail: `X-Event-Name ${header} is not the signed ${name}` };
    }
    if (String(attributes.store_id) !== config.storeId) {
      return { outcome: 'rejected', detail: `store ${String(attributes.store_id)} is not ours` };
    }
    const testMode =
      typeof attributes.test_mode === 'boolean'
        ? attributes.test_mode
        : event.meta?.test_mode === true;
    if (testMode !== config.testMode) {
      return {
        outcome: 'rejected',
        detail: testMode ? 'a test-mode event in live mode' : 'a live event in test mode',
      };
    }
    // Who it is for: only what CheckoutBinding verifies in it (issue 20).
    const custom = event.meta?.custom_data ?? null;
    const resource = { type: String(event.data?.type), id: String(id), attributes };
    switch (name) {
      case 'order_created':
        return this.state.paidOrder(resource as unknown as LsResource<LsOrderAttributes>, custom);
      case 'order_refunded':
        return this.state.refundedOrder(resource as unknown as LsResource<LsOrderAttributes>);
      case 'subscription_created':
      case 'subscription_updated':
      case 'subscription_cancelled':
      case 'subscription_resumed':
      case 'subscription_expired':
      case 'subscription_paused':
      case 'subscription_unpaused':
        return this.state.syncSubscription(
          resource as unknown as LsResource<LsSubscriptionAttributes>,
          custom,
        );
      case 'subscription_payment_refunded':
        // A refund or a chargeback of one of its payments (Lemon Squeezy has no chargeback event
        // of its own): the subscription's plan ends, whatever its status says next.
        return this.state.refundedInvoice(resource as unknown as LsResource<LsInvoiceAttributes>);
      case 'subscription_payment_success':
      case 'subscription_payment_failed':
      case 'subscription_payment_recovered': {
        // An invoice: the subscription's state is read from the API (the invoice has no dates),
        // and a renewal's payment is recorded once per invoice.
        const subscriptionId = String(attributes.subscription_id);
        const subscription = await this.client.getSubscription(subscriptionId);
        const synced = await this.state.syncSubscription(subscription, custom);
        if (
          name !== 'subscription_payment_failed' &&
          attributes.status === 'paid' &&
          attributes.billing_reason !== 'initial'
        ) {
          const recorded = await this.state.recordRenewal({
            invoiceId: String(id),
            subscriptionId,
            total: Number(attributes.total),
            currency: String(attributes.currency),
            paidAt: validDate(attributes.created_at),
          });
          return {
            ...synced,
            detail: `${synced.detail}; invoice ${String(id)} ${recorded ? 'recorded' : 'already recorded'}`,
            paymentId: `invoice-${String(id)}`,
          };
        }
        return synced;
      }
      default:
        return { outcome: 'ignored', detail: `not acted on: ${name}` };
    }
  }
}

const validDate = (value: unknown): Date => {
  const parsed = new Date(typeof value === 'string' ? value : NaN);
  return Number.isNaN(parsed.getTime()) ? new Date() : parsed;
};
