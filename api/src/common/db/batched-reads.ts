/**
 * Reads by key, batched: the reads asked for while the database is busy go out together, and a
 * key asked for several times in one batch is read once. Every signed-in request reads its user
 * (plans, credits and roles must apply on the very next request), and one person's page sends
 * several requests at once, so under load this is what most of the database's work is.
 *
 * How a batch is read is the caller's `readMany`: one query per distinct key today, because
 * FerretDB (the embedded default) does not use the `_id` index for `$in` — 16 ids among 50,000
 * users took 1.4 s against 0.9 ms for a findOne — while MongoDB would take one `$in` query.
 *
 * Freshness is not traded for it: a load joins only a batch that *starts after it was asked for*
 * (never one already in flight), so it sees every write that completed before the request
 * arrived — the same guarantee as a read of its own. Nothing is cached between batches.
 */
export class BatchedReads<V> {
  private waiting = new Map<string, Waiter<V>[]>();
  private running = 0;
  private scheduled = false;
  /** Set while loads wait at the concurrency cap: starts a batch anyway when it fires. */
  private overdue: NodeJS.Timeout | undefined;

  /**
   * @param readMany one query for many keys; answers the found values by key.
   * @param options.concurrency batches in flight at once: below it, a new batch starts as soon as
   *   the current turn of the event loop ends; at it, loads wait for the next batch.
   * @param options.maxBatch the most keys in one query.
   * @param options.maxWaitMs the longest a load waits at the cap before its batch starts anyway:
   *   when the database turns slow, a request's time is then its own read's (and its timeout),
   *   not that plus the reads ahead of it.
   */
  constructor(
    private readonly readMany: (keys: string[]) => Promise<Map<string, V>>,
    private readonly options: { concurrency: number; maxBatch: number; maxWaitMs: number } = {
      concurrency: 2,
      maxBatch: 100,
      maxWaitMs: 500,
    },
  ) {}

  load(key: string): Promise<V | null> {
    return new Promise<V | null>((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      this.schedule();
    });
  }

  /** Starts a batch once this turn's loads are in, if fewer than `concurrency` are running. */
  private schedule(): void {
    if (this.scheduled || this.waiting.size === 0) return;
    if (this.running >= this.options.concurrency) {
      this.overdue ??= setTimeout(() => {
        this.overdue = undefined;
        this.start(true);
      }, this.options.maxWaitMs);
      return;
    }
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.start();
    });
  }

  private start(evenAtCap = false): void {
    if (this.waiting.size === 0) return;
    if (this.running >= this.options.concurrency && !evenAtCap) return;
    clearTimeout(this.overdue);
    this.overdue = undefined;
    const batch = new Map<string, Waiter<V>[]>();
    for (const [key, waiters] of this.waiting) {
      if (batch.size >= this.options.maxBatch) break;
      batch.set(key, waiters);
      this.waiting.delete(key);
    }
    this.running++;
    // A read that throws synchronously still fails only its own batch.
    void Promise.resolve()
      .then(() => this.readMany([...batch.keys()]))
      .then(
        (found) => {
          for (const [key, waiters] of batch) {
            const value = found.get(key) ?? null;
            for (const waiter of waiters) waiter.resolve(value);
          }
        },
        (error: unknown) => {
          for (const waiters of batch.values()) {
            for (const waiter of waiters) waiter.reject(error);
          }
        },
      )
      .finally(() => {
        this.running--;
        this.schedule();
      });
    this.schedule();
  }
}

type Waiter<V> = { resolve: (value: V | null) => void; reject: (error: unknown) => void };
