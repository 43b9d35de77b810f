import { BatchedReads } from './batched-reads.js';

/** A readMany whose calls are recorded and answered when the test says so. */
function controlledReads() {
  const calls: {
    keys: string[];
    answer: (values: Map<string, string>) => void;
    fail: (e: unknown) => void;
  }[] = [];
  const readMany = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve, reject) => {
      calls.push({ keys, answer: resolve, fail: reject });
    });
  /** The n-th read asked for (it must have been). */
  const call = (n: number) => {
    const made = calls[n];
    if (!made) throw new Error(`read ${String(n)} was not made`);
    return made;
  };
  return { calls, call, readMany };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchedReads', () => {
  it('reads a key asked for several times in one turn once, and answers every caller', async () => {
    const { calls, call, readMany } = controlledReads();
    const reads = new BatchedReads(readMany);
    const answers = Promise.all([reads.load('a'), reads.load('b'), reads.load('a')]);
    await turn();
    expect(calls).toHaveLength(1);
    expect(call(0).keys.sort()).toEqual(['a', 'b']);
    call(0).answer(new Map([['a', 'A']]));
    await expect(answers).resolves.toEqual(['A', null, 'A']);
  });

  it('never answers a load from a batch that started before it was asked for', async () => {
    const { calls, call, readMany } = controlledReads();
    const reads = new BatchedReads(readMany, { concurrency: 1, maxBatch: 100, maxWaitMs: 60_000 });
    const first = reads.load('a');
    await turn();
    expect(calls).toHaveLength(1);
    // Asked for while the first read is in flight: it must wait for a read of its own.
    const second = reads.load('a');
    await turn();
    expect(calls).toHaveLength(1);
    call(0).answer(new Map([['a', 'old']]));
    await expect(first).resolves.toBe('old');
    await turn();
    expect(calls).toHaveLength(2);
    call(1).answer(new Map([['a', 'new']]));
    await expect(second).resolves.toBe('new');
  });

  it('keeps at most `concurrency` batches in flight and at most `maxBatch` keys in one', async () => {
    const { calls, call, readMany } = controlledReads();
    const reads = new BatchedReads(readMany, { concurrency: 2, maxBatch: 3, maxWaitMs: 60_000 });
    const loads = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((key) => reads.load(key));
    await turn();
    await turn();
    expect(calls.map((call) => call.keys.length)).toEqual([3, 3]);
    call(0).answer(new Map());
    await turn();
    await turn();
    expect(calls.map((call) => call.keys.length)).toEqual([3, 3, 1]);
    call(1).answer(new Map());
    call(2).answer(new Map([['g', 'G']]));
    await expect(Promise.all(loads)).resolves.toEqual([null, null, null, null, null, null, 'G']);
  });

  it('fails only the loads of the batch whose read failed, and goes on reading', async () => {
    const { calls, call, readMany } = controlledReads();
    const reads = new BatchedReads(readMany, { concurrency: 1, maxBatch: 100, maxWaitMs: 60_000 });
    const failing = reads.load('a');
    await turn();
    const later = reads.load('b');
    call(0).fail(new Error('connection reset'));
    await expect(failing).rejects.toThrow('connection reset');
    await turn();
    expect(calls).toHaveLength(2);
    call(1).answer(new Map([['b', 'B']]));
    await expect(later).resolves.toBe('B');
  });

  it('starts a batch anyway when loads have waited maxWaitMs at the cap (a slow database)', async () => {
    const { calls, call, readMany } = controlledReads();
    const reads = new BatchedReads(readMany, { concurrency: 1, maxBatch: 100, maxWaitMs: 30 });
    const first = reads.load('a');
    await turn();
    const second = reads.load('b');
    await turn();
    expect(calls).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls).toHaveLength(2);
    expect(call(1).keys).toEqual(['b']);
    call(1).answer(new Map([['b', 'B']]));
    await expect(second).resolves.toBe('B');
    call(0).answer(new Map([['a', 'A']]));
    await expect(first).resolves.toBe('A');
  });

  it('fails the batch when readMany throws before returning a promise', async () => {
    const reads = new BatchedReads<string>(() => {
      throw new Error('bad query');
    });
    await expect(reads.load('a')).rejects.toThrow('bad query');
  });
});
