import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One row per user who received the first-feedback bonus. The unique index makes the grant
 * exactly-once: of parallel first feedbacks only one insert succeeds (a conditional update of
 * the user's flag let two through on FerretDB).
 */
@Schema({ collection: 'feedback_bonuses', timestamps: true })
export class FeedbackBonus {
  @Prop({ type: String, required: true })
  userId: string;

  /** The UTC day the extra extractions were added to. */
  @Prop({ type: String, required: true })
  day: string;
}

export const FeedbackBonusSchema = SchemaFactory.createForClass(FeedbackBonus);
FeedbackBonusSchema.index({ userId: 1 }, { unique: true });
