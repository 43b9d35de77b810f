import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';
import type { CreditHold, SeenRef, Term } from '../entitlements.js';

/**
 * A person's plans and add-on credits (spec §3), owned by the billing module; the users module
 * keeps identity. `entitlements` holds the current state (`_id` = the user's id);
 * `entitlement_revisions` the numbered revisions each change claims first (`_id` =
 * `<userId>#<rev>`; entitlements.repository.ts explains why).
 */
@Schema({ collection: 'entitlements', timestamps: false })
export class Entitlement {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: String, required: true })
  userId: string;

  /** 1, 2, 3…: the revision this state is (its claim's `_id` is unique per person and number). */
  @Prop({ type: Number, required: true })
  rev: number;

  /** The text-OCR plan (see entitlements.ts, Term); null or absent: free. */
  @Prop({ type: MongooseSchema.Types.Mixed, default: null })
  main: Term | null;

  /** What is known of each payment or subscription of the main plan, newest last. */
  @Prop({ type: [MongooseSchema.Types.Mixed], default: [] })
  mainSeen: SeenRef[];

  /** The add-on subscription; null or absent: none. */
  @Prop({ type: MongooseSchema.Types.Mixed, default: null })
  addon: Term | null;

  @Prop({ type: [MongooseSchema.Types.Mixed], default: [] })
  addonSeen: SeenRef[];

  /** Bought add-on credits: they never expire. */
  @Prop({ type: Number, default: 0, min: 0 })
  topUpBalance: number;

  /** The month's add-on allowance left (valid for balanceMonth only). */
  @Prop({ type: Number, default: 0, min: 0 })
  defaultBalance: number;

  /** 'YYYY-MM' (UTC) of defaultBalance. */
  @Prop({ type: String, default: null })
  balanceMonth: string | null;

  /** Orders and support operations already credited to topUpBalance (each counts once). */
  @Prop({ type: [String], default: [] })
  appliedOrders: string[];

  /** Add-on subscriptions whose first month's allowance was given (each once). */
  @Prop({ type: [String], default: [] })
  allowanceRefs: string[];

  /** Credits reserved for add-on work still running, each under its ref (credits.service.ts). */
  @Prop({ type: [MongooseSchema.Types.Mixed], default: [] })
  creditHolds: CreditHold[];

  /** The refs of the latest closed holds: a repeated commit or refund of one changes nothing. */
  @Prop({ type: [String], default: [] })
  closedHolds: string[];

  /** The plan fields this person's user document carried before they moved here, as they were. */
  @Prop({ type: MongooseSchema.Types.Mixed, default: null })
  migratedFrom: Record<string, unknown> | null;
}

export const EntitlementSchema = SchemaFactory.createForClass(Entitlement);
