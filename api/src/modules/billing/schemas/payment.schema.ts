import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Currency } from 'contracts';

/** A payment a person made (their account page lists them; the refund policy asks for the id). */
@Schema({ collection: 'payments', timestamps: true })
export class Payment {
  @Prop({ type: String, required: true })
  provider: string;

  /** The provider's payment id. */
  @Prop({ type: String, required: true })
  paymentId: string;

  @Prop({ type: String, required: true })
  userId: string;

  /** The plan or add-on option bought ('Pro Monthly', 'topUp500'…). */
  @Prop({ type: String, required: true })
  plan: string;

  @Prop({ type: Number, required: true, min: 0 })
  amount: number;

  @Prop({ type: String, enum: ['INR', 'USD'], required: true })
  currency: Currency;

  @Prop({ type: Date, required: true })
  paidAt: Date;
}

export const PaymentSchema = SchemaFactory.createForClass(Payment);
// One row per provider payment, however often its events arrive.
PaymentSchema.index({ provider: 1, paymentId: 1 }, { unique: true });
PaymentSchema.index({ userId: 1, paidAt: -1 });
