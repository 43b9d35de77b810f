import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One of a user's extractions of a UTC day, numbered 1..allowance. The unique index is what makes
 * the daily limit exact under parallel requests: FerretDB applies a conditional update
 * (`remaining > 0` then decrement) without isolation, so 20 parallel requests could all pass,
 * while only one insert of a given slot number can succeed.
 */
@Schema({ collection: 'extraction_slots', timestamps: { createdAt: true, updatedAt: false } })
export class ExtractionSlot {
  @Prop({ type: String, required: true })
  userId: string;

  @Prop({ type: String, required: true })
  day: string;

  @Prop({ type: Number, required: true, min: 1 })
  slot: number;
}

export const ExtractionSlotSchema = SchemaFactory.createForClass(ExtractionSlot);
ExtractionSlotSchema.index({ userId: 1, day: 1, slot: 1 }, { unique: true });
