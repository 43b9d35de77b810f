import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One row per user per UTC day: what they used and what they may still use today. */
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
}

export const DailyUsageSchema = SchemaFactory.createForClass(DailyUsage);
DailyUsageSchema.index({ userId: 1, day: 1 }, { unique: true });
