import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A successful extraction, for usage reporting. The file and its text are never stored. */
@Schema({ collection: 'extractions', timestamps: { createdAt: true, updatedAt: false } })
export class ExtractionRecord {
  @Prop({ type: String, required: true, index: true })
  userId: string;

  @Prop({ type: String, enum: ['image', 'pdf'], required: true })
  kind: 'image' | 'pdf';

  @Prop({ type: String, enum: ['pdf-text', 'ocr'], required: true })
  source: 'pdf-text' | 'ocr';

  @Prop({ type: Number, required: true })
  characters: number;

  @Prop({ type: String, default: null })
  searchTerm: string | null;

  @Prop({ type: String, default: null })
  keyword: string | null;
}

export const ExtractionRecordSchema = SchemaFactory.createForClass(ExtractionRecord);
