import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../../common/db/duplicate-key.js';
import { WebhookEvent, type WebhookOutcome } from './schemas/webhook-event.schema.js';

export type { WebhookOutcome };

export type WebhookEventRow = {
  provider: string;
  eventId: string;
  claimedEventId: string | null;
  eventType: string | null;
  bodySha256: string;
  signatureValid: boolean;
  outcome: WebhookOutcome;
  detail: string | null;
  userId: string | null;
  orderId: string | null;
  paymentId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type Delivery = {
  provider: string;
  eventId: string;
  eventType: string | null;
  bodySha256: string;
};

export type Links = { userId?: string | null; orderId?: string | null; paymentId?: string | null };
/** What a provider's handler made of an event. */
export type Handled = { outcome: WebhookOutcome; detail: string; links: Links };

/** A 'received' row older than this is taken as a handler that died: handle it again. */
const STALE_RECEIVED_MS = 60_000;

const needsHandling = (outcome: WebhookOutcome, updatedAt: Date): boolean =>
  outcome === 'failed' ||
  (outcome === 'received' && Date.now() - updatedAt.getTime() > STALE_RECEIVED_MS);

const eq = <T>(value: T) => ({ $eq: value });

@Injectable()
export class WebhookEventsRepository {
  constructor(@InjectModel(WebhookEvent.name) private readonly events: Model<WebhookEvent>) {}

  /**
   * A verified delivery handled once, whichever provider sent it: the first delivery claims the
   * event; a duplicate is left alone unless its handler failed or died (a 'received' row older
   * than STALE_RECEIVED_MS); the outcome is recorded. A handler that throws is recorded as
   * 'failed' and the error rethrown, so the caller answers 5xx and the provider retries.
   */
  async handleOnce(delivery: Delivery, handle: () => Promise<Handled>): Promise<void> {
    const earlier = await this.claim(delivery);
    if (earlier && !needsHandling(earlier.outcome, earlier.updatedAt)) return;
    let handled: Handled;
    try {
      handled = await handle();
    } catch (error) {
      await this.finish(
        delivery.provider,
        delivery.eventId,
        'failed',
        error instanceof Error ? error.message : String(error),
      );
      throw error;
    }
    await this.finish(
      delivery.provider,
      delivery.eventId,
      handled.outcome,
      handled.detail,
      handled.links,
    );
  }

  /**
   * The first delivery of an event inserts its row ('received') and returns null; a later one
   * returns the row as it stands (unique provider + event id). A duplicate writes nothing: on
   * FerretDB updates are read-modify-write, and a write racing the handler's could undo its
   * outcome.
   */
  async claim(delivery: Delivery): Promise<WebhookEventRow | null> {
    try {
      await this.events.create({ ...delivery, signatureValid: true, outcome: 'received' });
      return null;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const existing = await this.events
      .findOne({ provider: eq(delivery.provider), eventId: eq(delivery.eventId) })
      .lean<WebhookEventRow>()
      .exec();
    if (!existing) throw new Error('webhook event vanished after a duplicate-key error');
    return existing;
  }

  async finish(
    provider: string,
    eventId: string,
    outcome: WebhookOutcome,
    detail: string,
    links: Links = {},
  ): Promise<void> {
    await this.events
      .updateOne(
        { provider: eq(provider), eventId: eq(eventId) },
        { $set: { outcome, detail, ...links } },
      )
      .exec();
  }

  /** Events linked to the person, or to any of their orders or payments; newest first. */
  listFor(
    userId: string,
    orderIds: readonly string[],
    paymentIds: readonly string[],
    limit: number,
  ): Promise<WebhookEventRow[]> {
    return this.events
      .find({
        $or: [
          { userId: eq(userId) },
          { orderId: { $in: [...orderIds] } },
          { paymentId: { $in: [...paymentIds] } },
        ],
      })
      .sort({ createdAt: -1 })
      .limit(limit)
      .lean<WebhookEventRow[]>()
      .exec();
  }
}
