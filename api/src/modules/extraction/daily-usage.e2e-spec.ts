import { readFileSync } from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import { FIXTURES } from '../../testing/fixtures.js';
import { SignedInApp, type SignedIn } from '../../testing/signed-in-app.js';

jest.setTimeout(60_000);

const IMAGE = readFileSync(path.join(FIXTURES, 'printed/tesseractjs_simple.png')).toString(
  'base64',
);

describe('GET /api/usage (real database)', () => {
  let platform: SignedInApp;
  let reader: SignedIn;
  let premium: SignedIn;

  const usage = async (who: SignedIn | null) => {
    const response = who
      ? await who.browser.request(`${platform.api}/api/usage`)
      : await fetch(`${platform.api}/api/usage`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    platform = await SignedInApp.start();
    reader = await platform.signIn('Usage Reader', 'usage-reader@example.com');
    premium = await platform.signIn('Usage Pro', 'usage-pro@example.com');
    await platform.makePremium(premium);
  });
  afterAll(async () => {
    await platform.close();
  });

  it('needs sign-in', async () => {
    expect((await usage(null)).status).toBe(401);
  });

  it("counts down the free plan's day as extractions are made, and up with the feedback bonus", async () => {
    const day = new Date().toISOString().slice(0, 10);
    expect(await usage(reader)).toEqual({
      status: 200,
      body: { unlimited: false, day, limit: 5, used: 0, remaining: 5 },
    });
    expect((await reader.post('/api/extract', { base64Image: IMAGE })).status).toBe(200);
    expect((await usage(reader)).body).toMatchObject({ limit: 5, used: 1, remaining: 4 });
    // A failed extraction costs nothing.
    const failed = await reader.post('/api/extract', { base64Image: 'bm90IGFuIGltYWdl' });
    expect(failed.status).toBe(415);
    expect((await usage(reader)).body).toMatchObject({ used: 1, remaining: 4 });
    const feedback = await reader.post('/api/feedback', {
      profession: 'Student',
      rating: 5,
      extraInfo: '',
    });
    expect(feedback.status).toBe(200);
    expect((await usage(reader)).body).toMatchObject({ limit: 10, used: 1, remaining: 9 });
  });

  it('has no daily count for a premium plan', async () => {
    expect(await usage(premium)).toEqual({ status: 200, body: { unlimited: true } });
  });

  it.each(['/api/usage/', '/API/usage', '/api/Usage', '/api/usage.'])(
    'finds no route at %s (the router is strict and case-sensitive)',
    async (alias) => {
      const response = await reader.browser.request(`${platform.api}${alias}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
    },
  );
});
