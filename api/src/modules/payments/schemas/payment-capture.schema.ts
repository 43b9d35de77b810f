import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The first sighting of a provider payment as paid, whichever path saw it (verify call, webhook,
 * reconciliation). Its unique index is the one atomic step they race on — a conditional update
 * is not atomic against another on every database we run on (FerretDB applies updates as
 * read-modify-write) — and its `at` is the time every path grants with, so they converge.
 */
@Schema({ collection: 'payment_captures', timestamps: true })
export class PaymentCapture {
  @Prop({ type: String, required: true })
  provider: string;

  @Prop({ type: String, required: true })
  paymentId: string;

  @Prop({ type: String, required: true })
  orderId: string;

  @Prop({ type: String, required: true })
  userId: string;

  @Prop({ type: Date, required: true })
  at: Date;
}

export const PaymentCaptureSchema = SchemaFactory.createForClass(PaymentCapture);
PaymentCaptureSchema.index({ provider: 1, paymentId: 1 }, { unique: true });
