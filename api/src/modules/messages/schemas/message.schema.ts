import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';

import {
  FORMS,
  MESSAGE_KINDS,
  SURFACES,
  type FormName,
  type MessageKind,
  type Surface,
} from 'contracts';

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
