import type { Logger } from '@nestjs/common';

/**
 * The schedule every provider's reconciliation shares: a pass every `intervalMs` (0: none; the
 * timer never keeps the process alive), a pass already running joined rather than doubled, and a
 * failed scheduled pass logged, never thrown into the timer.
 */
export class ReconciliationSchedule<Summary> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Summary> | null = null;

  constructor(
    private readonly provider: string,
    private readonly logger: Logger,
    private readonly pass: (now: Date) => Promise<Summary>,
  ) {}

  start(intervalMs: number): void {
    this.stop();
    if (intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((error: unknown) => {
        this.logger.error(`${this.provider} reconciliation failed: ${String(error)}`);
      });
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass; a pass already running is joined, not doubled. */
  runOnce(now = new Date()): Promise<Summary> {
    this.running ??= this.pass(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
