// The production web server of the front ends (scripts/lib/web-server.mjs) over HTTP, on the
// built shell and a built remote: the SPA fallback, /runtime-config.json from the environment,
// the shell's Content-Security-Policy, the security headers, caching, compression and CORS.
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildRuntimeConfig } from 'contracts';
import { root } from './support/stack.mjs';
import { createWebServer, PAYMENT_PROVIDER_ORIGINS } from '../scripts/lib/web-server.mjs';

const ENV = {
  API_URL: 'https://api.example.test',
  MFE_TEXT_OCR_URL: 'https://ocr.example.test',
  MFE_SHEETS_ADDON_URL: 'https://addon.example.test/',
  MFE_COMMENT_FILTER_URL: 'https://filter.example.test',
  MFE_BILLING_URL: 'https://billing.example.test:8443',
  ANALYTICS_ENDPOINT: 'https://collect.example.test/e',
  SHELL_URL: 'https://www.example.test',
  CHECKOUT_LINKS:
    'pro-yearly=https://shop.lemonsqueezy.com/checkout/buy/9003,topUp500=https://shop.lemonsqueezy.com/checkout/buy/9022',
};

const servers = [];
async function serve(kind, dir, env = ENV) {
  const server = createWebServer({ dir: path.join(root, dir, 'dist'), kind, env });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const base = `http://127.0.0.1:${server.address().port}`;
  return Object.assign((p, init) => fetch(`${base}${p}`, init), { base });
}

