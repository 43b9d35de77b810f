import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** no-sale: the tracker never heard of the sale (refunded before it was reported): nothing sent. */
export type ReversalStatus = 'sending' | 'sent' | 'failed' | 'no-sale';

export type ReversalReason = 'refund' | 'chargeback';

/**
 * The marker that a refunded or charged-back payment's reversal was reported to the affiliate
 * tracker: claimed (unique provider + payment id) before the report is sent, so however many
 * refund and chargeback events arrive for the payment, the tracker hears of it once.
 */
@Schema({ collection: 'affiliate_reversals', timestamps: true })
export class AffiliateReversal {
  @Prop({ type: String, required: true })
  provider: string;

  @Prop({ type: String, required: true })
  paymentId: string;

  @Prop({ type: String, required: true })
  userId: string;

  /** What ended the payment first: a refund, or a chargeback (a lost dispute, a reversal). */
  @Prop({ type: String, enum: ['refund', 'chargeback'], required: true })
  reason: ReversalReason;

  @Prop({ type: String, enum: ['sending', 'sent', 'failed', 'no-sale'], required: true })
  status: ReversalStatus;

  /** The tracker's HTTP status, or why nothing came back ('timeout', 'network'). */
  @Prop({ type: String, default: null })
  outcome: string | null;
}

export const AffiliateReversalSchema = SchemaFactory.createForClass(AffiliateReversal);
AffiliateReversalSchema.index({ provider: 1, paymentId: 1 }, { unique: true });
