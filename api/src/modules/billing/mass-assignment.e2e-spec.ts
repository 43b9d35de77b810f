import type { PublicUser } from 'contracts';
import { SignedInApp, type SignedIn } from '../../testing/signed-in-app.js';

// Security plan item 27: no route lets a client set a plan, credits or a role. Plans change only
// through the billing module's services (providers' events, the support command line).
const ENTITLEMENT_FIELDS = {
  plan: 'pro',
  credits: 999,
  role: 'admin',
  isPremium: true,
  planType: 'Lifetime',
  validTill: '2099-01-01T00:00:00.000Z',
  isExtPremium: true,
  topUpBalance: 999,
  defaultBalance: 999,
  roles: ['support'],
};

describe('mass assignment of entitlements (security plan 27)', () => {
  let platform: SignedInApp;
  let who: SignedIn;

  const me = async (): Promise<PublicUser> =>
    ((await (await who.browser.request(`${platform.api}/api/me`)).json()) as { user: PublicUser })
      .user;
  const send = (method: string, path: string, body: unknown) =>
    who.browser.request(`${platform.api}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-csrf-token': who.csrf },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    platform = await SignedInApp.start();
    who = await platform.signIn('Mallory', 'mallory@example.com');
  });
  afterAll(async () => {
    await platform.close();
  });

  it('has no route that writes the user: PATCH, PUT and POST /api/me are refused', async () => {
    const before = await me();
    for (const method of ['PATCH', 'PUT', 'POST']) {
      const response = await send(method, '/api/me', ENTITLEMENT_FIELDS);
      expect([method, response.status]).toEqual([method, 404]);
    }
    for (const path of ['/api/billing/payments', '/api/plans', '/api/sheets-extension/plans']) {
      expect((await send('POST', path, ENTITLEMENT_FIELDS)).status).toBe(404);
    }
    expect(await me()).toEqual(before);
  });

  it.each([
    ['/api/set-redirect', { path: '/pricing' }],
    [
      '/api/contact',
      { name: 'Mallory', email: 'mallory@example.com', message: 'Hello', extraInfo: '' },
    ],
    ['/api/extract', { base64Image: 'iVBORw0KGgo=' }],
  ])(
    '%s refuses a body carrying entitlement fields (400) and changes nothing',
    async (path, valid) => {
      const response = await send('POST', path, { ...valid, ...ENTITLEMENT_FIELDS });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/should not exist/);
      expect(await me()).toMatchObject({
        isPremium: false,
        planType: 'Free user',
        isExtPremium: false,
        topUpBalance: 0,
        defaultBalance: 5,
        roles: [],
      });
      expect(await platform.db.collection('entitlements').countDocuments()).toBe(0);
      const user = await platform.db.collection('users').findOne({ googleId: who.googleId });
      for (const field of Object.keys(ENTITLEMENT_FIELDS)) expect(user).not.toHaveProperty(field);
    },
  );
});
