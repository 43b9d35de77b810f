// `npm run bench:web [-- --no-build] [--all] [ROUTE...]`: what a first visit downloads. Builds for
// production (`npm run build`), starts the built platform the way the browser tests do (its own
// FerretDB, the API, every remote and the shell on free ports), opens each route in headless
// Chromium with a fresh browser context (cold cache) and prints per route: JavaScript bytes raw
// and gzip, requests (JS and all), first and largest contentful paint, and the largest JS chunks.
// "gzip" is each JS response body (decoded) compressed here with zlib at level 9, whatever the
// server sent, so figures compare across servers. Bytes and requests come from the first visit;
// the paint times are the median of BENCH_RUNS visits (default 3), each cold. Then Lighthouse
// (scripts/lib/lighthouse.mjs; installed into scripts/lighthouse on first use; mobile preset,
// Debian's Chromium) runs BENCH_LH_RUNS times per route (default 3) and prints the median of each
// figure: performance, accessibility, best-practices and SEO scores, FCP, LCP, TBT, CLS and Speed
// Index; `--no-lighthouse` leaves it out. The machine's load average is printed with them:
// Lighthouse's throttling is simulated from the trace, but a loaded CPU still lengthens its
// tasks (TBT most). BENCH_LH_REPORTS=DIR keeps every run's report. Figures go in docs/benchmarks.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startLighthouse } from './lib/lighthouse.mjs';
import { ensureNodeModules } from './lib/npm-deps.mjs';
import { run } from './lib/proc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const routes = args.filter((a) => !a.startsWith('--'));
if (routes.length === 0) {
  routes.push('/', '/pricing', '/pdf-to-sheets-extension', '/yt-comment-filter');
}
const LIGHTHOUSE = !args.includes('--no-lighthouse');
const LH_RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
/** BENCH_LH_REPORTS=DIR keeps each Lighthouse run's full report (JSON) there, to look into. */
const LH_REPORTS = process.env.BENCH_LH_REPORTS;
// --all lists every JS file of a route, not only the five largest.
const TOP = args.includes('--all') ? Infinity : 5;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

const median = (values) => {
  const known = values.filter((v) => v != null).sort((a, b) => a - b);
  return known.length ? known[Math.floor((known.length - 1) / 2)] : null;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => (value == null ? 'n/a' : `${Math.round(value)} ms`);

/** Records the largest contentful paint as the page reports it, from the first paint on. */
function observeLcp() {
  globalThis.__lcp = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) globalThis.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

const isJs = (response) =>
  /javascript/.test(response.headers()['content-type'] ?? '') ||
  /\.m?js(\?|$)/.test(new URL(response.url()).pathname);

async function measure(browser, stack, partOf, route) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  await context.addInitScript(observeLcp);
  const page = await context.newPage();
  const responses = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(stack.url(route), { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500); // let the last paints be reported
  const paints = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    lcp: globalThis.__lcp,
    // The shell's first render of the app over the prerendered page (shell/src/main.tsx).
    takeover: performance.getEntriesByName('takeover')[0]?.duration ?? null,
  }));
  const js = [];
  for (const response of responses.filter(isJs)) {
    const body = await response.body().catch(() => null);
    if (!body) continue;
    const url = new URL(response.url());
    js.push({
      name: `${partOf(url)}${url.pathname}`,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      encoding: response.headers()['content-encoding'] ?? 'identity',
    });
  }
  await context.close();
  return {
    route,
    requests: responses.length,
    jsRequests: js.length,
    jsRaw: js.reduce((sum, f) => sum + f.raw, 0),
    jsGzip: js.reduce((sum, f) => sum + f.gzip, 0),
    served: [...new Set(js.map((f) => f.encoding))].join(', '),
    ...paints,
    largest: js.sort((a, b) => b.raw - a.raw).slice(0, TOP),
  };
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** Lighthouse, LH_RUNS runs per route, median of each figure. */
async function lighthouseRoutes(stack) {
  const lighthouse = await startLighthouse(root);
  const loadBefore = load();
  try {
    console.log(
      `\nLighthouse (mobile, simulated throttling), median of ${LH_RUNS} runs per route; ` +
        `load average before: ${loadBefore}`,
    );
    for (const route of routes) {
      const runs = [];
      for (let i = 0; i < LH_RUNS; i++) {
        const result = await lighthouse.audit(stack.url(route));
        runs.push(result);
        if (LH_REPORTS) {
          mkdirSync(LH_REPORTS, { recursive: true });
          const name = `${route.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${i + 1}.json`;
          writeFileSync(path.join(LH_REPORTS, name), JSON.stringify(result.lhr));
        }
      }
      const med = (pick) => median(runs.map(pick));
      const s = (c) => med((r) => r.scores[c]);
      const m = (k) => med((r) => r.metrics[k]);
      console.log(`\n${route}`);
      console.log(
        `  performance ${s('performance')} (runs: ${runs.map((r) => r.scores.performance).join(', ')}), ` +
          `accessibility ${s('accessibility')}, best practices ${s('best-practices')}, SEO ${s('seo')}`,
      );
      console.log(
        `  FCP ${ms(m('fcp'))}, LCP ${ms(m('lcp'))}, TBT ${ms(m('tbt'))}, ` +
          `CLS ${m('cls')?.toFixed(3) ?? 'n/a'}, Speed Index ${ms(m('si'))}`,
      );
      const failing = [...new Set(runs.flatMap((r) => r.failing))];
      if (failing.length) console.log(`  failed audits: ${failing.join(', ')}`);
    }
    console.log(`\nLighthouse load average after: ${load()}`);
  } finally {
    lighthouse.close();
  }
}

