import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The newest state we have seen of a provider subscription (the hosted overlay's): whose it is,
 * what it sells, its status and dates, for the portal link, reconciliation and support. The plan
 * itself lives in the billing module's entitlements; this is the provider's side of it.
 */
@Schema({ collection: 'provider_subscriptions', timestamps: true })
export class ProviderSubscription {
  @Prop({ type: String, required: true })
  provider: string;

  @Prop({ type: String, required: true })
  subscriptionId: string;

  @Prop({ type: String, required: true })
  userId: string;

  /** 'main' or 'addon'. */
  @Prop({ type: String, required: true })
  scope: string;

  /** The plan code or add-on option its variant sells ('pro-yearly', 'sub100'…). */
  @Prop({ type: String, required: true })
  product: string;

  @Prop({ type: String, required: true })
  status: string;

  @Prop({ type: Date, default: null })
  renewsAt: Date | null;

  @Prop({ type: Date, default: null })
  endsAt: Date | null;

  /** The provider's updated_at of the state stored here. */
  @Prop({ type: Date, required: true })
  providerUpdatedAt: Date;

  /** The order that started it (its refund ends the subscription). */
  @Prop({ type: String, default: null })
  orderId: string | null;

  @Prop({ type: String, default: null })
  customerEmail: string | null;
}

export const ProviderSubscriptionSchema = SchemaFactory.createForClass(ProviderSubscription);
ProviderSubscriptionSchema.index({ provider: 1, subscriptionId: 1 }, { unique: true });
ProviderSubscriptionSchema.index({ userId: 1, scope: 1, providerUpdatedAt: -1 });
ProviderSubscriptionSchema.index({ provider: 1, orderId: 1 });
