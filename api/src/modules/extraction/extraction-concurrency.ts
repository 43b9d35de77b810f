import { Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { quotaErrors } from './extraction.errors.js';
import '../auth/auth.types.js';

/**
 * A user's slot for one request: given back once the answer has gone (or the client went away)
 * and the job the request started, if any, has ended.
 */
class Slot {
  /** The response, until it closes; the job, while it runs. */
  private holders = 1;

  constructor(private readonly free: () => void) {}

  /** A hold for the job; null when the slot was given back already (the client left first). */
  hold(): (() => void) | null {
    if (this.holders === 0) return null;
    this.holders += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.release();
    };
  }

  release(): void {
    this.holders -= 1;
    if (this.holders === 0) this.free();
  }
}

/**
 * How many extractions each user has running, capped so one account (a premium one included)
 * cannot fill the engine's whole pool. A slot is taken before the upload is read and given back
 * when the answer has gone and the job has ended: a client that disconnects mid-extraction keeps
 * its slot until the engine is done with its file (ExtractionSlotInterceptor), so it cannot
 * start another in its place. The count is per API instance: with several instances a user may
 * run the cap on each.
 */
@Injectable()
export class ExtractionConcurrency {
  private readonly running = new Map<string, number>();
  private readonly slots = new WeakMap<Request, Slot>();
  private readonly perUser: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.perUser = config.extractLimits.concurrentPerUser;
  }

  /** Middleware for the upload route, after sign-in: the caller's slot, or 429. */
  readonly admit = (req: Request, res: Response, next: NextFunction): void => {
    const id = req.user?.id;
    if (!id) {
      next();
      return;
    }
    const count = this.running.get(id) ?? 0;
    if (count >= this.perUser) {
      next(quotaErrors.tooManyAtOnce(this.perUser));
      return;
    }
    this.running.set(id, count + 1);
    const slot = new Slot(() => {
      const left = (this.running.get(id) ?? 1) - 1;
      if (left > 0) this.running.set(id, left);
      else this.running.delete(id);
    });
    this.slots.set(req, slot);
    res.once('close', () => slot.release());
    next();
  };

  /**
   * Holds the request's slot for its job until the returned function is called. Refuses a job
   * whose client has gone already (its slot is free again), and one whose request took no slot:
   * a route reached past its upload gate is a bug, not a job to run unbounded.
   */
  holdForJob(req: Request): () => void {
    const slot = this.slots.get(req);
    if (!slot) throw new Error('An extraction reached its handler without a concurrency slot');
    const release = slot.hold();
    if (!release) throw quotaErrors.clientGone();
    return release;
  }

  /** Extractions running now for this user (for tests and diagnostics). */
  runningFor(userId: string): number {
    return this.running.get(userId) ?? 0;
  }
}
