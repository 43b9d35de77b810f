// The comment filter extension (clients/comment-filter-extension) loaded unpacked in Debian's
// Chromium: its content script highlights the positive comments of a watch page — the page's URL
// answered by request interception with the local fixture of the platform's comment markup — and
// the comments the page adds later, also after the platform's in-app navigation; its popup, opened as a tab, changes the strictness and
// switches it off, and every open watch page follows; sign-in opens the platform's sign-in in a
// new tab and the popup then shows who is signed in with the platform's session cookie. The API's
// two routes the extension calls (GET /auth/google, GET /api/me) are played by a small local
// server that records what reaches it: the extension's requests are under test here, and it
// needs no platform stack.
/* global document, getComputedStyle, history, DOMParser -- the functions given to page.evaluate run in the browser */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, root } from './support/stack.mjs';

jest.setTimeout(60_000);

const workspace = path.join(root, 'clients', 'comment-filter-extension');
const fixture = (name) => readFileSync(path.join(workspace, 'test', 'fixtures', name), 'utf8');
const WEB = 'https://filter.test';
const WATCH_URL = 'https://www.youtube.com/watch?v=fixture0001';
/** The platform's home page, before its app renders a video in place (no comments yet). */
const HOME_PAGE =
  '<!doctype html><html lang="en"><head><title>YouTube</title></head><body><ytd-app>' +
  '<a href="/watch?v=fixture0002">A video</a></ytd-app></body></html>';

const SESSION = { name: 'session', value: 'ada-session' };
const ADA = { name: 'Ada Lovelace', email: 'ada@example.test', isPremium: false };

const suite = { dist: null, profile: null, context: null, extensionId: null, api: null };
let API;
const apiRequests = [];

