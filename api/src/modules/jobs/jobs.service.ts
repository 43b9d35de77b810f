import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { JobCredits, JobState } from 'contracts';
import type { Allowance, Hold } from '../../common/allowance/allowance.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { INSTANCE_ID } from '../../common/process/instance-id.js';
import { JOB_LOST, jobsErrors } from './jobs.errors.js';
import { JobsRepository, type JobRecord } from './jobs.repository.js';

export type { JobRecord };

/** How often a running job renews its lease and looks for a cancel made on another instance. */
export const HEARTBEAT_MS = 2000;
/** A running job whose lease is this old was left by a process that stopped. */
export const LEASE_MS = 30_000;
/** How often each instance looks for lapsed and expired jobs (and once at start). */
export const SWEEP_MS = 30_000;

type Local = { controller: AbortController; timer: NodeJS.Timeout };

/**
 * Jobs, once (docs/architecture.md): long work that runs in the process that received its file
 * (the bytes never leave it; no queue), while its state, progress and result live in MongoDB so
 * that any instance answers its owner. The running instance renews a lease; a job whose lease
 * lapses (its process died) is marked failed by whichever instance sweeps next, and its hold
 * given back through the allowance of its kind. A cancel is written to the job; the running
 * instance sees it at once when it is this one, else at its next heartbeat, and stops.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobsService.name);
  private readonly local = new Map<string, Local>();
  private readonly allowances = new Map<string, Allowance>();
  private sweeper: NodeJS.Timeout | null = null;
  private readonly ttlMs: number;

  constructor(
    private readonly repository: JobsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ttlMs = config.jobs.ttlMs;
  }

  /** The allowance a kind's holds are in (the sweep gives lapsed jobs' holds back there). */
  registerAllowance(kind: string, allowance: Allowance): void {
    this.allowances.set(kind, allowance);
  }

  onApplicationBootstrap(): void {
    void this.sweepOrLog();
    this.sweeper = setInterval(() => void this.sweepOrLog(), SWEEP_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    // Work still running here stops; what its runner cannot write, the next sweep settles.
    for (const { controller, timer } of this.local.values()) {
      clearInterval(timer);
      controller.abort(new Error('the API is stopping'));
    }
    this.local.clear();
  }

  newId(): string {
    return randomUUID();
  }

  /**
   * Records a running job of this instance (its hold already taken) and starts its heartbeat;
   * `controller` is the one its work listens to, aborted by a cancel or a lost lease.
   */
  async open(input: {
    id: string;
    kind: string;
    owner: string;
    pagesTotal: number;
    fileName?: string | null;
    hold: Hold | null;
    controller: AbortController;
  }): Promise<RunningJob> {
    const now = Date.now();
    await this.repository.insert({
      id: input.id,
      kind: input.kind,
      owner: input.owner,
      state: 'running',
      pagesDone: 0,
      pagesTotal: input.pagesTotal,
      fileName: input.fileName ?? null,
      instanceId: INSTANCE_ID,
      leaseUntil: new Date(now + LEASE_MS),
      holdRef: input.hold?.ref ?? null,
      credits: null,
      expireAt: new Date(now + this.ttlMs),
    });
    const timer = setInterval(() => void this.heartbeat(input.id), HEARTBEAT_MS);
    timer.unref();
    this.local.set(input.id, { controller: input.controller, timer });
    return new RunningJob(this, input.id, input.kind, input.owner, input.hold, input.pagesTotal);
  }

  /** The owner's job, from any instance; someone else's or an unknown one: JOB_NOT_FOUND. */
  async get(id: string, owner: string): Promise<JobRecord> {
    const job = await this.repository.findById(id);
    if (!job || job.owner !== owner || job.expireAt.getTime() < Date.now()) {
      throw jobsErrors.notFound();
    }
    return job;
  }

  /**
   * Cancels the owner's running job (an ended one is left as it is): written to the job, so the
   * instance running it stops, here at once, elsewhere at its next heartbeat. Its runner then
   * gives back the pages not read.
   */
  async cancel(id: string, owner: string): Promise<JobRecord> {
    const job = await this.get(id, owner);
    if (job.state === 'running' && (await this.repository.end(id, 'cancelled', {}))) {
      this.local.get(id)?.controller.abort(new Error('cancelled'));
    }
    return this.get(id, owner);
  }

  /**
   * Running jobs whose lease lapsed: failed, their hold given back whole (the person got
   * nothing); cancelled ones whose runner died before settling: the pages read stay spent.
   * Then jobs past their expiry are deleted. Answers how many were settled.
   */
  async sweep(now = new Date()): Promise<number> {
    let settled = 0;
    for (const job of await this.repository.findLapsed(now)) {
      if (this.local.has(job.id)) continue; // ours and alive: its heartbeat renews it
      if (!(await this.repository.end(job.id, 'failed', { error: JOB_LOST }))) continue;
      await this.settle(job.id, job.kind, job.owner, job.holdRef, 'failed', 0);
      settled += 1;
    }
    await this.repository.deleteExpired(now);
    return settled;
  }

  // The pieces RunningJob uses.

  /** @internal */
  async progress(id: string, pagesDone: number): Promise<void> {
    await this.repository.setProgress(id, pagesDone);
  }

  /**
   * @internal Ends the job as `state` unless it ended already (cancelled or swept), then closes
   * its hold for the state it is really in: done or cancelled keep `used` spent, failed none.
   */
  async end(
    id: string,
    kind: string,
    owner: string,
    hold: Hold | null,
    state: Exclude<JobState, 'running'>,
    fields: { result?: unknown; error?: { code: string; error: string } },
    used: number,
  ): Promise<JobState> {
    const local = this.local.get(id);
    if (local) clearInterval(local.timer);
    this.local.delete(id);
    const ended = await this.repository.end(id, state, { ...fields, pagesDone: used });
    const actual = ended ? state : ((await this.repository.findById(id))?.state ?? state);
    await this.settle(id, kind, owner, hold?.ref ?? null, actual, used, hold?.amount);
    return actual;
  }

  private async settle(
    id: string,
    kind: string,
    owner: string,
    holdRef: string | null,
    state: JobState,
    used: number,
    reserved?: number,
  ): Promise<void> {
    const allowance = this.allowances.get(kind);
    if (!holdRef || !allowance) return;
    const spent = state === 'failed' ? 0 : used;
    await allowance.commit({ userId: owner, ref: holdRef }, spent);
    const job = await this.repository.findById(id);
    const total = reserved ?? job?.pagesTotal ?? 0;
    const credits: JobCredits = { reserved: total, spent, refunded: total - spent };
    await this.repository.setCredits(id, credits);
  }

  private async heartbeat(id: string): Promise<void> {
    const local = this.local.get(id);
    if (!local) return;
    try {
      const state = await this.repository.renewLease(id, new Date(Date.now() + LEASE_MS));
      if (state !== 'running') local.controller.abort(new Error(`job ${String(state)}`));
    } catch (error) {
      // The database away for a beat: the lease outlives many heartbeats.
      this.logger.warn(`Job ${id}: heartbeat not written: ${(error as Error).message}`);
    }
  }

  private async sweepOrLog(): Promise<void> {
    try {
      const settled = await this.sweep();
      if (settled > 0) this.logger.log(`Failed ${String(settled)} job(s) whose instance stopped`);
    } catch (error) {
      this.logger.warn(`Jobs sweep failed: ${(error as Error).message}`);
    }
  }
}

/** A job running in this process: its work reports pages and ends it once. */
export class RunningJob {
  private pagesDone = 0;
  private ended: Promise<JobState> | null = null;

  constructor(
    private readonly jobs: JobsService,
    readonly id: string,
    private readonly kind: string,
    private readonly owner: string,
    private readonly hold: Hold | null,
    readonly pagesTotal: number,
  ) {}

  /** One more page read: progress for anyone polling, and one unit that stays spent. */
  async pageRead(): Promise<void> {
    this.pagesDone += 1;
    await this.jobs.progress(this.id, this.pagesDone);
  }

  get pagesRead(): number {
    return this.pagesDone;
  }

  finish(result: unknown): Promise<JobState> {
    return this.endOnce('done', { result });
  }

  fail(error: { code: string; error: string }): Promise<JobState> {
    return this.endOnce('failed', { error });
  }

  private endOnce(
    state: 'done' | 'failed',
    fields: { result?: unknown; error?: { code: string; error: string } },
  ): Promise<JobState> {
    this.ended ??= this.jobs.end(
      this.id,
      this.kind,
      this.owner,
      this.hold,
      state,
      fields,
      this.pagesDone,
    );
    return this.ended;
  }
}
