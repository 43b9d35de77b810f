import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** withheld: the payment was refunded before its sale was reported: nothing sent. */
export type ConversionStatus = 'sending' | 'sent' | 'failed' | 'withheld';

/**
 * The marker that a payment's sale conversion was reported to the affiliate tracker: claimed
 * (unique provider + payment id) before the report is sent, so however many paths fulfil the
 * payment, the tracker hears of it once.
 */
@Schema({ collection: 'affiliate_conversions', timestamps: true })
export class AffiliateConversion {
  @Prop({ type: String, required: true })
  provider: string;

  @Prop({ type: String, required: true })
  paymentId: string;

  @Prop({ type: String, required: true })
  userId: string;

  /** The referral (`aff`) stored with the order, or null. */
  @Prop({ type: String, default: null })
  affiliate: string | null;

  /** The sale in USD as reported. */
  @Prop({ type: Number, required: true, min: 0 })
  amountUsd: number;

  @Prop({ type: String, enum: ['sending', 'sent', 'failed', 'withheld'], required: true })
  status: ConversionStatus;

  /** The tracker's HTTP status, or why nothing came back ('timeout', 'network'). */
  @Prop({ type: String, default: null })
  outcome: string | null;
}

export const AffiliateConversionSchema = SchemaFactory.createForClass(AffiliateConversion);
AffiliateConversionSchema.index({ provider: 1, paymentId: 1 }, { unique: true });
