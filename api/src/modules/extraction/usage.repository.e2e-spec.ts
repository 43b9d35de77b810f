import { randomUUID } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { DailyUsage, DailyUsageSchema } from './schemas/daily-usage.schema.js';
import { ExtractionRecord, ExtractionRecordSchema } from './schemas/extraction-record.schema.js';
import { ExtractionSlot, ExtractionSlotSchema } from './schemas/extraction-slot.schema.js';
import { FeedbackBonus, FeedbackBonusSchema } from './schemas/feedback-bonus.schema.js';
import { UsageRepository } from './usage.repository.js';

// The daily limit under real concurrency: several API instances (separate connections) taking
// the last extraction of a day at once. A conditional update (`remaining > 0`, decrement) let
// more than one through on FerretDB in 25 of 30 such rounds; numbered slots must let exactly one.

/** `count` connections (API instances) to a fresh database of the test server. */
async function connectInstances(name: string, count: number): Promise<Connection[]> {
  const server = process.env.TEST_MONGODB_URI ?? '';
  const uri = server.replace(/\/[^/]*$/, `/${name}_${randomUUID().replaceAll('-', '')}`);
  return Promise.all(
    Array.from({ length: count }, () => mongoose.createConnection(uri).asPromise()),
  );
}

/** The repository as the API builds it, on one connection. */
const repositoryOn = (c: Connection): UsageRepository =>
  new UsageRepository(
    c.model(DailyUsage.name, DailyUsageSchema),
    c.model(ExtractionSlot.name, ExtractionSlotSchema),
    c.model(ExtractionRecord.name, ExtractionRecordSchema),
    c.model(FeedbackBonus.name, FeedbackBonusSchema),
  );

const ROUNDS = 8;
const INSTANCES = 8;
const REQUESTS = 16;

describe('UsageRepository under parallel requests from several instances (real FerretDB)', () => {
  let connections: Connection[] = [];
  let repositories: UsageRepository[] = [];

  beforeAll(async () => {
    connections = await connectInstances('usage', INSTANCES);
    repositories = connections.map(repositoryOn);
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
  });
  const instance = (i: number): UsageRepository => {
    const repository = repositories[i % INSTANCES];
    if (!repository) throw new Error('no repository');
    return repository;
  };

  it('gives the last extraction of the day to exactly one request, every time', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const userId = `user-${String(round)}`;
      for (let i = 0; i < 4; i++) {
        expect(await instance(0).reserveExtraction(userId, '2026-11-22', 5)).not.toBeNull();
      }
      const taken = await Promise.all(
        Array.from({ length: REQUESTS }, (_, i) =>
          instance(i).reserveExtraction(userId, '2026-11-22', 5),
        ),
      );
      expect(taken.filter((r) => r)).toHaveLength(1);
      expect(await instance(0).usageOn(userId, '2026-11-22')).toEqual({
        used: 5,
        remaining: 0,
      });
    }
  });

  it('gives a refunded extraction back, and counts granted extras', async () => {
    const repo = instance(0);
    const first = await repo.reserveExtraction('refund-user', '2026-11-22', 1);
    expect(first).not.toBeNull();
    expect(await repo.reserveExtraction('refund-user', '2026-11-22', 1)).toBeNull();
    if (first) await repo.refundExtraction(first);
    expect(await repo.usageOn('refund-user', '2026-11-22')).toEqual({ used: 0, remaining: 1 });
    await repo.grantExtra('refund-user', '2026-11-22', 5, 1);
    const granted = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        instance(i).reserveExtraction('refund-user', '2026-11-22', 1),
      ),
    );
    expect(granted.filter((r) => r)).toHaveLength(6);
  });
});

describe('UsageRepository: slots of jobs that died with their process (real FerretDB)', () => {
  let connections: Connection[] = [];
  let repos: UsageRepository[] = [];
  let slots: mongoose.Model<ExtractionSlot>;
  const DAY = '2026-11-23';

  beforeAll(async () => {
    connections = await connectInstances('held', 2);
    repos = connections.map(repositoryOn);
    slots = connections[0]?.model(
      ExtractionSlot.name,
      ExtractionSlotSchema,
    ) as mongoose.Model<ExtractionSlot>;
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
  });

  it('gives back a held slot older than the longest job, never a recorded or a live one', async () => {
    const [a, b] = repos as [UsageRepository, UsageRepository];
    const record = {
      kind: 'image',
      source: 'ocr',
      characters: 3,
      searchTerm: null,
      keyword: null,
    } as const;
    // Day: slot 1 recorded, slot 2 held by a job that died an hour ago, slot 3 held by a live job.
    const recorded = await a.reserveExtraction('held-user', DAY, 3);
    await a.recordExtraction({ ...record, userId: 'held-user' }, recorded);
    const dead = await a.reserveExtraction('held-user', DAY, 3);
    await slots.updateOne(
      { _id: dead?.id },
      { $set: { heldAt: new Date(Date.now() - 3_600_000) } },
    );
    const live = await b.reserveExtraction('held-user', DAY, 3);
    expect(live).not.toBeNull();
    expect(await a.reserveExtraction('held-user', DAY, 3)).toBeNull(); // all three taken

    // Another instance starts: anything held longer than 10 minutes is no live job's.
    const released = await b.releaseAbandonedSlots(new Date(Date.now() - 600_000), 3);
    expect(released).toBe(1);
    expect(await slots.countDocuments({ userId: 'held-user' })).toBe(2);
    expect(await slots.findOne({ _id: dead?.id })).toBeNull();
    expect(await slots.findOne({ _id: recorded?.id })).toMatchObject({ state: 'recorded' });
    expect(await slots.findOne({ _id: live?.id })).toMatchObject({ state: 'held' });
    expect(await a.usageOn('held-user', DAY)).toEqual({ used: 2, remaining: 1 });

    // The user can extract again, once; a second start releases nothing more (no double debit).
    expect(await a.reserveExtraction('held-user', DAY, 3)).not.toBeNull();
    expect(await a.reserveExtraction('held-user', DAY, 3)).toBeNull();
    expect(await a.releaseAbandonedSlots(new Date(Date.now() - 600_000), 3)).toBe(0);
  });
});