/** A GET whose body stays as sent (fetch would decode it). */
const rawGet = (base, p, encoding) =>
  new Promise((resolve, reject) => {
    http
      .get(`${base}${p}`, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** The CSP as { directive: [sources] }. */
const directives = (csp) =>
  Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );

const hashedAsset = (dir, pattern) =>
  readdirSync(path.join(root, dir, 'dist', 'assets')).find((f) => pattern.test(f));

describe('the shell', () => {
  let get;
  beforeAll(async () => {
    get = await serve('shell', 'shell');
  });

  it.each(['/', '/pricing', '/sheets-extension-faq?aff=x', '/this/does/not/exist'])(
    'answers %s with the app (index.html), not cached without revalidation',
    async (p) => {
      const response = await get(p);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root"></div>');
    },
  );

  it('serves /runtime-config.json built from the environment by the one builder', async () => {
    const response = await get('/runtime-config.json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual(buildRuntimeConfig(ENV));
  });

  it('sends a CSP allowing exactly the configured remotes and API', async () => {
    const response = await get('/pricing');
    const csp = directives(response.headers.get('content-security-policy'));
    const remotes = [
      'https://ocr.example.test',
      'https://addon.example.test',
      'https://filter.example.test',
      'https://billing.example.test:8443',
    ];
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual([
      "'self'",
      ...remotes,
      ...PAYMENT_PROVIDER_ORIGINS,
      'https://checkout.razorpay.com',
      'https://app.lemonsqueezy.com',
    ]);
    // Razorpay's checkout.js frames its checkout from api.razorpay.com, lemon.js the store's
    // checkout links: those origins alone.
    expect(csp['frame-src']).toEqual([
      ...PAYMENT_PROVIDER_ORIGINS,
      'https://api.razorpay.com',
      'https://shop.lemonsqueezy.com',
    ]);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'blob:',
      'https://api.example.test',
      ...remotes,
      'https://collect.example.test',
    ]);
    expect(csp['worker-src']).toEqual(["'self'", 'blob:', ...remotes]);
    // The add-on landing's demo video and captions come from its remote (default-src is 'self').
    expect(csp['media-src']).toEqual(["'self'", ...remotes]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'", ...remotes]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
    expect(Object.values(csp).flat()).not.toContain('*');
  });

  it("allows the local sandbox's checkout script and frame instead of Razorpay's, and only them", async () => {
    const sandboxed = await serve('shell', 'shell', {
      ...ENV,
      RAZORPAY_API_URL: 'http://127.0.0.1:4200',
    });
    const config = await (await sandboxed('/runtime-config.json')).json();
    expect(config).toMatchObject({
      razorpayCheckoutUrl: 'http://127.0.0.1:4200/v1/checkout.js',
      razorpayFrameOrigin: 'http://127.0.0.1:4200',
    });
    const csp = directives((await sandboxed('/pricing')).headers.get('content-security-policy'));
    expect(csp['script-src']).toContain('http://127.0.0.1:4200');
    expect(csp['frame-src']).toEqual([
      ...PAYMENT_PROVIDER_ORIGINS,
      'http://127.0.0.1:4200',
      'https://shop.lemonsqueezy.com',
    ]);
    expect(Object.values(csp).flat().join(' ')).not.toMatch(/razorpay\.com/);
    // Nothing else opens up: no connect-src, no form-action to the sandbox.
    expect(csp['connect-src']).not.toContain('http://127.0.0.1:4200');
    expect(csp['form-action']).not.toContain('http://127.0.0.1:4200');

    const custom = await serve('shell', 'shell', {
      ...ENV,
      RAZORPAY_CHECKOUT_URL: 'https://pay-sandbox.example.test/v1/checkout.js',
    });
    const customCsp = directives((await custom('/')).headers.get('content-security-policy'));
    expect(customCsp['script-src']).toContain('https://pay-sandbox.example.test');
    expect(customCsp['frame-src']).toEqual([
      ...PAYMENT_PROVIDER_ORIGINS,
      'https://pay-sandbox.example.test',
      'https://shop.lemonsqueezy.com',
    ]);
  });

  it("allows the local sandbox's lemon.js and overlay frame instead of Lemon Squeezy's, and only them", async () => {
    const sandboxed = await serve('shell', 'shell', {
      ...ENV,
      LEMONSQUEEZY_API_URL: 'http://127.0.0.1:4201',
      CHECKOUT_LINKS: 'pro-yearly=http://127.0.0.1:4201/checkout/buy/9003',
    });
    const config = await (await sandboxed('/runtime-config.json')).json();
    expect(config).toMatchObject({
      lemonSqueezyScriptUrl: 'http://127.0.0.1:4201/js/lemon.js',
      lemonSqueezyFrameOrigin: 'http://127.0.0.1:4201',
    });
    const csp = directives((await sandboxed('/pricing')).headers.get('content-security-policy'));
    expect(csp['script-src']).toContain('http://127.0.0.1:4201');
    expect(csp['frame-src']).toEqual([
      ...PAYMENT_PROVIDER_ORIGINS,
      'https://api.razorpay.com',
      'http://127.0.0.1:4201',
    ]);
    expect(Object.values(csp).flat().join(' ')).not.toMatch(/lemonsqueezy\.com/);
    expect(csp['connect-src']).not.toContain('http://127.0.0.1:4201');
    expect(csp['form-action']).not.toContain('http://127.0.0.1:4201');

    // No checkout links, no store origin: no overlay frame at all.
    const bare = await serve('shell', 'shell', { ...ENV, CHECKOUT_LINKS: '' });
    const bareCsp = directives((await bare('/')).headers.get('content-security-policy'));
    expect(bareCsp['frame-src']).toEqual([...PAYMENT_PROVIDER_ORIGINS, 'https://api.razorpay.com']);
  });

  it("allows PayPal's SDK and frame origin for the wallet, the sandbox's instead locally, and nothing without a client id", async () => {
    const none = directives((await get('/pricing')).headers.get('content-security-policy'));
    expect(Object.values(none).flat().join(' ')).not.toMatch(/paypal/);

    const live = await serve('shell', 'shell', { ...ENV, PAYPAL_CLIENT_ID: 'live-client' });
    expect(await (await live('/runtime-config.json')).json()).toMatchObject({
      paypalSdkUrl: 'https://www.paypal.com/sdk/js?client-id=live-client&currency=USD',
      paypalFrameOrigin: 'https://www.paypal.com',
    });
    // PayPal's own SDK: the hosts PayPal documents for a page with a CSP, in these four
    // directives only (Venmo's left out), and nothing of PayPal's in the others.
    const liveCsp = directives((await live('/pricing')).headers.get('content-security-policy'));
    const documented = ['https://*.paypal.com', 'https://*.paypalobjects.com'];
    expect(liveCsp['frame-src']).toEqual([
      ...PAYMENT_PROVIDER_ORIGINS,
      'https://api.razorpay.com',
      'https://shop.lemonsqueezy.com',
      ...documented,
    ]);
    for (const name of ['script-src', 'connect-src', 'img-src']) {
      expect(liveCsp[name].filter((source) => /paypal/.test(source))).toEqual(documented);
    }
    for (const [name, sources] of Object.entries(liveCsp)) {
      if (['script-src', 'connect-src', 'img-src', 'frame-src'].includes(name)) continue;
      expect(sources.join(' ')).not.toMatch(/paypal/);
    }
    expect(Object.values(liveCsp).flat().join(' ')).not.toMatch(/venmo/);

    const sandboxed = await serve('shell', 'shell', {
      ...ENV,
      PAYPAL_CLIENT_ID: 'local-sandbox-paypal-client',
      PAYPAL_API_URL: 'http://127.0.0.1:4202',
    });
    expect(await (await sandboxed('/runtime-config.json')).json()).toMatchObject({
      paypalSdkUrl:
        'http://127.0.0.1:4202/sdk/js?client-id=local-sandbox-paypal-client&currency=USD',
      paypalFrameOrigin: 'http://127.0.0.1:4202',
    });
    const csp = directives((await sandboxed('/')).headers.get('content-security-policy'));
    expect(csp['script-src']).toContain('http://127.0.0.1:4202');
    expect(csp['frame-src']).toContain('http://127.0.0.1:4202');
    expect(Object.values(csp).flat().join(' ')).not.toMatch(/paypal\.com/);
    expect(csp['connect-src']).not.toContain('http://127.0.0.1:4202');
    expect(csp['form-action']).not.toContain('http://127.0.0.1:4202');

    // PayPal's own sandbox API still takes PayPal's SDK (a sandbox client id).
    const paypalSandbox = await serve('shell', 'shell', {
      ...ENV,
      PAYPAL_CLIENT_ID: 'sb-client',
      PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com',
    });
    expect(await (await paypalSandbox('/runtime-config.json')).json()).toMatchObject({
      paypalSdkUrl: 'https://www.paypal.com/sdk/js?client-id=sb-client&currency=USD',
    });
  });

  it('sends nosniff and a Referrer-Policy, and HSTS only behind TLS', async () => {
    const plain = await get('/');
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    expect(plain.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    // X-Forwarded-Proto from an untrusted client changes nothing
    const spoofed = await get('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers.get('strict-transport-security')).toBeNull();

    const proxied = await serve('shell', 'shell', { ...ENV, TRUST_PROXY_HOPS: '1' });
    const secure = await proxied('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    const forged = await proxied('/', { headers: { 'x-forwarded-proto': 'https, http' } });
    expect(forged.headers.get('strict-transport-security')).toBeNull();

    const forced = await serve('shell', 'shell', { ...ENV, FORCE_HSTS: '1' });
    expect((await forced('/')).headers.get('strict-transport-security')).toMatch(/max-age/);
  });

  it('caches hashed assets for a year as immutable and compresses them', async () => {
    const asset = hashedAsset('shell', /^mf-entry-bootstrap-.*\.js$/);
    const gzip = await rawGet(get.base, `/assets/${asset}`, 'gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gzip.headers['content-type']).toMatch(/javascript/);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).length).toBeGreaterThan(gzip.body.length);
  });

  it('answers a missing asset or file with 404, not the app', async () => {
    expect((await get('/assets/missing-0123abcd.js')).status).toBe(404);
    expect((await get('/favicon-missing.png')).status).toBe(404);
  });

  it('refuses other methods than GET and HEAD', async () => {
    expect((await get('/', { method: 'POST' })).status).toBe(405);
  });
});

describe("the shell's prerendered pages, from a remote that stalls", () => {
  // The text OCR remote's prerender.json, served by a remote that answers it, or stalls: sends
  // the headers and half the body then nothing ('body'), or never answers at all ('silent').
  const prerender = readFileSync(path.join(root, 'mfe-text-ocr', 'dist', 'prerender.json'));
  let mode = 'answer';
  let remote;
  let get;
  beforeAll(async () => {
    remote = http.createServer((req, res) => {
      if (mode === 'silent') return;
      res.writeHead(200, { 'content-type': 'application/json' });
      if (mode === 'body') res.write(prerender.subarray(0, prerender.length >> 1));
      else res.end(prerender);
    });
    await new Promise((resolve) => remote.listen(0, '127.0.0.1', resolve));
    const env = {
      ...ENV,
      MFE_TEXT_OCR_URL: `http://127.0.0.1:${remote.address().port}`,
      PRERENDER_TIMEOUT_MS: '200',
      PRERENDER_MAX_AGE_MS: '0',
    };
    get = await serve('shell', 'shell', env);
  });
  afterAll(async () => {
    remote.closeAllConnections();
    await new Promise((resolve) => remote.close(resolve));
  });

  /** '/' as served, and how long it took. */
  const home = async () => {
    const started = Date.now();
    const html = await (await get('/')).text();
    return {
      prerendered: html.includes('<div id="root" data-prerendered'),
      ms: Date.now() - started,
    };
  };

  it.each(['body', 'silent'])(
    "serves the plain shell within the timeout while the remote stalls (%s), each time, then the remote's page again",
    async (stall) => {
      mode = 'answer';
      expect((await home()).prerendered).toBe(true);
      mode = stall;
      // Twice: a stalled request must not hold the next page either.
      for (let i = 0; i < 2; i++) {
        const { prerendered, ms } = await home();
        expect({ prerendered, slow: ms > 1500 }).toEqual({ prerendered: false, slow: false });
      }
      mode = 'answer';
      expect((await home()).prerendered).toBe(true);
    },
  );
});

describe('a remote', () => {
  let get;
  beforeAll(async () => {
    get = await serve('remote', 'mfe-billing');
  });

  it('answers CORS to the shell origin only', async () => {
    const fromShell = await get('/mf-manifest.json', {
      headers: { origin: 'https://www.example.test' },
    });
    expect(fromShell.headers.get('access-control-allow-origin')).toBe('https://www.example.test');
    expect(fromShell.headers.get('vary')).toMatch(/Origin/);
    const fromElsewhere = await get('/mf-manifest.json', {
      headers: { origin: 'https://evil.example' },
    });
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await get('/remoteEntry.js', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('revalidates remoteEntry.js and mf-manifest.json, and compresses them with brotli', async () => {
    for (const file of ['/remoteEntry.js', '/mf-manifest.json']) {
      const raw = await rawGet(get.base, file, 'br');
      expect(raw.headers['cache-control']).toBe('no-cache');
      expect(raw.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(raw.body).length).toBeGreaterThan(100);
    }
    const gz = await rawGet(get.base, '/remoteEntry.js', 'gzip');
    expect(gunzipSync(gz.body).toString()).toContain('mfeBilling');
  });

  it('has no SPA fallback: an unknown path is a 404', async () => {
    expect((await get('/pricing')).status).toBe(404);
  });
});

describe("the add-on remote's demo video", () => {
  let get;
  beforeAll(async () => {
    get = await serve('remote', 'mfe-sheets-addon');
  });
  const fromShell = { origin: 'https://www.example.test' };

  it('serves the WebM as video/webm, in ranges (seeking), cached as a hashed asset, with CORS for the shell', async () => {
    const file = `/assets/${hashedAsset('mfe-sheets-addon', /^addon-demo-.*\.webm$/)}`;
    const whole = await get(file, { headers: fromShell });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(whole.headers.get('access-control-allow-origin')).toBe('https://www.example.test');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBeLessThan(3 * 1024 * 1024);
    expect(bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3'); // EBML: Matroska/WebM
    const part = await get(file, { headers: { ...fromShell, range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${String(bytes.length)}`);
  });

  it('serves the captions as text/vtt and the poster as an image', async () => {
    const captions = await get(
      `/assets/${hashedAsset('mfe-sheets-addon', /^addon-demo-.*\.vtt$/)}`,
      { headers: fromShell },
    );
    expect(captions.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(captions.headers.get('access-control-allow-origin')).toBe('https://www.example.test');
    expect(await captions.text()).toMatch(/^WEBVTT\n/);
    const poster = await get(
      `/assets/${hashedAsset('mfe-sheets-addon', /^addon-demo-poster-.*\.webp$/)}`,
    );
    expect(poster.headers.get('content-type')).toBe('image/webp');
  });
});
