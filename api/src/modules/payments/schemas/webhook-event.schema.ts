import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

export type WebhookOutcome =
  /** Being handled (or its handler died: a later delivery handles it again). */
  | 'received'
  | 'processed'
  /** An event we do not act on (payment.authorized, payment.failed…). */
  | 'ignored'
  /** For an order that is not ours, or one whose amount does not match: nothing granted. */
  | 'rejected'
  /** The handler failed; the provider's retry handles it again. */
  | 'failed'
  /**
   * The signature did not verify: never acted on. Only in rows written before security plan 43;
   * such deliveries are now counted, not stored (UnverifiedWebhooks).
   */
  | 'unverified';

/** One row per provider event (its first verified delivery), for dedupe and audit. */
@Schema({ collection: 'webhook_events', timestamps: true })
export class WebhookEvent {
  @Prop({ type: String, required: true })
  provider: string;

  /**
   * The provider's event id (Razorpay: X-Razorpay-Event-Id). Only verified deliveries are stored
   * (older rows of unverified ones have ids of their own, 'unverified:…'), so a forged event can
   * never take a real event's place.
   */
  @Prop({ type: String, required: true })
  eventId: string;

  /** The event id an unverified delivery claimed (older rows only). */
  @Prop({ type: String, default: null })
  claimedEventId: string | null;

  @Prop({ type: String, default: null })
  eventType: string | null;

  /** SHA-256 of the raw body, hex. */
  @Prop({ type: String, required: true })
  bodySha256: string;

  @Prop({ type: Boolean, required: true })
  signatureValid: boolean;

  @Prop({ type: String, required: true })
  outcome: WebhookOutcome;

  /** Why, in a few words ('granted', 'duplicate delivery', 'unknown order'…). */
  @Prop({ type: String, default: null })
  detail: string | null;

  @Prop({ type: String, default: null })
  userId: string | null;

  @Prop({ type: String, default: null })
  orderId: string | null;

  @Prop({ type: String, default: null })
  paymentId: string | null;
}

export const WebhookEventSchema = SchemaFactory.createForClass(WebhookEvent);
// One row per provider event, however often it is delivered.
WebhookEventSchema.index({ provider: 1, eventId: 1 }, { unique: true });
WebhookEventSchema.index({ userId: 1, createdAt: -1 });