async function main() {
  await ensureNodeModules(root);
  if (build) {
    console.log('Building for production (npm run build)...');
    await run('npm', ['run', 'build'], { cwd: root, quiet: true });
  }
  const { launchBrowser, startStack } = await import('../e2e/support/stack.mjs');
  const stack = await startStack();
  const browser = await launchBrowser();
  const parts = new Map([
    [stack.layout.shell.url, 'shell'],
    [stack.layout.api.url, 'api'],
    ...stack.layout.remotes.map((r) => [r.url, r.dir]),
  ]);
  const partOf = (url) => parts.get(url.origin) ?? url.origin;
  try {
    const results = [];
    for (const route of routes) {
      const visits = [];
      for (let i = 0; i < RUNS; i++) visits.push(await measure(browser, stack, partOf, route));
      const [first] = visits;
      results.push({
        ...first,
        fcp: median(visits.map((v) => v.fcp)),
        lcp: median(visits.map((v) => v.lcp)),
        takeover: median(visits.map((v) => v.takeover)),
      });
    }
    for (const r of results) {
      console.log(`\n${r.route}`);
      console.log(
        `  JS: ${kb(r.jsRaw)} raw, ${kb(r.jsGzip)} gzip (zlib level 9; served: ${r.served}) in ` +
          `${r.jsRequests} files; ${r.requests} requests in all`,
      );
      console.log(
        `  first contentful paint ${ms(r.fcp)}, largest contentful paint ${ms(r.lcp)} ` +
          `, the app's first render ${ms(r.takeover)} (median of ${RUNS})`,
      );
      console.log(`  ${TOP === Infinity ? 'all' : 'largest'} JS chunks (raw / gzip):`);
      for (const f of r.largest) console.log(`    ${kb(f.raw)} / ${kb(f.gzip)}  ${f.name}`);
    }
    console.log(`\nChromium ${browser.version()}, Node ${process.version}, cold cache per route.`);
    if (LIGHTHOUSE) await lighthouseRoutes(stack);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(`bench:web failed: ${error.message}`);
  if (error.output) console.error(error.output.slice(-4000));
  process.exit(1);
});
