import { SignedInApp } from '../../testing/signed-in-app.js';

// Who sees what of /api/health, signed in (passport is registered globally: one signing-in app
// per file, apart from health.e2e-spec.ts whose apps lose their database).
describe('GET /api/health for signed-in people', () => {
  it('shows the support team the engine and its version, and signed-in others only up/down', async () => {
    const platform = await SignedInApp.start();
    try {
      const staff = await platform.signIn('Sam Support', 'sam-support@example.com');
      const reader = await platform.signIn('Rita Reader', 'rita@example.com');
      await platform.db
        .collection('users')
        .updateOne({ googleId: staff.googleId }, { $set: { roles: ['support'] } });
      const asStaff = await staff.browser.request(`${platform.api}/api/health`);
      expect(await asStaff.json()).toMatchObject({
        ocr: {
          status: 'up',
          engine: 'tesseract',
          version: expect.stringMatching(/^\d+\.\d+/) as string,
        },
      });
      const asReader = await reader.browser.request(`${platform.api}/api/health`);
      expect(await asReader.json()).toEqual({
        status: 'ok',
        database: { status: 'up' },
        ocr: { status: 'up' },
      });
    } finally {
      await platform.close();
    }
  });
});
