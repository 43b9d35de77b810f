import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Currency } from 'contracts';

export type OrderStatus = 'created' | 'paid' | 'refunded';

/**
 * An order made at a provider for one person and one plan, priced by the server. What a payment
 * grants is read from here, never from what the page sends back.
 */
@Schema({ collection: 'payment_orders', timestamps: true })
export class PaymentOrder {
  @Prop({ type: String, required: true })
  provider: string;

  /** The provider's order id (Razorpay: order_…). */
  @Prop({ type: String, required: true })
  orderId: string;

  @Prop({ type: String, required: true })
  userId: string;

  /** The plan this order pays for ('Pro Monthly'…). */
  @Prop({ type: String, required: true })
  plan: string;

  /** The price in major units (rupees), as the catalogue and the payments list show it. */
  @Prop({ type: Number, required: true, min: 0 })
  amount: number;

  /** The same in the currency's smallest unit (paise), as the provider counts it. */
  @Prop({ type: Number, required: true, min: 0 })
  amountMinor: number;

  @Prop({ type: String, enum: ['INR', 'USD'], required: true })
  currency: Currency;

  /** created → paid (once, by whichever of verify, webhook or reconciliation comes first) → refunded. */
  @Prop({ type: String, enum: ['created', 'paid', 'refunded'], required: true })
  status: OrderStatus;

  /** The payment that paid it, set with status 'paid'. */
  @Prop({ type: String, default: null })
  paymentId: string | null;

  /** When it was paid: the one time every path grants with, so they converge. */
  @Prop({ type: Date, default: null })
  paidAt: Date | null;

  @Prop({ type: Date, default: null })
  refundedAt: Date | null;

  /** The affiliate referral (`aff`) the buyer came with, for the tracker's sale conversion. */
  @Prop({ type: String, default: null })
  affiliate: string | null;

  /** The reconciliation job's last look at the provider. */
  @Prop({ type: Date, default: null })
  checkedAt: Date | null;
}

export const PaymentOrderSchema = SchemaFactory.createForClass(PaymentOrder);
PaymentOrderSchema.index({ provider: 1, orderId: 1 }, { unique: true });
PaymentOrderSchema.index({ userId: 1, createdAt: -1 });
// The reconciliation job: unpaid orders of a provider by age.
PaymentOrderSchema.index({ provider: 1, status: 1, createdAt: 1 });
// The refund sweep: paid orders of a provider by when they were paid.
PaymentOrderSchema.index({ provider: 1, status: 1, paidAt: 1 });
