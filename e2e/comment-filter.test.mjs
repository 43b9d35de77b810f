// The comment-filter landing (mfe-comment-filter) in Chromium against the production builds: the
// page shows its real content (never 'under construction'), the demo video plays with its
// captions, and the live demo, with the classifier fetched only on this route, highlights the
// sample thread's positive comments and puts them first. One platform and one Chromium.
/* global document -- the functions given to page.evaluate run in the browser */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import { appTookOver, browserSuite, root } from './support/stack.mjs';

jest.setTimeout(90_000);

const LANDING = '/yt-comment-filter';
const THREAD = JSON.parse(
  readFileSync(
    path.join(root, 'mfe-comment-filter', 'src', 'features', 'demo', 'sample-thread.json'),
    'utf8',
  ),
);
/** The sample thread's comments a reader calls positive, and its plain complaints. */
const POSITIVE = ['c01', 'c04', 'c06', 'c09', 'c13', 'c16', 'c18'];
const COMPLAINTS = ['c05', 'c08', 'c14', 'c19'];
const textOf = (id) => THREAD.comments.find((c) => c.id === id).text;

const suite = browserSuite();

const remoteOrigin = () =>
  suite.stack.layout.remotes.find((r) => r.dir === 'mfe-comment-filter').url;

test('the landing shows its content, and its demo video plays with captions', async () => {
  const { page } = suite;
  await page.goto(suite.stack.url(LANDING));
  await page
    .getByRole('heading', { level: 1, name: 'Comment filter: see the positive comments first' })
    .waitFor();
  expect(await page.title()).toBe(
    'Comment filter: see the positive comments first | Comment filter',
  );
  await page.getByRole('link', { name: /Available in the Chrome Web Store/ }).waitFor();
  await page.getByRole('region', { name: 'How it works' }).waitFor();
  await page.getByRole('button', { name: 'Can I get a refund for a premium plan?' }).waitFor();
  await page
    .getByRole('region', { name: 'Premium plans and refunds' })
    .getByText(/Yearly and\s+Lifetime plans can be refunded within 30 days/)
    .waitFor();
  expect(await page.locator('body').innerText()).not.toMatch(/under construction/i);

  // The poster, a play button (the prerendered one is inert until the app takes over):
  // pressed, the recording is loaded and plays.
  await appTookOver(page);
  expect(await page.locator('figure video').count()).toBe(0);
  await page.getByRole('button', { name: 'Play the demo video' }).click();
  const video = page.locator('figure video');
  await video.waitFor();
  const source = await video.evaluate((v) => ({
    src: v.querySelector('source')?.src,
    type: v.querySelector('source')?.type,
    poster: v.poster,
  }));
  expect(source.type).toBe('video/webm');
  expect(new URL(source.src).origin).toBe(remoteOrigin());
  const served = await fetch(source.src);
  expect(served.headers.get('content-type')).toBe('video/webm');
  expect(Number(served.headers.get('content-length'))).toBeLessThan(3 * 1024 * 1024);
  expect((await fetch(source.poster)).headers.get('content-type')).toMatch(/^image\//);
  // The captions load (a cross-origin track needs CORS and the CSP's media-src) and it plays.
  await video.evaluate((v) => {
    v.textTracks[0].mode = 'showing';
    v.muted = true;
    void v.play();
  });
  await page.waitForFunction(
    () => {
      const v = document.querySelector('figure video');
      return v.currentTime > 1 && v.textTracks[0].cues?.length > 0;
    },
    undefined,
    { timeout: 20_000 },
  );
  const cues = await video.evaluate((v) => Array.from(v.textTracks[0].cues).map((c) => c.text));
  const step = (pattern) => cues.findIndex((text) => pattern.test(text));
  expect(step(/sample thread/)).toBeGreaterThan(-1);
  expect(step(/Strict/)).toBeGreaterThan(step(/sample thread/));
  expect(step(/Positive first/)).toBeGreaterThan(step(/Strict/));
  expect(step(/your own/)).toBeGreaterThan(step(/Positive first/));
});

test("the live demo highlights the thread's positive comments and puts them first; no other page fetches it", async () => {
  const { page } = suite;
  // The home page fetches nothing of the comment filter's remote (the classifier least of all).
  const fromRemote = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin === remoteOrigin()) fromRemote.push(request.url());
  });
  await page.goto(suite.stack.url('/'));
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  expect(fromRemote).toEqual([]);

  await page.goto(suite.stack.url(`${LANDING}#demo`));
  const thread = page.getByRole('list', { name: /^Sample thread/ });
  await thread.waitFor({ timeout: 30_000 });
  const shown = () =>
    thread.getByRole('listitem').evaluateAll((items) =>
      items.map((item) => ({
        text: item.querySelector('p').textContent,
        positive: item.textContent.includes('Positive'),
      })),
    );
  const inThread = await shown();
  expect(inThread.map((c) => c.text)).toEqual(THREAD.comments.map((c) => c.text));
  const marked = inThread.filter((c) => c.positive).map((c) => c.text);
  expect(marked).toEqual(expect.arrayContaining(POSITIVE.map(textOf)));
  for (const id of COMPLAINTS) expect(marked).not.toContain(textOf(id));

  await page.getByRole('checkbox', { name: 'Positive first' }).check();
  const positiveFirst = [
    ...inThread.filter((c) => c.positive).map((c) => c.text),
    ...inThread.filter((c) => !c.positive).map((c) => c.text),
  ];
  expect(positiveFirst).not.toEqual(inThread.map((c) => c.text));
  await page.waitForFunction(
    (order) =>
      Array.from(document.querySelectorAll('[aria-label^="Sample thread"] li p'))
        .map((p) => p.textContent)
        .join('\n') === order,
    positiveFirst.join('\n'),
    { timeout: 5000 },
  );
  expect((await shown()).map((c) => c.text)).toEqual(positiveFirst);
});
