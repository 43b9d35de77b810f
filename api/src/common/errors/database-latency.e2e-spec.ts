import {
  ORIGIN,
  collectRejections,
  expectRecovery,
  expectUnavailable,
  me,
  timed,
  type Answer,
} from '../../testing/database-faults.js';
import { SignedInApp } from '../../testing/signed-in-app.js';
import { TcpProxy } from '../../testing/tcp-proxy.js';

// Security test plan 35 (Toxiproxy-style): a proxy between the API and the database adds 2 s of
// latency, or resets half the connections. Timeouts and resets answer 503 DATABASE_UNAVAILABLE
// with a request id, never a 500, without unhandled rejections; the API recovers by itself.
const rejections = collectRejections();

describe('the database turns slow and drops connections (plan 35)', () => {
  let proxy: TcpProxy;
  let app: SignedInApp;

  beforeAll(async () => {
    const server = new URL(process.env.TEST_MONGODB_URI ?? '');
    proxy = await TcpProxy.start(Number(server.port));
    app = await SignedInApp.start({
      MONGODB_URI: `mongodb://127.0.0.1:${String(proxy.port)}/faults`,
      CORS_ORIGINS: ORIGIN,
    });
  }, 60_000);
  afterEach(() => {
    proxy.faults = { latencyMs: 0, resetRate: 0 };
  });
  afterAll(async () => {
    await app.close();
    await proxy.close();
  });

  it('turns 2 s of latency into 503s with a request id, then recovers', async () => {
    const user = await app.signIn('Lee', 'lee@example.com');
    proxy.faults = { latencyMs: 2000, resetRate: 0 };
    const answers = await Promise.all(Array.from({ length: 5 }, () => timed(me(app, user))));
    for (const answer of answers) expectUnavailable(answer, 5000);

    proxy.faults = { latencyMs: 0, resetRate: 0 };
    await expectRecovery(app, user, 'Lee');
    expect(rejections).toEqual([]);
  }, 60_000);

  it('answers 200 or a 503 with a request id, never a 500, when half the connections reset', async () => {
    const user = await app.signIn('Rae', 'rae@example.com');
    proxy.faults = { latencyMs: 0, resetRate: 0.5 };
    const answers: Answer[] = [];
    for (let round = 0; round < 5; round++) {
      answers.push(...(await Promise.all(Array.from({ length: 8 }, () => timed(me(app, user))))));
    }
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.body).toMatchObject({ user: { name: 'Rae' } });
      else expectUnavailable(answer, 5000);
    }
    expect(answers.some((answer) => answer.status === 503)).toBe(true);

    proxy.faults = { latencyMs: 0, resetRate: 0 };
    await expectRecovery(app, user, 'Rae');
    expect(rejections).toEqual([]);
  }, 60_000);
});
