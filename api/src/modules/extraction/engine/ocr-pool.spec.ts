import { OcrPool } from './ocr-pool.js';
import { ExtractionError } from './errors.js';

const deferred = () => {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('OcrPool', () => {
  it('runs at most `concurrency` jobs at once and queues the rest in order', async () => {
    const pool = new OcrPool(2, 10);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const gates = Array.from({ length: 5 }, deferred);
    const jobs = gates.map((gate, i) =>
      pool.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        order.push(i);
        await gate.promise;
        running -= 1;
      }),
    );
    await Promise.resolve();
    expect(pool.load).toEqual({ active: 2, queued: 3 });
    gates.forEach((g) => g.resolve());
    await Promise.all(jobs);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(pool.load).toEqual({ active: 0, queued: 0 });
  });

  it('answers ENGINE_BUSY with Retry-After when the queue is full', async () => {
    const pool = new OcrPool(1, 1);
    const gate = deferred();
    const first = pool.run(() => gate.promise);
    const second = pool.run(() => Promise.resolve());
    const error = await pool.run(() => Promise.resolve()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect(error).toMatchObject({ code: 'ENGINE_BUSY', status: 503 });
    expect((error as ExtractionError).headers['Retry-After']).toMatch(/^\d+$/);
    gate.resolve();
    await Promise.all([first, second]);
  });
});
