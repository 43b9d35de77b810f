// Public pages paint from HTML (issue 25): the shell's server sends each public route of every
// remote with its page already in it, made by that remote's own build; the app then takes over
// without a console error or a layout shift; a remote rebuilt alone changes its served HTML; a
// remote that is dead or hangs in the browser still ends on its fallback.
/* global document, getComputedStyle -- the functions given to page.evaluate run in the browser */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import { appTookOver, browserSuite, root } from './support/stack.mjs';
import { createWebServer } from '../scripts/lib/web-server.mjs';
import { run } from '../scripts/lib/proc.mjs';

jest.setTimeout(180_000);

const suite = browserSuite();

/**
 * Every public route of every remote (issue 25's list), its headline and how much text its main
 * holds at least. /pricing is its frame: the plans are the visitor's (their currency).
 */
const PUBLIC_ROUTES = [
  ['/', 'Extract text from images, handwriting and PDFs', 1000],
  ['/handwriting-ocr', 'Handwriting to text, in seconds', 1000],
  ['/terms-of-service', 'Terms of Service', 1000],
  ['/privacy-policy', 'Privacy Policy', 1000],
  ['/pdf-to-sheets-extension', 'Convert PDF to Google Sheets in 1 Click', 1000],
  ['/sheets-extension-faq', 'FAQ', 200], // the answers are folded
  ['/sheets-extension-terms-of-service', 'Terms of Service', 1000],
  ['/sheets-extension-privacy-policy', 'Privacy Policy', 1000],
  ['/yt-comment-filter', 'Comment filter: see the positive comments first', 1000],
  ['/pricing', 'Pricing', 10],
  ['/affiliate', 'Affiliate Program', 200],
  ['/refund-policy', 'Refund Policy', 500],
];

/**
 * `page.goto(route)`; when it fails (a page whose load never ends), its error names the requests
 * still under way, the page's own included, so a failure says what the page waited for.
 */
async function goto(page, route) {
  const pending = new Set();
  const add = (request) => pending.add(request);
  const done = (request) => pending.delete(request);
  page.on('request', add);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  try {
    return await page.goto(suite.stack.url(route));
  } catch (error) {
    const urls = [...pending].map((request) => request.url());
    error.message += `\nStill loading: ${urls.join(', ') || 'nothing'}`;
    throw error;
  } finally {
    page.off('request', add);
    page.off('requestfinished', done);
    page.off('requestfailed', done);
  }
}

/**
 * Opens `route` as the shell's server sends it prerendered, and answers the served HTML. A
 * remote slow to answer that server (this machine loaded: 500 ms) gets the plain shell, so the
 * page is asked for again, up to five times, until it comes prerendered; `beforeEach` runs before
 * each try.
 */
async function gotoPrerendered(page, route, beforeEach = () => {}) {
  let served = '';
  for (let i = 0; i < 5 && !served.includes('<div id="root" data-prerendered'); i++) {
    beforeEach();
    served = await (await goto(page, route)).text();
  }
  return served;
}

/**
 * Runs `use` on a new page of a fresh phone-sized context (Lighthouse's mobile viewport), with
 * `init` run before the page's own scripts, and closes the context after.
 */
