import { freePort } from '../../testing/http-client.js';
import {
  ORIGIN,
  collectRejections,
  contact,
  expectUnavailable,
  me,
  timed,
} from '../../testing/database-faults.js';
import { FerretdbProcess } from '../../testing/ferretdb-process.js';
import { SignedInApp } from '../../testing/signed-in-app.js';

// Security test plan 34: the database stops and restarts under the API. Requests that need it
// answer a fast 503 DATABASE_UNAVAILABLE (Retry-After, CORS headers, a request id), the process
// neither crashes nor leaks unhandled rejections, and it recovers by itself with everyone still
// signed in. (Plan 35, a slow and flaky database, is database-latency.e2e-spec.ts: one app per
// file, as passport's serializers are process-wide.)
const rejections = collectRejections();

describe('the database stops and comes back (plan 34)', () => {
  let db: FerretdbProcess;
  let app: SignedInApp;

  beforeAll(async () => {
    db = new FerretdbProcess(await freePort());
    await db.start();
    app = await SignedInApp.start({ MONGODB_URI: db.uri('outage'), CORS_ORIGINS: ORIGIN });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await db.stop();
  });

  it('answers fast 503s while it is away and recovers within 5 s, still signed in', async () => {
    const user = await app.signIn('Uma', 'uma@example.com');
    expect((await timed(me(app, user))).body).toMatchObject({ user: { name: 'Uma' } });

    await db.stop();
    expectUnavailable(await timed(me(app, user)), 2000);
    expectUnavailable(await timed(contact(app, user)), 2000);
    // Traffic while it is away: every answer a fast 503, none a 500.
    const burst = await Promise.all(Array.from({ length: 20 }, () => timed(me(app, user))));
    for (const answer of burst) expectUnavailable(answer, 2000);
    // Routes that need no database keep working.
    const anonymous = await fetch(`${app.api}/api/me`);
    expect(anonymous.status).toBe(200);

    await db.start();
    const back = Date.now();
    let answer = await timed(me(app, user));
    while (answer.status !== 200 && Date.now() - back < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await timed(me(app, user));
    }
    expect(answer.status).toBe(200);
    expect(Date.now() - back).toBeLessThan(5000);
    expect(answer.body).toMatchObject({ user: { name: 'Uma' } }); // the same cookie, still signed in
    expect((await timed(contact(app, user))).status).toBe(200);
    expect(rejections).toEqual([]);
  }, 60_000);
});
