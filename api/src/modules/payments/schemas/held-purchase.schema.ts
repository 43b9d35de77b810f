import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Currency } from 'contracts';

export type HeldStatus = 'held' | 'claimed' | 'refunded';

/**
 * A hosted-checkout purchase that arrived without a valid binding (issue 20): bought from a plain
 * link, or with custom data that no checkout of ours signed. It granted nothing to anyone; it
 * waits here, one row per provider order, for someone signed in with its checkout email to claim.
 */
@Schema({ collection: 'held_purchases', timestamps: true })
export class HeldPurchase {
  @Prop({ type: String, required: true })
  provider: string;

  /** The provider's order id: every purchase has one, a subscription's first order included. */
  @Prop({ type: String, required: true })
  orderId: string;

  /** The subscription it started, once one of its events was seen. */
  @Prop({ type: String, default: null })
  subscriptionId: string | null;

  /** The checkout's email, lower-cased: only a person signed in with it may claim. */
  @Prop({ type: String, default: '' })
  email: string;

  /** The plan code or add-on option its variant sells ('pro-weekly', 'sub100'…). */
  @Prop({ type: String, required: true })
  product: string;

  /** In the currency's smallest unit, once the order was seen. */
  @Prop({ type: Number, default: null })
  amountMinor: number | null;

  @Prop({ type: String, enum: ['INR', 'USD', null], default: null })
  currency: Currency | null;

  @Prop({ type: Date, required: true })
  purchasedAt: Date;

  /** Why it is held: no binding, or one that does not verify. */
  @Prop({ type: String, required: true })
  reason: string;

  @Prop({ type: String, enum: ['held', 'claimed', 'refunded'], required: true })
  status: HeldStatus;

  @Prop({ type: String, default: null })
  claimedBy: string | null;

  @Prop({ type: Date, default: null })
  claimedAt: Date | null;
}

export const HeldPurchaseSchema = SchemaFactory.createForClass(HeldPurchase);
HeldPurchaseSchema.index({ provider: 1, orderId: 1 }, { unique: true });
HeldPurchaseSchema.index({ email: 1, createdAt: -1 });
