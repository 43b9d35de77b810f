import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import mongoose, { type Connection, type Model } from 'mongoose';
import { WebhookEvent, WebhookEventSchema } from './schemas/webhook-event.schema.js';
import { sha256Hex } from './signatures.js';
import { UnverifiedWebhooks } from './unverified-webhooks.js';
import { WebhookEventsRepository, type Handled } from './webhook-events.repository.js';
import {
  refused,
  WebhookIntake,
  type RawDelivery,
  type Verified,
  type WebhookProvider,
} from './webhook-intake.js';

// The one intake every payment webhook goes through, with a provider made up here and the real
// repository on the test database: what it refuses is counted and never stored, what it verifies
// is handled once per event id, and a handler's failure is recorded and answered with a retry.

type TestEvent = { n: number };

/** Verifies a delivery whose 'x-test-signature' is 'good'; its event id is 'x-test-event-id'. */
class TestProvider implements WebhookProvider<TestEvent> {
  readonly provider = `test-${randomUUID().slice(0, 8)}`;
  readonly handled: TestEvent[] = [];
  failWith: Error | null = null;

  verify({ body, headers }: RawDelivery) {
    if (headers['x-test-signature'] !== 'good') return refused('bad signature');
    const eventId = headers['x-test-event-id'];
    return {
      eventId: typeof eventId === 'string' ? eventId : null,
      eventType: 'test.event',
      event: JSON.parse(body.toString('utf8')) as TestEvent,
    };
  }

  handle({ event }: Verified<TestEvent>): Promise<Handled> {
    if (this.failWith) return Promise.reject(this.failWith);
    this.handled.push(event);
    return Promise.resolve({ outcome: 'processed', detail: `event ${String(event.n)}`, links: {} });
  }
}

const delivery = (n: number, headers: Record<string, string>): RawDelivery => ({
  body: Buffer.from(JSON.stringify({ n })),
  headers,
});

describe('WebhookIntake (real repository on the test database)', () => {
  let connection: Connection;
  let events: Model<WebhookEvent>;
  let unverified: UnverifiedWebhooks;
  let intake: WebhookIntake;

  beforeAll(async () => {
    Logger.overrideLogger(false); // the refusals' summary
    const server = process.env.TEST_MONGODB_URI ?? '';
    const uri = server.replace(/\/[^/]*$/, `/intake_${randomUUID().replaceAll('-', '')}`);
    connection = await mongoose.createConnection(uri).asPromise();
    events = connection.model(WebhookEvent.name, WebhookEventSchema);
    await events.init(); // the unique provider + event id index dedupe relies on
    unverified = new UnverifiedWebhooks();
    intake = new WebhookIntake(new WebhookEventsRepository(events), unverified);
  });
  afterAll(async () => {
    unverified.onModuleDestroy();
    await connection.close();
  });

  const rows = (provider: string) => events.find({ provider }).lean().exec();

  it('refuses a delivery its provider does not verify: 401, counted by reason, nothing stored or handled', async () => {
    const provider = new TestProvider();
    for (let i = 0; i < 3; i++) {
      await expect(
        intake.receive(provider, delivery(i, { 'x-test-signature': 'forged' })),
      ).rejects.toMatchObject({ status: 401, code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    expect(unverified.countsOf(provider.provider)).toEqual({
      total: 3,
      byReason: { 'bad signature': 3 },
    });
    expect(provider.handled).toEqual([]);
    expect(await rows(provider.provider)).toEqual([]);
  });

  it('handles a verified event once however often it is delivered, and records its outcome', async () => {
    const provider = new TestProvider();
    const headers = { 'x-test-signature': 'good', 'x-test-event-id': 'evt_1' };
    for (let i = 0; i < 3; i++) {
      await expect(intake.receive(provider, delivery(1, headers))).resolves.toEqual({
        status: 'ok',
      });
    }
    expect(provider.handled).toEqual([{ n: 1 }]);
    expect(await rows(provider.provider)).toEqual([
      expect.objectContaining({
        eventId: 'evt_1',
        eventType: 'test.event',
        bodySha256: sha256Hex(delivery(1, headers).body),
        signatureValid: true,
        outcome: 'processed',
        detail: 'event 1',
      }),
    ]);
    expect(unverified.countsOf(provider.provider).total).toBe(0);
  });

  it('keys an event that names no id by its body: the same bytes are handled once, others apart', async () => {
    const provider = new TestProvider();
    const headers = { 'x-test-signature': 'good' };
    await intake.receive(provider, delivery(2, headers));
    await intake.receive(provider, delivery(2, headers));
    await intake.receive(provider, delivery(3, headers));
    expect(provider.handled).toEqual([{ n: 2 }, { n: 3 }]);
    expect((await rows(provider.provider)).map((row) => row.eventId).sort()).toEqual(
      [
        `sha256:${sha256Hex(delivery(2, headers).body)}`,
        `sha256:${sha256Hex(delivery(3, headers).body)}`,
      ].sort(),
    );
  });

  it('records a handler that throws as failed and rethrows (the provider retries); the retry handles it', async () => {
    const provider = new TestProvider();
    const headers = { 'x-test-signature': 'good', 'x-test-event-id': 'evt_fails' };
    const failure = new Error('database down');
    provider.failWith = failure;
    await expect(intake.receive(provider, delivery(4, headers))).rejects.toBe(failure);
    expect(await rows(provider.provider)).toEqual([
      expect.objectContaining({ eventId: 'evt_fails', outcome: 'failed', detail: 'database down' }),
    ]);
    provider.failWith = null;
    await intake.receive(provider, delivery(4, headers));
    expect(provider.handled).toEqual([{ n: 4 }]);
    expect(await rows(provider.provider)).toEqual([
      expect.objectContaining({ eventId: 'evt_fails', outcome: 'processed' }),
    ]);
  });
});
