import { SignedInApp } from '../../testing/signed-in-app.js';
import { postFrom, statuses } from './testing/post-contact.js';

describe('message rate limits behind one trusted proxy (TRUST_PROXY_HOPS=1)', () => {
  let app: SignedInApp;
  beforeAll(async () => {
    app = await SignedInApp.start({
      TRUST_PROXY_HOPS: '1',
      MESSAGE_LIMIT_PER_IP: '3',
      MESSAGE_LIMIT_PER_USER: '2',
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("counts each client by the proxy's X-Forwarded-For", async () => {
    const visitor = await app.visitor();
    expect(await statuses(4, () => postFrom(app, visitor, '203.0.113.1'))).toEqual([
      200, 200, 200, 429,
    ]);
    // What the client wrote before the proxy's entry changes nothing: the proxy's entry counts.
    expect((await postFrom(app, visitor, '10.9.9.9, 203.0.113.1')).status).toBe(429);
    expect((await postFrom(app, visitor, '203.0.113.2')).status).toBe(200);
  });

  it('limits a signed-in user across addresses', async () => {
    const user = await app.signIn('Busy Sender', 'busy@example.com');
    expect((await postFrom(app, user, '203.0.113.10')).status).toBe(200);
    expect((await postFrom(app, user, '203.0.113.11')).status).toBe(200);
    const third = await postFrom(app, user, '203.0.113.12');
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('TOO_MANY_MESSAGES');
    // Another person at one of those addresses is not held back by this user's limit.
    expect((await postFrom(app, await app.visitor(), '203.0.113.12')).status).toBe(200);
  });
});
