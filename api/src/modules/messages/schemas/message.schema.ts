import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';

export const MESSAGE_KINDS = ['feedback', 'contact'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Where a message was sent from: the text OCR tool or the spreadsheet add-on. */
export const SURFACES = ['text-ocr', 'sheets-addon'] as const;
export type Surface = (typeof SURFACES)[number];

/** Which form: the route it came through (spec §7). */
export const FORMS = [
  'feedback',
  'text-ocr-feedback',
  'sheets-extension-feedback',
  'contact',
] as const;
export type FormName = (typeof FORMS)[number];

/** A feedback or contact message, stored sanitised, read by support staff on /support. */
@Schema({ collection: 'messages', timestamps: true })
export class Message {
  @Prop({ type: String, enum: MESSAGE_KINDS, required: true })
  kind: MessageKind;

  @Prop({ type: String, enum: SURFACES, required: true })
  surface: Surface;

  @Prop({ type: String, enum: FORMS, required: true })
  form: FormName;

  /** The form's fields, sanitised (spam trap excluded). */
  @Prop({ type: MongooseSchema.Types.Mixed, required: true })
  fields: Record<string, string | number>;

  /** Every text of the message, lower-cased, for the inbox search. */
  @Prop({ type: String, required: true })
  searchText: string;

  @Prop({ type: String, default: null })
  userId: string | null;

  @Prop({ type: String, default: null })
  userEmail: string | null;

  @Prop({ type: String, default: '' })
  userAgent: string;

  @Prop({ type: Boolean, default: false })
  handled: boolean;

  @Prop({ type: Date, default: null })
  handledAt: Date | null;

  @Prop({ type: String, default: null })
  handledBy: string | null;
}

export const MessageSchema = SchemaFactory.createForClass(Message);
MessageSchema.index({ createdAt: -1 });

/** Submissions caught by the hidden field, counted per form and day; their content is not kept. */
@Schema({ collection: 'spam_counts' })
export class SpamCount {
  @Prop({ type: String, enum: FORMS, required: true })
  form: FormName;

  @Prop({ type: String, required: true })
  day: string;

  @Prop({ type: Number, default: 0 })
  count: number;
}

export const SpamCountSchema = SchemaFactory.createForClass(SpamCount);
SpamCountSchema.index({ form: 1, day: 1 }, { unique: true });

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
