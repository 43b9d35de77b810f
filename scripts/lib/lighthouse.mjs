// Lighthouse for `npm run bench:web` (issue 25): its own pinned package in scripts/lighthouse
// (185 MB with puppeteer-core and the trace engine, so not part of npm test's install), installed
// on first use with `npm ci`, and run through its Node API against Debian's Chromium
// (CHROME_PATH, default /usr/bin/chromium), mobile preset (Lighthouse's default: a Moto G Power
// class phone, simulated slow 4G and 4× CPU slowdown, "lantern" estimates from the trace).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { run } from './proc.mjs';

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The audits bench:web prints (their numericValue, ms; CLS unitless). */
export const LIGHTHOUSE_METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
};

/** scripts/lighthouse/node_modules, installed from its lockfile when missing. */
export async function ensureLighthouse(root) {
  const dir = path.join(root, 'scripts', 'lighthouse');
  if (!existsSync(path.join(dir, 'node_modules', 'lighthouse', 'package.json'))) {
    console.log('Installing Lighthouse for bench:web (npm ci --prefix scripts/lighthouse)...');
    await run('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund'], { cwd: root });
  }
  const load = (name, main) =>
    import(pathToFileURL(path.join(dir, 'node_modules', name, main)).href);
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    load('lighthouse', 'core/index.js'),
    load('chrome-launcher', 'dist/index.js'),
  ]);
  return { lighthouse, chromeLauncher };
}

/**
 * Starts Chromium for Lighthouse and answers `audit(url)` (one Lighthouse run: scores 0-100 per
 * category and the metrics above) and `close()`. Lighthouse clears the origin's cache and storage
 * before each run, so every run is a first visit.
 */
export async function startLighthouse(root) {
  const { lighthouse, chromeLauncher } = await ensureLighthouse(root);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  return {
    async audit(url) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: LIGHTHOUSE_CATEGORIES,
      });
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      const scores = Object.fromEntries(
        LIGHTHOUSE_CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      );
      const metrics = Object.fromEntries(
        Object.entries(LIGHTHOUSE_METRICS).map(([key, id]) => [
          key,
          lhr.audits[id]?.numericValue ?? null,
        ]),
      );
      // What failed in the categories other than performance, to act on.
      const failing = Object.values(lhr.categories)
        .filter((c) => c.id !== 'performance')
        .flatMap((c) => c.auditRefs)
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      return { scores, metrics, failing: [...new Set(failing)], lhr };
    },
    close: () => chrome.kill(),
  };
}
