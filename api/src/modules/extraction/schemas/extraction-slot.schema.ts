import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One of a user's extractions of a UTC day, numbered 1..allowance. The unique index is what makes
 * the daily limit exact under parallel requests: FerretDB applies a conditional update
 * (`remaining > 0` then decrement) without isolation, so 20 parallel requests could all pass,
 * while only one insert of a given slot number can succeed.
 *
 * A slot is `held` from the moment it is taken until its extraction is recorded; a held slot
 * whose job died with its process (killed, crashed) is given back when an API starts, once it is
 * older than the longest a job can run, so that no live job on any instance can own it.
 * Slots without a state (before this field) count as recorded.
 */
@Schema({ collection: 'extraction_slots', timestamps: { createdAt: true, updatedAt: false } })
export class ExtractionSlot {
  @Prop({ type: String, required: true })
  userId: string;

  @Prop({ type: String, required: true })
  day: string;

  @Prop({ type: Number, required: true, min: 1 })
  slot: number;

  @Prop({ type: String, enum: ['held', 'recorded'], default: 'recorded' })
  state?: 'held' | 'recorded';

  /** The API instance whose job holds it (diagnostics: which process died). */
  @Prop({ type: String })
  heldBy?: string;

  @Prop({ type: Date })
  heldAt?: Date;
}

export const ExtractionSlotSchema = SchemaFactory.createForClass(ExtractionSlot);
ExtractionSlotSchema.index({ userId: 1, day: 1, slot: 1 }, { unique: true });
ExtractionSlotSchema.index({ state: 1, heldAt: 1 });
