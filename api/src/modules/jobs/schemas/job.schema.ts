import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';
import type { JobCredits, JobState } from 'contracts';

/**
 * One piece of long work (a table reading of the add-on) as every API instance sees it: who owns
 * it, how far it is, its lease, and its result once done. Never the uploaded file: the work runs
 * in the process that received the bytes (jobs.service.ts). `_id` is a random UUID.
 */
@Schema({ collection: 'jobs', timestamps: { createdAt: true, updatedAt: false } })
export class Job {
  @Prop({ type: String, required: true })
  _id: string;

  /** What work it is ('tables'): says which allowance its hold is in. */
  @Prop({ type: String, required: true })
  kind: string;

  /** The user id of the person who started it: the only one who may read or cancel it. */
  @Prop({ type: String, required: true })
  owner: string;

  @Prop({ type: String, required: true, enum: ['running', 'done', 'failed', 'cancelled'] })
  state: JobState;

  @Prop({ type: Number, default: 0 })
  pagesDone: number;

  @Prop({ type: Number, default: 0 })
  pagesTotal: number;

  /** The name the file was sent with (downloads are named after it); null when none. */
  @Prop({ type: String, default: null })
  fileName: string | null;

  /** The API instance running it (usage.repository.ts INSTANCE_ID). */
  @Prop({ type: String, required: true })
  instanceId: string;

  /** Renewed by the running instance's heartbeat; a running job past it belongs to no one. */
  @Prop({ type: Date, required: true })
  leaseUntil: Date;

  @Prop({ type: Date, required: true })
  heartbeatAt: Date;

  /** The allowance hold of the units reserved for it (common/allowance), closed when it ends. */
  @Prop({ type: String, default: null })
  holdRef: string | null;

  @Prop({ type: MongooseSchema.Types.Mixed, default: null })
  credits: JobCredits | null;

  /**
   * The work's answer once done (tables and invoice fields) as JSON text, kept until expireAt:
   * FerretDB 1.x refuses nested arrays, and a table is rows of cells.
   */
  @Prop({ type: String, default: null })
  resultJson: string | null;

  @Prop({ type: MongooseSchema.Types.Mixed, default: null })
  error: { code: string; error: string } | null;

  /** When the job and its result are deleted (a TTL index; the sweep also deletes past it). */
  @Prop({ type: Date, required: true })
  expireAt: Date;

  createdAt?: Date;
}

export const JobSchema = SchemaFactory.createForClass(Job);
JobSchema.index({ expireAt: 1 }, { expireAfterSeconds: 0 });
JobSchema.index({ state: 1, leaseUntil: 1 });
