// The hosted checkout overlay in Chromium against the production builds, the real API, FerretDB
// and the Lemon Squeezy sandbox (its lemon.js, overlay pay page, signed webhooks with retries and
// duplicates): a visitor from the United Kingdom buys Pro Yearly and sees the upgrade toast and
// the plan on the account page, an add-on top-up raises the credits, the customer portal opens in
// a new tab for a subscriber and a subscriber the provider does not know gets the support toast.
import { jest } from '@jest/globals';
import { seedBilling } from './support/billing-seed.mjs';
import { signInFromNavbar } from './support/sign-in.mjs';
import { browserSuite } from './support/stack.mjs';

jest.setTimeout(120_000);

// The country comes from the API's real GeoIP lookup through one trusted proxy hop, as in
// billing.test.mjs: each test plays that proxy with the address of a visitor in London.
const suite = browserSuite({
  apiEnv: { TRUST_PROXY_HOPS: '1', COUNTRY_HEADER: '', GEOIP_COUNTRY_OVERRIDE: '' },
  lemonSqueezySandbox: true,
});

const BRITISH_IP = '81.2.69.160'; // London, United Kingdom

const heading = (name, page = suite.page) => page.getByRole('heading', { level: 1, name });
const tab = (name) => suite.page.getByRole('tab', { name });
const panel = () => suite.page.getByRole('tabpanel');

async function visitFrom(page, ip) {
  const api = new URL(suite.stack.layout.api.url).origin;
  await page.route(
    (url) => url.origin === api,
    (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': ip } }),
  );
}

async function signIn(name, email, path, page = suite.page) {
  await signInFromNavbar(page, suite.stack.url(path), name, email);
}

/** Pays in the sandbox's overlay, which the page opened over itself. */
async function payInOverlay(email, page = suite.page) {
  const overlay = page.frameLocator('iframe[title="Lemon Squeezy Checkout"]');
  await overlay.getByText('Local payments sandbox: no real money moves.').waitFor();
  await overlay.getByLabel('Email').fill(email);
  await overlay.getByRole('button', { name: 'Pay with test card' }).click();
}

const toastText = (text, page = suite.page) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

test('a visitor from the UK buys Pro Yearly in the overlay, sees the upgrade toast and then Pro Yearly renewing on the account', async () => {
  const { page } = suite;
  await visitFrom(page, BRITISH_IP);
  await signIn('Una Overlay', 'una@example.com', '/pricing');
  await page.getByText('Prices in US dollars (USD).').waitFor();
  const yearly = page
    .getByRole('list', { name: 'Plans' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Pro Yearly' }) });
  await yearly.getByRole('button', { name: 'Buy Pro Yearly' }).click();
  await payInOverlay('una@example.com');

  // Checkout.Success → the flag, a reload, the toast once /api/me shows the webhook's grant.
  await toastText('Account upgraded! Welcome to Pro Yearly!').waitFor({ timeout: 30_000 });
  expect(await page.evaluate(() => localStorage.getItem('shouldNotifyUserUpgrade'))).toBeNull();
  await yearly.getByText('This is your current plan.').waitFor();

  await page.goto(suite.stack.url('/user-account'));
  await heading('Account Information').waitFor();
  await tab('Billing Details').click();
  await panel().getByText('Plan: Pro Yearly').waitFor();
  const renews = await panel().getByText('Renews at:').locator('..').innerText();
  const inAYear = new Date(Date.now() + 365 * 86_400_000).getUTCFullYear();
  expect(renews).toContain(String(inAYear));

  // The portal: 'Manage Subscription' opens the provider's portal in a new tab.
  const [portal] = await Promise.all([
    page.context().waitForEvent('page'),
    panel().getByRole('button', { name: 'Manage Subscription' }).click(),
  ]);
  await portal.getByRole('heading', { name: 'Customer portal (sandbox)' }).waitFor();
  expect(new URL(portal.url()).origin).toBe(suite.stack.lemonSqueezy.url);
});

test('signed out, Buy keeps the checkout link pending across sign-in; it then opens in a new tab, removed from storage', async () => {
  const { page } = suite;
  await visitFrom(page, BRITISH_IP);
  await page.goto(suite.stack.url('/pricing'));
  const monthly = page
    .getByRole('list', { name: 'Plans' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Pro Monthly' }) });
  await monthly.getByRole('button', { name: 'Buy Pro Monthly' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Name').fill('Pat Pending');
  await page.getByLabel('Email').fill('pat@example.com');
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  await tab.getByRole('heading', { name: 'Checkout (sandbox)' }).waitFor();
  expect(new URL(tab.url()).origin).toBe(suite.stack.lemonSqueezy.url);
  expect(await page.evaluate(() => localStorage.getItem('pendingPlanType'))).toBeNull();
  // Paying in that tab: the webhook grants Pro Monthly to the signed-in person.
  await tab.getByLabel('Email').fill('pat@example.com');
  await tab.getByRole('button', { name: 'Pay (test card)' }).click();
  await tab.getByRole('heading', { name: 'Paid' }).waitFor();
  await page.goto(suite.stack.url('/user-account'));
  await heading('Account Information').waitFor();
  await suite.page.getByRole('tab', { name: 'Billing Details' }).click();
  await panel().getByText('Plan: Pro Monthly').waitFor({ timeout: 30_000 });
});

test('an add-on top-up of 500 credits in the overlay raises the credits on the add-on account page', async () => {
  const { page } = suite;
  await signIn('Tom Topup', 'tom@example.com', '/user-account');
  await page.goto(suite.stack.url('/sheets-extension-pricing'));
  const topUp = page.getByRole('region', { name: 'Top-up credits' });
  await topUp.getByRole('radio', { name: '500 credits for $25', exact: true }).check();
  await topUp.getByRole('button', { name: 'Buy 500 credits' }).click();
  await payInOverlay('tom@example.com');
  await toastText('Account upgraded! Welcome to 500 credits! 🎉').waitFor({ timeout: 30_000 });

  await page.goto(suite.stack.url('/sheets-extension-user-account'));
  await heading('Account Information').waitFor();
  await panel()
    .getByText('Credits: 505 (5 this month, 500 top-up credits that never expire)')
    .waitFor();
});

test('a subscriber the provider does not know gets the portal failure toast with a support link', async () => {
  const { page } = suite;
  await signIn('Pia Portal', 'pia@example.com', '/user-account');
  const start = new Date(Date.now() - 3 * 86_400_000);
  await seedBilling(suite.stack.mongoUri, {
    action: 'subscription',
    email: 'pia@example.com',
    plan: 'Pro Monthly',
    id: 'sub_not_at_the_provider',
    start: start.toISOString(),
    end: new Date(start.getTime() + 30 * 86_400_000).toISOString(),
  });
  await page.reload();
  await heading('Account Information').waitFor();
  await tab('Billing Details').click();
  const pages = page.context().pages().length;
  await panel().getByRole('button', { name: 'Manage Subscription' }).click();
  const toast = toastText('Something went wrong. Please try again, or Contact Support for help.');
  await toast.waitFor();
  expect(await toast.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(
    '/contact-us',
  );
  // The tab opened for the portal (inside the click, before the answer) is closed again.
  for (let i = 0; i < 50 && page.context().pages().length > pages; i += 1) {
    await page.waitForTimeout(100);
  }
  expect(page.context().pages().length).toBe(pages);
});
