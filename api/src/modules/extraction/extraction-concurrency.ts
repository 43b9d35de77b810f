import { Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { quotaErrors } from './extraction.errors.js';
import '../auth/auth.types.js';

/**
 * How many extractions each user has running, capped so one account (a premium one included)
 * cannot fill the engine's whole pool. A slot is taken before the upload is read and given back
 * when the answer has gone (or the client went away). The count is per API instance: with
 * several instances a user may run the cap on each.
 */
@Injectable()
export class ExtractionConcurrency {
  private readonly running = new Map<string, number>();
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
    res.once('close', () => {
      const left = (this.running.get(id) ?? 1) - 1;
      if (left > 0) this.running.set(id, left);
      else this.running.delete(id);
    });
    next();
  };

  /** Extractions running now for this user (for tests and diagnostics). */
  runningFor(userId: string): number {
    return this.running.get(userId) ?? 0;
  }
}
