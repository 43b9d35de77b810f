import os from 'node:os';
import { extractionErrors } from './errors.js';

/**
 * A bounded pool for CPU-bound extraction jobs: as many at once as the machine has cores, a
 * short queue behind them, and a 503 with Retry-After instead of piling up beyond it.
 */
export class OcrPool {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency = Math.max(1, os.availableParallelism()),
    readonly maxQueue = concurrency * 4,
  ) {}

  get load(): { active: number; queued: number } {
    return { active: this.active, queued: this.waiting.length };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active < this.concurrency) {
      this.active += 1;
    } else {
      if (this.waiting.length >= this.maxQueue) {
        const seconds = Math.max(2, Math.ceil((this.waiting.length / this.concurrency) * 3));
        throw extractionErrors.busy(seconds);
      }
      // A finishing job hands its slot straight to the first one waiting.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