/** GET /api/me answers the person whose session cookie came with it; sign-in shows a page. */
function startApi() {
  const server = http.createServer((req, res) => {
    apiRequests.push({ url: req.url, cookie: req.headers.cookie ?? '' });
    if (req.url === '/api/me') {
      const signedIn = (req.headers.cookie ?? '').includes(`${SESSION.name}=${SESSION.value}`);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(signedIn ? { user: ADA } : {}));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<h1>Sign in</h1>');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  suite.api = await startApi();
  API = `http://127.0.0.1:${suite.api.address().port}`;
  suite.dist = mkdtempSync(path.join(os.tmpdir(), 'comment-filter-dist-'));
  suite.profile = mkdtempSync(path.join(os.tmpdir(), 'comment-filter-profile-'));
  execFileSync(process.execPath, ['scripts/build.mjs', '--outdir', suite.dist], {
    cwd: workspace,
    env: { PATH: process.env.PATH, COMMENT_FILTER_API_URL: API, COMMENT_FILTER_WEB_URL: WEB },
    stdio: 'pipe',
  });
  // An extension loads only into a persistent profile, and only in Chromium's new headless mode
  // (what `headless: true` starts with this Chromium).
  suite.context = await chromium.launchPersistentContext(suite.profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1200, height: 800 },
    args: [
      ...CHROMIUM_ARGS.filter((arg) => arg !== '--headless'),
      `--disable-extensions-except=${suite.dist}`,
      `--load-extension=${suite.dist}`,
    ],
  });
  const worker =
    suite.context.serviceWorkers()[0] ?? (await suite.context.waitForEvent('serviceworker'));
  suite.extensionId = new URL(worker.url()).host;
  await suite.context.route('https://www.youtube.com/**', (route) => {
    const watch = new URL(route.request().url()).pathname === '/watch';
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: watch ? fixture('watch-page.html') : HOME_PAGE,
    });
  });
});
afterAll(async () => {
  await suite.context?.close();
  await new Promise((resolve) => (suite.api ? suite.api.close(resolve) : resolve()));
  for (const dir of [suite.dist, suite.profile]) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

/** The authors of the comments the extension marked with `label`, in page order. */
function labelled(page, label) {
  return page.evaluate(
    (wanted) =>
      [...document.querySelectorAll(`[data-comment-filter="${wanted}"]`)].map((comment) =>
        comment.querySelector('#author-text').textContent.trim().replace(/^@/, ''),
      ),
    label,
  );
}

/** Waits until exactly `authors` are highlighted (each with its badge), then returns them. */
async function waitForPositives(page, authors) {
  await page
    .waitForFunction(
      (expected) => {
        const marked = [...document.querySelectorAll('[data-comment-filter="positive"]')];
        const names = marked.map((c) =>
          c.querySelector('#author-text').textContent.trim().replace(/^@/, ''),
        );
        const badges = document.querySelectorAll('[data-comment-filter-badge]').length;
        return JSON.stringify(names) === JSON.stringify(expected) && badges === expected.length;
      },
      authors,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  return labelled(page, 'positive');
}

async function openWatchPage() {
  const page = await suite.context.newPage();
  await page.goto(WATCH_URL);
  return page;
}

async function openPopup() {
  const popup = await suite.context.newPage();
  await popup.goto(`chrome-extension://${suite.extensionId}/popup.html`);
  return popup;
}

test('highlights the positive comments of a watch page, and those loaded later', async () => {
  const page = await openWatchPage();
  expect(await waitForPositives(page, ['ada', 'grace', 'dora', 'fay'])).toEqual([
    'ada',
    'grace',
    'dora',
    'fay',
  ]);
  expect(await labelled(page, 'negative')).toEqual(['brian']);
  expect(await labelled(page, 'neutral')).toEqual(['chen', 'emil']);
  // The badge is text a screen reader hears, and the highlight shows.
  const badge = page.getByRole('note').first();
  await expect(badge.textContent()).resolves.toContain('Positive');
  const tint = await page
    .locator('[data-comment-filter="positive"]')
    .first()
    .evaluate((comment) => getComputedStyle(comment).boxShadow);
  expect(tint).toContain('inset');

  // The page adds threads as the reader scrolls.
  await page.evaluate((html) => {
    document.querySelector('#sections > #contents').insertAdjacentHTML('beforeend', html);
  }, fixture('watch-page-more.html'));
  expect(await waitForPositives(page, ['ada', 'grace', 'dora', 'fay', 'hana'])).toEqual([
    'ada',
    'grace',
    'dora',
    'fay',
    'hana',
  ]);
  // The later comments are classified in one batch, but labelled one by one: wait for the last.
  for (let i = 0; i < 50 && (await labelled(page, 'negative')).length < 2; i++) {
    await page.waitForTimeout(100);
  }
  expect(await labelled(page, 'negative')).toEqual(['brian', 'ivan']);
  expect(await labelled(page, 'neutral')).toEqual(['chen', 'emil', 'jo']);
  await page.close();
});

test('starts on a watch page reached by in-app navigation from the home page', async () => {
  const page = await suite.context.newPage();
  await page.goto('https://www.youtube.com/');
  // What the platform's app does on a click: a new address by pushState, then the video's page
  // rendered in place, comments last.
  const navigate = (address) =>
    page.evaluate(
      ([to, html]) => {
        history.pushState({}, '', to);
        const parsed = new DOMParser().parseFromString(html, 'text/html');
        document.querySelector('ytd-app').replaceChildren(parsed.querySelector('ytd-app'));
      },
      [address, fixture('watch-page.html')],
    );
  await navigate('/watch?v=fixture0002');
  expect(await waitForPositives(page, ['ada', 'grace', 'dora', 'fay'])).toHaveLength(4);
  // The next video, still inside the app: the running script keeps up, and a second injection
  // adds nothing (each positive comment keeps one badge).
  await navigate('/watch?v=fixture0003');
  expect(await waitForPositives(page, ['ada', 'grace', 'dora', 'fay'])).toHaveLength(4);
  await page.waitForTimeout(500);
  expect(await page.locator('[data-comment-filter-badge]').count()).toBe(4);
  // A channel's posts have comments too, but are not a watch page: left as they are.
  await navigate('/@ada/posts');
  await page.waitForTimeout(1500);
  expect(await page.locator('ytd-comment-view-model').count()).toBe(7);
  expect(await page.locator('[data-comment-filter]').count()).toBe(0);
  await page.close();
});

test("the popup's strictness and switch change the highlights of an open watch page", async () => {
  const page = await openWatchPage();
  await waitForPositives(page, ['ada', 'grace', 'dora', 'fay']);
  const popup = await openPopup();
  await popup.getByRole('radio', { name: /^Strict/ }).check();
  expect(await waitForPositives(page, ['ada', 'dora'])).toEqual(['ada', 'dora']);
  await popup.getByRole('radio', { name: /^Relaxed/ }).check();
  expect(await waitForPositives(page, ['ada', 'grace', 'dora', 'emil', 'fay'])).toEqual([
    'ada',
    'grace',
    'dora',
    'emil',
    'fay',
  ]);
  // A page opened later starts with the saved strictness.
  const later = await openWatchPage();
  expect(await waitForPositives(later, ['ada', 'grace', 'dora', 'emil', 'fay'])).toHaveLength(5);

  await popup.getByRole('switch', { name: 'Highlight positive comments' }).uncheck();
  expect(await waitForPositives(page, [])).toEqual([]);
  expect(await page.locator('[data-comment-filter]').count()).toBe(0);
  await expect(popup.getByRole('radio', { name: /^Strict/ }).isDisabled()).resolves.toBe(true);

  await popup.getByRole('switch', { name: 'Highlight positive comments' }).check();
  await popup.getByRole('radio', { name: /^Balanced/ }).check();
  expect(await waitForPositives(page, ['ada', 'grace', 'dora', 'fay'])).toHaveLength(4);
  await Promise.all([page.close(), later.close(), popup.close()]);
});

test('signs in through the platform in a new tab, then shows who is signed in', async () => {
  const popup = await openPopup();
  await popup
    .getByRole('status')
    .filter({ hasText: /^Not signed in\.$/ })
    .waitFor();
  const [signIn] = await Promise.all([
    suite.context.waitForEvent('page'),
    popup.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  await signIn.waitForLoadState();
  expect(signIn.url()).toBe(`${API}/auth/google?state=%2F%3Fsource%3Dextension`);
  await signIn.close();

  // What the platform's sign-in leaves behind: its session cookie, SameSite=Lax, HttpOnly.
  await suite.context.addCookies([
    { ...SESSION, url: API, httpOnly: true, sameSite: 'Lax', secure: false },
  ]);
  await popup.reload();
  await popup
    .getByRole('status')
    .filter({ hasText: /^Signed in as Ada Lovelace \(ada@example\.test\)$/ })
    .waitFor();
  expect(await popup.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(false);
  expect(apiRequests.filter((r) => r.url === '/api/me').at(-1).cookie).toContain(
    `${SESSION.name}=${SESSION.value}`,
  );
  await expect(popup.locator('#attribution').textContent()).resolves.toContain('AFINN-165');
  await popup.close();
});
