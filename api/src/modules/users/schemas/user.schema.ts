import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { ROLES, type Role } from 'contracts';
import type { HydratedDocument } from 'mongoose';

export type { Role };

/**
 * The person's identity (spec §3 'User'), keyed by the provider's subject id. Plans and add-on
 * credits belong to the billing module (its entitlements collection).
 */
@Schema({ collection: 'users', timestamps: true })
export class User {
  @Prop({ type: String, required: true, unique: true })
  googleId: string;

  @Prop({ type: String, required: true })
  name: string;

  @Prop({ type: String, required: true })
  email: string;

  @Prop({ type: Boolean, default: false })
  isTextOcrFeedbackSubmitted: boolean;

  @Prop({ type: [String], enum: ROLES, default: [] })
  roles: Role[];
}

export type UserDocument = HydratedDocument<User>;
export const UserSchema = SchemaFactory.createForClass(User);

/**
 * The plan fields user documents carried before the billing module owned them; the billing
 * module's start-up migration moves them to its entitlements collection.
 */
export const LEGACY_PLAN_FIELDS = [
  'isPremium',
  'planType',
  'premiumSince',
  'nextBilling',
  'validTill',
  'isCancelled',
  'isTrialPlan',
  'subscriptionId',
  'isExtPremium',
  'extPlan',
  'extLastBilled',
  'extNextBilling',
  'extValidTill',
  'isExtCancelled',
  'topUpBalance',
  'defaultBalance',
] as const;
