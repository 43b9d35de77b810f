import { gzipSync } from 'node:zlib';
import { jest } from '@jest/globals';
import sharp from 'sharp';
import { answerOfCutUpload, type RawAnswer, rawUpload } from '../../testing/raw-upload.js';
import { SignedInApp, type SignedIn, type Visitor } from '../../testing/signed-in-app.js';
import { ExtractionConcurrency } from './extraction-concurrency.js';

// POST /api/extract as an upload route (security tests 1, 2, 16, 24-26 of the design): the caller
// is checked before the body is read, the body is held to the caller's plan, nothing compressed,
// attempts and concurrent extractions are limited. Real HTTP, real database, one app per file.

const MB = 1024 * 1024;
const FREE_TOO_LARGE = 'File is larger than the 5MB limit of your plan.';

jest.setTimeout(60_000);

describe('POST /api/extract: the body is read only for a known caller, within their plan', () => {
  let platform: SignedInApp;
  let free: SignedIn;
  let premium: SignedIn;
  let nextAddress = 0;
  /** Each test counts against its own client address (the proxy's X-Forwarded-For). */
  const address = () => `198.51.100.${String(++nextAddress)}`;

  beforeAll(async () => {
    platform = await SignedInApp.start({
      TRUST_PROXY_HOPS: '1',
      EXTRACT_LIMIT_PER_USER: '4',
      EXTRACT_LIMIT_PER_IP: '6',
      HTTP_REQUEST_TIMEOUT_SECONDS: '3',
    });
    free = await platform.signIn('Free Uploader', 'free-up@example.com');
    premium = await platform.signIn('Pro Uploader', 'pro-up@example.com');
    await platform.makePremium(premium);
  });
  afterAll(async () => {
    await platform.close();
  });

  const sessionHeaders = (who: SignedIn | Visitor, withToken = true): Record<string, string> => ({
    cookie: who.browser.cookieHeader(platform.api),
    'content-type': 'application/json',
    'x-forwarded-for': address(),
    ...(withToken ? { 'x-csrf-token': who.csrf } : {}),
  });

  const nothingStored = async () => {
    expect(await platform.db.collection('extractions').countDocuments()).toBe(0);
    // A refused file may have reserved and refunded a slot; none is spent.
    expect(await platform.db.collection('daily_usage').countDocuments({ used: { $gt: 0 } })).toBe(
      0,
    );
    expect(await platform.db.collection('messages').countDocuments()).toBe(0);
  };

  /** Sends `n` uploads declaring 31 MB at once, as fast as the sockets take them. */
  async function flood(n: number, headers: () => Record<string, string>) {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const answers = await Promise.all(
      Array.from(
        { length: n },
        () =>
          rawUpload({
            url: `${platform.api}/api/extract`,
            headers: headers(),
            declaredLength: 31 * MB,
            total: 31 * MB,
            chunkBytes: MB,
            intervalMs: 0,
          }).answer,
      ),
    );
    clearInterval(sampler);
    return { answers, growth: peak - before };
  }

  it('answers an unsigned upload 401 before reading it: 20 at once leave memory flat', async () => {
    const visitor = await platform.visitor();
    const { answers, growth } = await flood(20, () => sessionHeaders(visitor));
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'SIGN_IN_REQUIRED' });
      expect(answer.sentAtAnswer).toBeLessThan(31 * MB);
    }
    expect(growth).toBeLessThan(50 * MB);
    await nothingStored();
  });

  it('refuses an upload over the plan by its Content-Length (413): 20 at once leave memory flat', async () => {
    const { answers, growth } = await flood(20, () => sessionHeaders(free));
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({ code: 'IMAGE_SIZE_EXCEED', error: FREE_TOO_LARGE });
      expect(answer.sentAtAnswer).toBeLessThan(31 * MB);
    }
    expect(growth).toBeLessThan(50 * MB);
    await nothingStored();
  });

  it.each([
    ['free', 31 * MB, FREE_TOO_LARGE],
    ['premium', 42 * MB, 'File is larger than the 30MB limit of your plan.'],
  ])(
    'answers a %s oversize upload (%d bytes) while the slow client is still at its start',
    async (plan, declared, message) => {
      const started = Date.now();
      const answer = await rawUpload({
        url: `${platform.api}/api/extract`,
        headers: sessionHeaders(plan === 'free' ? free : premium),
        declaredLength: declared,
        total: declared,
        chunkBytes: 64 * 1024,
        intervalMs: 20, // 3 MB/s: the whole body would take over 10 s
      }).answer;
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({ code: 'IMAGE_SIZE_EXCEED', error: message });
      expect(answer.sentAtAnswer).toBeLessThan(MB);
      expect(Date.now() - started).toBeLessThan(2000);
    },
  );

  it('cuts a chunked upload off at the plan limit', async () => {
    const answer = await answerOfCutUpload({
      url: `${platform.api}/api/extract`,
      headers: sessionHeaders(free),
      total: 31 * MB,
      chunkBytes: 256 * 1024,
      intervalMs: 5,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ code: 'IMAGE_SIZE_EXCEED', error: FREE_TOO_LARGE });
    expect(answer.sentAtAnswer).toBeLessThan(16 * MB);
    await nothingStored();
  });

  it('refuses CSRF before the body: no token, a session cookie → 403 unread', async () => {
    const answer = await rawUpload({
      url: `${platform.api}/api/extract`,
      headers: sessionHeaders(free, false),
      declaredLength: 2 * MB,
      total: 2 * MB,
      chunkBytes: 16 * 1024,
      intervalMs: 20,
    }).answer;
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'CSRF_TOKEN_INVALID' });
    expect(answer.sentAtAnswer).toBeLessThan(MB);
  });

  it.each(['/api/extract', '/api/contact'])(
    'refuses a gzip-compressed body to %s (415) and stores nothing',
    async (path) => {
      const png = await sharp({
        create: { width: 40, height: 40, channels: 3, background: '#fff' },
      })
        .png()
        .toBuffer();
      const json =
        path === '/api/extract'
          ? { base64Image: png.toString('base64') }
          : { name: 'Zip', email: 'zip@example.com', message: 'compressed', extraInfo: '' };
      const response = await free.browser.request(`${platform.api}${path}`, {
        method: 'POST',
        headers: {
          ...sessionHeaders(free),
          'content-encoding': 'gzip',
        },
        body: gzipSync(JSON.stringify(json)),
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      await nothingStored();
    },
  );

  it('holds routes other than uploads and forms to a 2 KB body', async () => {
    const post = (path: string) =>
      free.browser.request(`${platform.api}/api/set-redirect`, {
        method: 'POST',
        headers: sessionHeaders(free),
        body: JSON.stringify({ path }),
      });
    expect((await post('/pricing')).status).toBe(200);
    const large = await post(`/pricing?aff=${'x'.repeat(3000)}`);
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  /**
   * 31 MB declared and none of it sent: answered 413 on the length alone (a server that waited
   * for the body would answer 408 at the request timeout). Nothing unread is left to reset the
   * connection before the answer arrives, as a body being sent may.
   */
  const declaredOnly = { declaredLength: 31 * MB, total: 0, chunkBytes: 1, intervalMs: 0 };

  // Spellings of the guarded routes that Express (not strict, not case-sensitive) routed to their
  // handler past the gates keyed on the path, and some it never routed (kept to show they were
  // tried): each must find no route, and a large body is refused unread (the 2 KB default limit).
  const EXTRACT_ALIASES = [
    '/api/extract/',
    '/API/extract',
    '/api/Extract',
    '//api/extract',
    '/api/%65xtract',
    '/api/extract;x',
    '/api/extract.',
  ];

  it.each(EXTRACT_ALIASES.map((path, i) => [path, i]))(
    'finds no route at %s: a large upload refused unread, a small one 404, nothing run or stored',
    async (path, i) => {
      const user = await platform.signIn('Alias Uploader', `alias-${String(i)}@example.com`);
      const large = await rawUpload({
        url: `${platform.api}${path}`,
        headers: sessionHeaders(user),
        ...declaredOnly,
      }).answer;
      expect(large.status).toBe(413);
      const png = await sharp({
        create: { width: 40, height: 40, channels: 3, background: '#fff' },
      })
        .png()
        .toBuffer();
      const small = await user.browser.request(`${platform.api}${path}`, {
        method: 'POST',
        headers: sessionHeaders(user),
        body: JSON.stringify({ base64Image: png.toString('base64') }),
      });
      expect(small.status).toBe(404);
      expect(await small.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(platform.app.get(ExtractionConcurrency).runningFor(user.userId)).toBe(0);
      await nothingStored();
    },
  );

  it.each(['GET', 'HEAD'])('finds no route for %s /api/extract (404)', async (method) => {
    const response = await free.browser.request(`${platform.api}/api/extract`, {
      method,
      headers: sessionHeaders(free),
    });
    expect(response.status).toBe(404);
  });

  it.each(
    ['/api/webhooks/razorpay', '/api/webhooks/lemonsqueezy', '/api/webhooks/paypal'].flatMap(
      (route) => [
        [route, `${route}/`],
        [route, route.toUpperCase()],
        [route, route.replace('webhooks', 'Webhooks')],
      ],
    ),
  )(
    'answers the webhook %s, and no route at %s: a large delivery refused unread, a small one 404',
    async (route, alias) => {
      const deliver = (path: string) =>
        fetch(`${platform.api}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ event: 'payment.captured' }),
        });
      expect((await deliver(route)).status).not.toBe(404);
      const large = await rawUpload({
        url: `${platform.api}${alias}`,
        headers: { 'content-type': 'application/json' },
        ...declaredOnly,
      }).answer;
      expect(large.status).toBe(413);
      const small = await deliver(alias);
      expect(small.status).toBe(404);
      expect(await small.json()).toMatchObject({ code: 'NOT_FOUND' });
    },
  );

  const upload = (who: SignedIn, bytes: number) =>
    who.browser.request(`${platform.api}/api/extract`, {
      method: 'POST',
      headers: sessionHeaders(who),
      body: JSON.stringify({ base64Image: Buffer.alloc(bytes, 1).toString('base64') }),
    });

  it('takes a file up to the plan limit in: free 5 MB, premium 30 MB', async () => {
    // Junk bytes of the full size pass the body limit and reach the engine, which sniffs them.
    const atFreeLimit = await upload(free, 5 * MB);
    expect(atFreeLimit.status).toBe(415);
    expect(await atFreeLimit.json()).toMatchObject({ code: 'UNSUPPORTED_FILE' });
    const overFree = await upload(free, 5 * MB + 1);
    expect(overFree.status).toBe(413);
    expect(await overFree.json()).toEqual({ code: 'IMAGE_SIZE_EXCEED', error: FREE_TOO_LARGE });
    const overFreeBody = await upload(free, 6 * MB);
    expect(overFreeBody.status).toBe(413);
    expect(await overFreeBody.json()).toEqual({ code: 'IMAGE_SIZE_EXCEED', error: FREE_TOO_LARGE });
    const atPremiumLimit = await upload(premium, 30 * MB);
    expect(atPremiumLimit.status).toBe(415);
    expect(await atPremiumLimit.json()).toMatchObject({ code: 'UNSUPPORTED_FILE' });
    await nothingStored();
  });

  it('runs two extractions of a user at once; the third gets 429; a slow drip is cut at 3 s', async () => {
    const user = await platform.signIn('Busy Uploader', 'busy-up@example.com');
    const concurrency = platform.app.get(ExtractionConcurrency);
    const slow = () =>
      rawUpload({
        url: `${platform.api}/api/extract`,
        headers: sessionHeaders(user),
        declaredLength: MB,
        total: MB,
        chunkBytes: 1024,
        intervalMs: 100, // 10 KB/s
      }).answer;
    const held: Promise<RawAnswer>[] = [slow(), slow()];
    const started = Date.now();
    while (concurrency.runningFor(user.userId) < 2 && Date.now() - started < 2000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(concurrency.runningFor(user.userId)).toBe(2);

    const third = await upload(user, 1000);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await third.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(concurrency.runningFor(user.userId)).toBe(2);

    // Nothing arrives fast enough: the request timeout closes both, and their slots come back.
    for (const answer of await Promise.all(held)) {
      expect(answer.status).toBe(408);
      expect(answer.body).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    }
    expect(Date.now() - started).toBeLessThan(6000);
    expect(concurrency.runningFor(user.userId)).toBe(0);
    expect((await upload(user, 1000)).status).toBe(415);
  });

  it('limits attempts per user and per client address (429 with Retry-After)', async () => {
    const [first, second] = [
      await platform.signIn('Eager One', 'eager-1@example.com'),
      await platform.signIn('Eager Two', 'eager-2@example.com'),
    ];
    const from = address();
    const attempt = async (who: SignedIn, ip: string) => {
      const response = await who.browser.request(`${platform.api}/api/extract`, {
        method: 'POST',
        headers: { ...sessionHeaders(who), 'x-forwarded-for': ip },
        body: JSON.stringify({ base64Image: 'AAAA' }),
      });
      return {
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: (await response.json()) as Record<string, unknown>,
      };
    };
    // Failed attempts count too: they are refunded, and OCR is the costly part.
    for (let i = 0; i < 4; i++) expect((await attempt(first, from)).status).not.toBe(429);
    const fifth = await attempt(first, from);
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(fifth.retryAfter)).toBeGreaterThan(0);
    // The address has made 5 attempts: one more for anyone there, then 429.
    expect((await attempt(second, from)).status).not.toBe(429);
    expect((await attempt(second, from)).status).toBe(429);
    expect((await attempt(second, address())).status).not.toBe(429);
  });
});
