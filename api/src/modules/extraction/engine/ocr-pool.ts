import { extractionErrors } from './errors.js';

/**
 * A bounded pool for CPU-bound extraction jobs: a few at once (limits.ts poolCapacity: cores and
 * memory), a short queue behind them, and a 503 with Retry-After instead of piling up beyond it.
 * `drain()` stops it taking jobs (ENGINE_BUSY) and waits for those it has.
 */
export class OcrPool {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;
  private readonly idle: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxQueue: number,
  ) {}

  get load(): { active: number; queued: number } {
    return { active: this.active, queued: this.waiting.length };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.closed) throw extractionErrors.busy(5);
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
      else {
        this.active -= 1;
        if (this.active === 0) for (const done of this.idle.splice(0)) done();
      }
    }
  }

  /**
   * Refuses new jobs from now on and resolves true once every job taken (queued ones included)
   * has finished, or false at `deadlineMs`.
   */
  drain(deadlineMs: number): Promise<boolean> {
    this.closed = true;
    if (this.active === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), deadlineMs);
      timer.unref();
      this.idle.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
