import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';
import type { SeenRef, Term } from '../entitlements.js';

/**
 * One person's plans and add-on credits (spec §3), owned by the billing module; the users
 * module keeps identity. Plan changes go through entitlements.service.ts as conditional updates
 * on `rev`; credits through credits.service.ts as conditional increments.
 */
@Schema({ collection: 'entitlements', timestamps: true })
export class Entitlement {
  @Prop({ type: String, required: true })
  userId: string;

  /** Bumped by every plan change: a change is written only over the state it was computed from. */
  @Prop({ type: Number, default: 0 })
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

  /** The plan fields this person's user document carried before they moved here, as they were. */
  @Prop({ type: MongooseSchema.Types.Mixed, default: null })
  migratedFrom: Record<string, unknown> | null;
}

export const EntitlementSchema = SchemaFactory.createForClass(Entitlement);
EntitlementSchema.index({ userId: 1 }, { unique: true });
