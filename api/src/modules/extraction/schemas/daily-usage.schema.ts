import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One row per user per UTC day: extractions granted beyond the plan's allowance (the feedback
 * bonus) and a summary of what was used and what remains, recomputed from the slots after every
 * change (extraction-slot.schema.ts holds the truth).
 */
@Schema({ collection: 'daily_usage', timestamps: true })
export class DailyUsage {
  @Prop({ type: String, required: true })
  userId: string;

  /** UTC date, YYYY-MM-DD. */
  @Prop({ type: String, required: true })
  day: string;

  @Prop({ type: Number, required: true, default: 0 })
  used: number;

  @Prop({ type: Number, required: true })
  remaining: number;

  @Prop({ type: Number, default: 0 })
  extra: number;
}

export const DailyUsageSchema = SchemaFactory.createForClass(DailyUsage);
DailyUsageSchema.index({ userId: 1, day: 1 }, { unique: true });