async function onPhone(use, { init, javaScriptEnabled = true } = {}) {
  const context = await suite.browser.newContext({
    viewport: { width: 412, height: 823 },
    javaScriptEnabled,
  });
  try {
    if (init) await context.addInitScript(init);
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Waits until the app has run: the session is known and the navbar shows Login (or Home). */
function sessionShown(page) {
  const header = page.locator('header');
  return header
    .getByRole('button', { name: 'Login' })
    .or(header.getByRole('link', { name: 'Home' }))
    .first()
    .waitFor();
}

/** The page's h1 and its main text, as a visitor without JavaScript gets them. */
async function withoutJavaScript(route) {
  return onPhone(
    async (page) => {
      await gotoPrerendered(page, route);
      return {
        headline: await page.locator('main h1').first().textContent({ timeout: 2000 }),
        text: await page.locator('main').innerText(),
        navbar: await page.locator('header nav').count(),
        footer: await page.getByRole('navigation', { name: 'Footer' }).count(),
      };
    },
    { javaScriptEnabled: false },
  );
}

test.each(PUBLIC_ROUTES)(
  '%s is served with its headline, main text, navbar and footer in the HTML',
  async (route, headline, minText) => {
    const served = await withoutJavaScript(route);
    expect(served.headline).toBe(headline);
    expect(served.text.length).toBeGreaterThan(minText);
    expect(served.navbar).toBe(1);
    expect(served.footer).toBe(1);
    // The same page as the app shows once it has run: its first paragraph is in the HTML, but for
    // the visitor's prices, which the HTML keeps the place of (empty) until the API answers.
    await goto(suite.page, route);
    await appTookOver(suite.page);
    await suite.page.waitForLoadState('networkidle');
    const paragraph = suite.page.locator('main p').first();
    const withoutPrices = (text) => text.replace(/[$€£₹]\s?\d+(?:[.,]\d+)*/g, '');
    expect(withoutPrices(served.text)).toContain(
      withoutPrices((await paragraph.innerText()).trim()).slice(0, 60),
    );
  },
);

/**
 * Records the page's layout shifts from the first paint on (as CLS counts them): each one's value
 * and what moved (tag, text, top before → after), to name the culprit when the test fails.
 */
function recordLayoutShifts() {
  globalThis.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      globalThis.__shifts.push({
        value: entry.value,
        moved: entry.sources.map(
          ({ node, previousRect, currentRect }) =>
            `${node?.nodeName ?? '?'} "${(node?.textContent ?? '').slice(0, 40)}" ` +
            `top ${String(previousRect.top)} → ${String(currentRect.top)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

test.each(['/', '/pricing', '/pdf-to-sheets-extension', '/yt-comment-filter', '/affiliate'])(
  '%s: the app takes over the prerendered page without a console error or a layout shift',
  (route) =>
    onPhone(
      async (page) => {
        const errors = [];
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => {
          const { url } = message.location();
          if (message.type() === 'error' && !url.endsWith('/favicon.ico')) {
            errors.push(message.text());
          }
        });
        await gotoPrerendered(page, route);
        await sessionShown(page);
        await page.waitForLoadState('networkidle');
        const shifts = await page.evaluate(() => globalThis.__shifts);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        // Under CLS's 0.05, or the shifts with what moved.
        expect(total < 0.05 ? [] : shifts).toEqual([]);
        expect(errors).toEqual([]);
      },
      { init: recordLayoutShifts },
    ),
);

/**
 * The shared singletons (shared-ui/federation.mjs), as the federation names their files: the
 * shell's `…__loadShare__<name>__loadShare__…` provides each; a remote's `…__prebuild__<name>…`
 * is its own copy, fetched only where the shell's is missing. `react` is Preact's compat layer
 * with Preact itself, which the JSX runtime and `react-dom/client` import from it; `react-dom`,
 * the same module as `react` there, gets no file of its own on these pages.
 */
const SINGLETON_FILES = {
  react: '__react__',
  'react/jsx-runtime': '__react_mf_1_jsx_mf_2_runtime__',
  'react-dom/client': '__react_mf_2_dom_mf_1_client__',
  'react-router-dom': '__react_mf_2_router_mf_2_dom__',
  'styled-components': '__styled_mf_2_components__',
};

/** Records the class names of the prerendered page's elements, as the HTML gives them. */
function recordPrerenderedClasses() {
  document.addEventListener('DOMContentLoaded', () => {
    const root = document.getElementById('root');
    if (!root?.hasAttribute('data-prerendered')) return;
    globalThis.__prerenderedClasses = [...root.querySelectorAll('[class]')].map((element) =>
      element.getAttribute('class'),
    );
  });
}

test.each(['/', '/pricing', '/pdf-to-sheets-extension', '/yt-comment-filter'])(
  "%s: the app's styled-components class names are the prerendered page's (its CSS reused)",
  (route) =>
    onPhone(
      async (page) => {
        await gotoPrerendered(page, route);
        await appTookOver(page);
        const { prerendered, app } = await page.evaluate(() => ({
          prerendered: globalThis.__prerenderedClasses ?? [],
          app: [...document.querySelectorAll('#root [class]')].map((e) => e.getAttribute('class')),
        }));
        const styled = (classes) => classes.filter((names) => /\bsc-/.test(names));
        expect(styled(prerendered).length).toBeGreaterThan(10);
        // The app's styled elements carry the class names the prerendered page already had, but
        // for what the visitor's data changes (on /pricing, their plan and prices): at least 90 %.
        // With ids counted at run time none would match.
        const known = new Set(styled(prerendered));
        const unknown = styled(app).filter((names) => !known.has(names));
        expect({ route, unknown: unknown.length > styled(app).length / 10 ? unknown : [] }).toEqual(
          {
            route,
            unknown: [],
          },
        );
      },
      { init: recordPrerenderedClasses },
    ),
);

/** The URLs of the page's head elements matching `selector` (links' href, scripts' src), in order. */
const headScripts = (page, selector) =>
  page.evaluate(
    (matching) =>
      [...document.head.querySelectorAll(matching)].map(
        (element) => element.getAttribute('href') ?? element.getAttribute('src'),
      ),
    selector,
  );

/** The app's scripts a prerendered page's head lists for start-app.js: { entry, preload }. */
const listedScripts = (served) =>
  JSON.parse(/<script type="application\/json" id="app-scripts">(.*?)<\/script>/.exec(served)[1]);

test.each(['/', '/pricing', '/pdf-to-sheets-extension', '/yt-comment-filter'])(
  '%s prerendered: each shared singleton is downloaded once, from the shell, no remote copy, every script at low priority',
  (route) =>
    onPhone(async (page) => {
      const scripts = [];
      page.on('response', (response) => {
        if (/\.m?js$/.test(new URL(response.url()).pathname)) scripts.push(response.url());
      });
      const served = await gotoPrerendered(page, route, () => (scripts.length = 0));
      expect(served).toContain('<div id="root" data-prerendered');
      // The head announces no remote's own copy of a shared module.
      expect(served).not.toMatch(/<link rel="modulepreload"[^>]*__prebuild__/);
      // The page paints from its HTML: no script of the app, the shell's or the remote's, is
      // fetched before it has painted (a video's poster is, at high priority). The head lists
      // them; start-app.js adds them then, every one at low priority.
      expect(served).not.toMatch(/<(link rel="modulepreload"|script type="module")/);
      const listed = listedScripts(served);
      expect(listed.preload.length).toBeGreaterThan(10);
      expect(served).toContain('<script src="/start-app.js" defer></script>');
      // A demo video is its poster until played: an image fetched at high priority, and nothing
      // of the recording.
      expect(served).not.toContain('<video');
      if (route === '/pdf-to-sheets-extension' || route === '/yt-comment-filter') {
        expect(served).toMatch(
          /<button[^>]*aria-label="Play the demo video"[^>]*>\s*<img[^>]*fetchpriority="high"/i,
        );
      }
      await sessionShown(page);
      await page.waitForLoadState('networkidle');
      const added = await headScripts(
        page,
        'link[rel="modulepreload"][fetchpriority="low"], script[type="module"][fetchpriority="low"]',
      );
      expect(added).toEqual(expect.arrayContaining([...listed.preload, listed.entry]));
      const shell = suite.stack.layout.shell.url;
      for (const [name, marker] of Object.entries(SINGLETON_FILES)) {
        const files = scripts.filter((url) => url.includes(`__loadShare${marker}loadShare__`));
        expect({ name, files: files.length }).toEqual({ name, files: 1 });
        expect(files[0].startsWith(shell)).toBe(true);
      }
      expect(scripts.filter((url) => url.includes('__prebuild__'))).toEqual([]);
      expect(new Set(scripts).size).toBe(scripts.length);
    }),
);

/** The page as a tab opened in the background sees itself: hidden, and never painting. */
function hiddenTab() {
  Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
  globalThis.requestAnimationFrame = () => 0;
}

test('a prerendered page opened in a background tab adds all its scripts at once and starts', () =>
  onPhone(
    async (page) => {
      const served = await gotoPrerendered(page, '/');
      const listed = listedScripts(served);
      await sessionShown(page);
      const added = await headScripts(page, 'link[rel="modulepreload"]');
      // In the listed order, ahead of any the app's lazy imports add later.
      expect(added.slice(0, listed.preload.length)).toEqual(listed.preload);
    },
    { init: hiddenTab },
  ));

test.each(['/', '/pdf-to-sheets-extension', '/yt-comment-filter'])(
  '%s lays out its hero at once and its sections below only when near (content-visibility)',
  (route) =>
    onPhone(async (page) => {
      await goto(page, route);
      const sections = async () =>
        page.locator('main section[aria-labelledby]').evaluateAll((all) =>
          all
            .filter((s) => !s.parentElement.closest('section'))
            .map((s) => ({
              title: document.getElementById(s.getAttribute('aria-labelledby'))?.textContent,
              deferred: getComputedStyle(s).contentVisibility === 'auto',
            })),
        );
      // Both the prerendered page and the app's, once it has taken over.
      for (const stage of ['prerendered', 'app']) {
        if (stage === 'app') await appTookOver(page);
        const [hero, ...rest] = await sections();
        expect({ stage, hero }).toEqual({ stage, hero: { title: hero.title, deferred: false } });
        // What it does or reads, how it works, the FAQ: at least three, the last one included.
        expect({ stage, deferred: rest.filter((s) => s.deferred).length >= 3 }).toEqual({
          stage,
          deferred: true,
        });
        expect({ stage, last: rest.at(-1) }).toEqual({
          stage,
          last: { title: rest.at(-1).title, deferred: true },
        });
      }
    }),
);

test.each([
  ['dead', (route) => route.abort('connectionrefused')],
  ['hung', () => undefined], // never answered
])(
  'a remote %s in the browser replaces its prerendered page with the fallback',
  async (_, answer) => {
    const billing = suite.stack.layout.remotes.find((r) => r.dir === 'mfe-billing');
    // The shell's server still reaches the remote (the page comes prerendered); the browser not.
    await suite.page.route(`${billing.url}/**`, answer);
    const served = await (await fetch(suite.stack.url('/affiliate'))).text();
    expect(served).toMatch(/<div id="root" data-prerendered[^>]*>.*<h1[^>]*>Affiliate Program</s);
    await goto(suite.page, '/affiliate');
    await suite.page
      .getByRole('heading', { level: 1, name: 'This page could not be loaded' })
      .waitFor({ timeout: 10_000 });
    // Nothing of the prerendered page is left beside the fallback.
    expect(await suite.page.locator('main h1').allTextContents()).toEqual([
      'This page could not be loaded',
    ]);
    expect(await suite.page.getByText('Affiliate Program').count()).toBe(0);
  },
);

test("a remote rebuilt alone changes the shell's served HTML and page", async () => {
  const remote = suite.stack.layout.remotes.find((r) => r.dir === 'mfe-comment-filter');
  const headline = 'Comment filter: see the positive comments first';
  const rebuilt = `${headline} (rebuilt alone)`;
  // A copy of the remote's workspace with a new headline (beside it, so its relative paths hold),
  // built on its own and served on the remote's port.
  const copy = mkdtempSync(path.join(root, '.rebuild-mfe-comment-filter-'));
  let server = null;
  try {
    cpSync(path.join(root, 'mfe-comment-filter'), copy, {
      recursive: true,
      filter: (source) => !/[/\\](node_modules|dist)$/.test(source),
    });
    const hero = path.join(copy, 'src', 'features', 'landing', 'Hero.tsx');
    writeFileSync(hero, readFileSync(hero, 'utf8').replace(headline, rebuilt));
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    // As a deployment builds it: the federation plugin does nothing under jest.
    const env = { ...process.env, NODE_ENV: 'production' };
    delete env.JEST_WORKER_ID;
    await run(process.execPath, [vite, 'build'], { cwd: copy, quiet: true, env }).catch((error) => {
      throw new Error(
        `${error.message}
${error.output?.slice(-3000)}`,
        { cause: error },
      );
    });

    await suite.stack.stopRemote('mfe-comment-filter');
    server = createWebServer({
      dir: path.join(copy, 'dist'),
      kind: 'remote',
      env: { SHELL_URL: suite.stack.layout.shell.url },
    });
    await new Promise((resolve) => server.listen(remote.port, '127.0.0.1', resolve));

    // The shell's server revalidates the remote's prerendered pages within seconds.
    const deadline = Date.now() + 15_000;
    let html = '';
    while (!html.includes(rebuilt) && Date.now() < deadline) {
      html = await (await fetch(suite.stack.url('/yt-comment-filter'))).text();
      if (!html.includes(rebuilt)) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(html).toContain(rebuilt);
    expect(html).not.toContain(`>${headline}<`);

    await goto(suite.page, '/yt-comment-filter');
    await suite.page.getByRole('heading', { level: 1, name: rebuilt }).waitFor();
  } finally {
    if (server) await new Promise((resolve) => server.close(resolve));
    rmSync(copy, { recursive: true, force: true });
    await suite.stack.startRemote('mfe-comment-filter');
  }
});
