import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { PLAN_TYPES, ROLES, type PlanType, type Role } from 'contracts';
import type { HydratedDocument } from 'mongoose';

export type { Role };

/** Every field of spec §3 'User', main and add-on, keyed by the provider's subject id. */
@Schema({ collection: 'users', timestamps: true })
export class User {
  @Prop({ type: String, required: true, unique: true })
  googleId: string;

  @Prop({ type: String, required: true })
  name: string;

  @Prop({ type: String, required: true })
  email: string;

  @Prop({ type: Boolean, default: false })
  isPremium: boolean;

  @Prop({ type: String, enum: PLAN_TYPES, default: 'Free user' })
  planType: PlanType;

  @Prop({ type: Date, default: null })
  premiumSince: Date | null;

  @Prop({ type: Date, default: null })
  nextBilling: Date | null;

  @Prop({ type: Date, default: null })
  validTill: Date | null;

  @Prop({ type: Boolean, default: false })
  isCancelled: boolean;

  @Prop({ type: Boolean, default: false })
  isTrialPlan: boolean;

  @Prop({ type: String, default: null })
  subscriptionId: string | null;

  @Prop({ type: Boolean, default: false })
  isTextOcrFeedbackSubmitted: boolean;

  @Prop({ type: Boolean, default: false })
  isExtPremium: boolean;

  @Prop({ type: String, default: null })
  extPlan: string | null;

  @Prop({ type: Date, default: null })
  extLastBilled: Date | null;

  @Prop({ type: Date, default: null })
  extNextBilling: Date | null;

  @Prop({ type: Date, default: null })
  extValidTill: Date | null;

  @Prop({ type: Boolean, default: false })
  isExtCancelled: boolean;

  @Prop({ type: Number, default: 0, min: 0 })
  topUpBalance: number;

  /** New users get 5 free add-on credits (spec §9). */
  @Prop({ type: Number, default: 5, min: 0 })
  defaultBalance: number;

  @Prop({ type: [String], enum: ROLES, default: [] })
  roles: Role[];
}

export type UserDocument = HydratedDocument<User>;
export const UserSchema = SchemaFactory.createForClass(User);
