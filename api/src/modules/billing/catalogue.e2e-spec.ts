import type { INestApplication } from '@nestjs/common';
import type { AddonPlansResponse, PlansResponse } from 'contracts';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { createTestApp } from '../../testing/test-app.js';

// An address in India and one in the United States, as the shipped GeoIP database has them.
const INDIAN_IP = '49.36.0.1';
const US_IP = '8.8.8.8';

const plans = async (app: INestApplication<App>, headers: Record<string, string> = {}) => {
  const response = await request(app.getHttpServer()).get('/api/plans').set(headers).expect(200);
  return response.body as PlansResponse;
};

describe('the plan catalogues (GET /api/plans, /api/sheets-extension/plans)', () => {
  // One app per configuration, shared by the tests that use it: GET /api/plans writes nothing,
  // so a test cannot see another's traces, and each app start is half a second or more.
  const apps = new Map<string, Promise<INestApplication<App>>>();
  const start = (env: NodeJS.ProcessEnv = {}) => {
    const key = JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
    const app = apps.get(key) ?? createTestApp(env);
    apps.set(key, app);
    return app;
  };
  afterAll(async () => {
    await Promise.all([...apps.values()].map(async (app) => (await app).close()));
  });

  it('serves the main catalogue in USD to a visitor whose country is unknown (loopback)', async () => {
    const body = await plans(await start());
    expect(body).toMatchObject({
      country: null,
      isIndianUser: false,
      currency: 'USD',
      conversionRate: 85,
      paymentsAvailable: false,
    });
    const byCode = Object.fromEntries(body.plans.map((plan) => [plan.code, plan]));
    expect(Object.keys(byCode)).toEqual([
      'free',
      'pro-weekly',
      'pro-monthly',
      'pro-yearly',
      'lifetime',
    ]);
    expect(byCode['pro-monthly']).toMatchObject({
      plan: 'Pro Monthly',
      rate: 129,
      foreignRate: 4,
      price: 4,
      currency: 'USD',
      badge: 'Most popular',
      showCard: true,
      checkoutLink: null,
      features: { imageSizeLimit: '30MB', usageLimit: 'Unlimited', validity: '30 days' },
    });
    expect(byCode['pro-yearly']).toMatchObject({ rate: 999, foreignRate: 33, badge: 'Best Value' });
    expect(byCode['lifetime']).toMatchObject({ foreignRate: 99, rate: 8415, badge: null });
    expect(byCode['pro-weekly']).toMatchObject({ foreignRate: 2, rate: 65, showCard: false });
    expect(byCode['free']).toMatchObject({
      price: 0,
      features: { imageSizeLimit: '5MB', usageLimit: '5 extractions per day' },
    });
  });

  it('ignores a spoofed X-Forwarded-For when no proxy is trusted', async () => {
    const body = await plans(await start(), { 'X-Forwarded-For': INDIAN_IP });
    expect(body).toMatchObject({ country: null, currency: 'USD' });
  });

  it("reads the client address from a trusted proxy's X-Forwarded-For", async () => {
    const app = await start({ TRUST_PROXY_HOPS: '1' });
    const indian = await plans(app, { 'X-Forwarded-For': INDIAN_IP });
    expect(indian).toMatchObject({ country: 'IN', isIndianUser: true, currency: 'INR' });
    expect(indian.plans.find((plan) => plan.code === 'pro-yearly')?.price).toBe(999);
    const american = await plans(app, { 'X-Forwarded-For': US_IP });
    expect(american).toMatchObject({ country: 'US', isIndianUser: false, currency: 'USD' });
    const privateAddress = await plans(app, { 'X-Forwarded-For': '10.1.2.3' });
    expect(privateAddress).toMatchObject({ country: null, currency: 'USD' });
  });

  it('offers payments only where a flow works: Indian visitors once the card flow is configured', async () => {
    const keys = {
      TRUST_PROXY_HOPS: '1',
      RAZORPAY_KEY_ID: 'rzp_test_catalogue',
      RAZORPAY_KEY_SECRET: 'catalogue-key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'catalogue-webhook-secret',
    };
    const configured = await start(keys);
    expect(await plans(configured, { 'X-Forwarded-For': INDIAN_IP })).toMatchObject({
      isIndianUser: true,
      paymentsAvailable: true,
    });
    // Everyone else pays through the overlay, not configured here.
    expect(await plans(configured, { 'X-Forwarded-For': US_IP })).toMatchObject({
      isIndianUser: false,
      paymentsAvailable: false,
    });
    const addon = await request(configured.getHttpServer()).get('/api/sheets-extension/plans');
    expect((addon.body as AddonPlansResponse).paymentsAvailable).toBe(false);
    const unconfigured = await start({ TRUST_PROXY_HOPS: '1' });
    expect(await plans(unconfigured, { 'X-Forwarded-For': INDIAN_IP })).toMatchObject({
      isIndianUser: true,
      paymentsAvailable: false,
    });
  });

  it('offers the overlay to everyone else, and the add-on catalogue, once Lemon Squeezy is configured', async () => {
    const overlay = await start({
      TRUST_PROXY_HOPS: '1',
      LEMONSQUEEZY_API_KEY: 'ls-catalogue-key',
      LEMONSQUEEZY_WEBHOOK_SECRET: 'ls-catalogue-secret',
      LEMONSQUEEZY_STORE_ID: '1',
      LEMONSQUEEZY_VARIANTS: 'pro-yearly=9003,topUp500=9022',
    });
    expect(await plans(overlay, { 'X-Forwarded-For': US_IP })).toMatchObject({
      isIndianUser: false,
      paymentsAvailable: true,
    });
    // Indian visitors pay by card, which is not configured here.
    expect(await plans(overlay, { 'X-Forwarded-For': INDIAN_IP })).toMatchObject({
      isIndianUser: true,
      paymentsAvailable: false,
    });
    const addon = await request(overlay.getHttpServer()).get('/api/sheets-extension/plans');
    expect((addon.body as AddonPlansResponse).paymentsAvailable).toBe(true);
  });

  it('takes the country from the configured proxy header', async () => {
    const app = await start({ COUNTRY_HEADER: 'CF-IPCountry' });
    expect(await plans(app, { 'CF-IPCountry': 'IN' })).toMatchObject({
      country: 'IN',
      currency: 'INR',
    });
    expect(await plans(app, { 'CF-IPCountry': 'DE' })).toMatchObject({
      country: 'DE',
      currency: 'USD',
    });
    // 'XX' (unknown) is no country: the address decides (loopback: unknown).
    expect(await plans(app, { 'CF-IPCountry': 'XX' })).toMatchObject({ country: null });
  });

  it('ignores a country header nobody configured', async () => {
    expect(await plans(await start(), { 'CF-IPCountry': 'IN' })).toMatchObject({ country: null });
  });

  it('serves INR to everyone with GEOIP_COUNTRY_OVERRIDE=IN (local testing)', async () => {
    const body = await plans(await start({ GEOIP_COUNTRY_OVERRIDE: 'in' }));
    expect(body).toMatchObject({ country: 'IN', isIndianUser: true, currency: 'INR' });
    expect(body.plans.find((plan) => plan.code === 'pro-monthly')?.price).toBe(129);
  });

  it('serves the conversion rate, and as checkout links only our route for what the overlay sells', async () => {
    const app = await start({
      CONVERSION_RATE: '90',
      API_PUBLIC_URL: 'https://api.example',
      LEMONSQUEEZY_API_KEY: 'catalogue-spec-api-key',
      LEMONSQUEEZY_WEBHOOK_SECRET: 'catalogue-spec-secret',
      LEMONSQUEEZY_STORE_ID: '1',
      LEMONSQUEEZY_VARIANTS: 'pro-yearly=11,sub500=12',
    });
    const body = await plans(app);
    expect(body.conversionRate).toBe(90);
    // Never a provider's plain buy link: anyone could pay with it for someone else (issue 20).
    expect(Object.fromEntries(body.plans.map((plan) => [plan.code, plan.checkoutLink]))).toEqual({
      free: null,
      'pro-weekly': null,
      'pro-monthly': null,
      'pro-yearly': 'https://api.example/api/checkout-link?plan=pro-yearly',
      lifetime: null,
    });
    expect(body.plans.find((plan) => plan.code === 'lifetime')?.rate).toBe(8910);
    const addon = (await request(app.getHttpServer()).get('/api/sheets-extension/plans'))
      .body as AddonPlansResponse;
    expect(addon.options.map((option) => option.checkoutLink)).toEqual([
      null,
      'https://api.example/api/checkout-link?plan=sub500',
      null,
      null,
      null,
      null,
    ]);
  });

  it('serves the add-on options with their display rates', async () => {
    const app = await start();
    const response = await request(app.getHttpServer())
      .get('/api/sheets-extension/plans')
      .expect(200);
    const body = response.body as AddonPlansResponse;
    expect(body.freeCreditsPerMonth).toBe(5);
    expect(body.paymentsAvailable).toBe(false);
    expect(
      body.options.map(({ name, kind, credits, amount, ratePerExtraction }) => [
        name,
        kind,
        credits,
        amount,
        ratePerExtraction,
      ]),
    ).toEqual([
      ['sub100', 'subscription', 100, 5, 0.05],
      ['sub500', 'subscription', 500, 15, 0.03],
      ['sub1000', 'subscription', 1000, 25, 0.025],
      ['topUp100', 'topUp', 100, 7, 0.07],
      ['topUp500', 'topUp', 500, 25, 0.05],
      ['topUp1000', 'topUp', 1000, 45, 0.045],
    ]);
  });
});
