// Error reporting in the built shell (spec §7), served by the production web server: without
// SENTRY_DSN_WEB the SDK's chunk is never requested; with it, the SDK loads, the CSP lets it post
// to the DSN's host, and a failed sign-in from the navbar reaches a local receiver of Sentry
// envelopes tagged with its action, with no toast (spec §8).
import http from 'node:http';
import path from 'node:path';
import { createWebServer } from '../scripts/lib/web-server.mjs';
import { launchBrowser, root } from './support/stack.mjs';

/** Keeps the events of the envelopes posted to /api/<project>/envelope/. */
async function startReceiver() {
  const events = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method === 'POST' && /^\/api\/\d+\/envelope\//.test(req.url)) {
        const lines = Buffer.concat(chunks).toString().split('\n');
        for (let i = 1; i + 1 < lines.length; i += 2) {
          if (JSON.parse(lines[i]).type === 'event') events.push(JSON.parse(lines[i + 1]));
        }
      }
      res.end('{}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, events, dsn: `http://key@127.0.0.1:${server.address().port}/5` };
}

const closers = [];
async function serveShell(env) {
  // The API and the remotes are not running: the navbar's Login fails at session-init.
  const server = createWebServer({
    dir: path.join(root, 'shell', 'dist'),
    kind: 'shell',
    env: { API_URL: 'http://127.0.0.1:9', ...env },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${server.address().port}`;
}

let browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const close of closers) await close();
});

/** Opens /pricing and lists the shell's JavaScript files it requested. */
async function open(base) {
  const page = await browser.newPage();
  const scripts = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`${base}/handwriting-ocr`);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return { page, scripts };
}

test('without a DSN the SDK is never downloaded', async () => {
  const { page, scripts } = await open(await serveShell({}));
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForTimeout(500);
  expect(scripts.some((file) => file.startsWith('/assets/index-'))).toBe(true);
  expect(scripts.filter((file) => /sentry/i.test(file))).toEqual([]);
  await page.close();
}, 30_000);

test('with a DSN a failed sign-in reaches the service tagged "login", and shows no toast', async () => {
  const receiver = await startReceiver();
  closers.push(() => new Promise((resolve) => receiver.server.close(resolve)));
  const { page, scripts } = await open(await serveShell({ SENTRY_DSN_WEB: receiver.dsn }));
  await page.getByRole('button', { name: 'Login' }).click();
  const deadline = Date.now() + 10_000;
  while (!receiver.events.some((e) => e.tags?.action === 'login') && Date.now() < deadline) {
    await page.waitForTimeout(100);
  }
  expect(scripts.some((file) => /\/assets\/sentry-/.test(file))).toBe(true);
  const login = receiver.events.find((e) => e.tags?.action === 'login');
  expect(login).toBeDefined();
  expect(JSON.stringify(login)).not.toMatch(/cookie|authorization/i);
  expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
  await page.close();
}, 30_000);
