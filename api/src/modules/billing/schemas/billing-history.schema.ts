import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';

export type Actor =
  | { kind: 'support'; name: string }
  | { kind: 'provider'; name: string; id: string }
  | { kind: 'system'; name: string };

/**
 * Append-only: every change asked of a person's plans or credits, by support or a provider, with
 * who asked, when the provider says it happened, and what it did (applied or why not).
 */
@Schema({ collection: 'billing_history', timestamps: { createdAt: true, updatedAt: false } })
export class BillingHistory {
  @Prop({ type: String, required: true })
  userId: string;

  /** 'main', 'addon' or 'credits'. */
  @Prop({ type: String, required: true })
  scope: string;

  /** grant, renew, cancel, resume, expire, refund, revoke, top-up, adjust, migrate. */
  @Prop({ type: String, required: true })
  action: string;

  /** `provider:id` of the payment, subscription, order or support operation. */
  @Prop({ type: String, required: true })
  ref: string;

  /** The change's own time (the provider's event time). */
  @Prop({ type: Date, required: true })
  at: Date;

  @Prop({ type: MongooseSchema.Types.Mixed, required: true })
  by: Actor;

  @Prop({ type: String, required: true })
  outcome: string;

  @Prop({ type: MongooseSchema.Types.Mixed, default: {} })
  detail: Record<string, unknown>;
}

export const BillingHistorySchema = SchemaFactory.createForClass(BillingHistory);
BillingHistorySchema.index({ userId: 1, createdAt: -1 });
