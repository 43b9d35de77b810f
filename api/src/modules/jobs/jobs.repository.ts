import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { JobCredits, JobState } from 'contracts';
import { Job } from './schemas/job.schema.js';

/** A job as the services see it (FerretDB 1.x may drop null fields: read as absent). */
export type JobRecord = {
  id: string;
  kind: string;
  owner: string;
  state: JobState;
  pagesDone: number;
  pagesTotal: number;
  fileName: string | null;
  instanceId: string;
  leaseUntil: Date;
  holdRef: string | null;
  credits: JobCredits | null;
  result: unknown;
  error: { code: string; error: string } | null;
  expireAt: Date;
};

// Counters written later may be absent from a document read back.
type JobDoc = Omit<Job, 'pagesDone' | 'pagesTotal'> & {
  _id: string;
  pagesDone?: number;
  pagesTotal?: number;
};

const toRecord = (doc: JobDoc): JobRecord => ({
  id: doc._id,
  kind: doc.kind,
  owner: doc.owner,
  state: doc.state,
  pagesDone: doc.pagesDone ?? 0,
  pagesTotal: doc.pagesTotal ?? 0,
  fileName: doc.fileName ?? null,
  instanceId: doc.instanceId,
  leaseUntil: doc.leaseUntil,
  holdRef: doc.holdRef ?? null,
  credits: doc.credits ?? null,
  result: doc.resultJson ? (JSON.parse(doc.resultJson) as unknown) : null,
  error: doc.error ?? null,
  expireAt: doc.expireAt,
});

/**
 * The `jobs` collection. Every state change is conditional on the job still running, so a job
 * that was cancelled or swept is not turned back into done by its late runner. (FerretDB 1.x
 * applies a conditional update as a read then a write: two racing ends may both pass; whatever
 * they spend goes through the allowance, which closes a hold once, so the money is never wrong.)
 */
@Injectable()
export class JobsRepository {
  constructor(@InjectModel(Job.name) private readonly jobs: Model<Job>) {}

  async insert(job: Omit<JobRecord, 'result' | 'error'>): Promise<JobRecord> {
    const now = new Date();
    const { id, ...rest } = job;
    await this.jobs.create({ _id: id, ...rest, heartbeatAt: now, resultJson: null, error: null });
    return { ...job, result: null, error: null };
  }

  async findById(id: string): Promise<JobRecord | null> {
    const doc = await this.jobs
      .findOne({ _id: { $eq: id } })
      .lean<JobDoc>()
      .exec();
    return doc ? toRecord(doc) : null;
  }

  /** Renews a running job's lease; answers the job's state (a cancel or sweep shows here). */
  async renewLease(id: string, leaseUntil: Date): Promise<JobState | null> {
    await this.jobs
      .updateOne({ _id: id, state: 'running' }, { $set: { leaseUntil, heartbeatAt: new Date() } })
      .exec();
    const doc = await this.jobs
      .findOne({ _id: { $eq: id } }, { state: 1 })
      .lean()
      .exec();
    return doc?.state ?? null;
  }

  async setProgress(id: string, pagesDone: number): Promise<void> {
    await this.jobs.updateOne({ _id: id, state: 'running' }, { $set: { pagesDone } }).exec();
  }

  /** Ends a running job (done, failed or cancelled); false when it had already ended. */
  async end(
    id: string,
    state: Exclude<JobState, 'running'>,
    fields: { result?: unknown; error?: { code: string; error: string }; pagesDone?: number },
  ): Promise<boolean> {
    const { result, ...rest } = fields;
    const set = result === undefined ? rest : { ...rest, resultJson: JSON.stringify(result) };
    const { modifiedCount } = await this.jobs
      .updateOne({ _id: id, state: 'running' }, { $set: { state, ...set } })
      .exec();
    return modifiedCount > 0;
  }

  /** What the job's hold came to, written once the allowance has closed it. */
  async setCredits(id: string, credits: JobCredits): Promise<void> {
    await this.jobs.updateOne({ _id: id }, { $set: { credits } }).exec();
  }

  /** Running jobs whose lease ended before `now`: their instance stopped renewing it. */
  async findLapsed(now: Date): Promise<JobRecord[]> {
    const docs = await this.jobs
      .find({ state: 'running', leaseUntil: { $lt: now } })
      .lean<JobDoc[]>()
      .exec();
    return docs.map(toRecord);
  }

  /** Deletes jobs past their expiry (the TTL index does it on MongoDB; FerretDB has none). */
  async deleteExpired(now: Date): Promise<number> {
    const { deletedCount } = await this.jobs.deleteMany({ expireAt: { $lt: now } }).exec();
    return deletedCount;
  }
}
