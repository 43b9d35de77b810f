// Every plan through every flow that sells it, in Chromium against the production builds, the
// real API, FerretDB and the three payment sandboxes (issue 14's "done when": a person can buy
// each plan through each flow and see it on their account). Each purchase is a new person in a
// new browser context: by card as a visitor from India (Pro Monthly, Pro Yearly, Lifetime), in
// the overlay as a visitor from the United Kingdom (the same three, the add-on's subscriptions
// and top-ups), with the wallet (Pro Weekly, Pro Monthly, Pro Yearly, Lifetime at §7's amounts).
// The other browser tests go deeper into each flow (sign-in in the middle, declines, other tabs).
import { jest } from '@jest/globals';
import { signInFromNavbar } from './support/sign-in.mjs';
import { browserSuite } from './support/stack.mjs';

jest.setTimeout(120_000);

const suite = browserSuite({
  apiEnv: { TRUST_PROXY_HOPS: '1', COUNTRY_HEADER: '', GEOIP_COUNTRY_OVERRIDE: '' },
  razorpaySandbox: true,
  lemonSqueezySandbox: true,
  paypalSandbox: true,
});

const INDIAN_IP = '117.239.195.1'; // BSNL, India
const BRITISH_IP = '81.2.69.160'; // London, United Kingdom

let people = 0;

/**
 * Every request of the page to the API from now on arrives as if through a proxy from `ip`. Set
 * after signing in, so the sign-in's redirects are not intercepted: set before, a sign-in now and
 * then did not come back greeted within 30 s (twice in 6 runs; cause not found).
 */
async function visitFrom(ip) {
  const api = new URL(suite.stack.layout.api.url).origin;
  await suite.page.route(
    (url) => url.origin === api,
    (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': ip } }),
  );
}

/** A new person signs in at the embedded provider from `path`. */
async function newPerson(path) {
  const { page } = suite;
  people += 1;
  const name = `Buyer Number${String(people)}`;
  const email = `buyer${String(people)}@example.com`;
  await signInFromNavbar(page, suite.stack.url(path), name, email);
  return email;
}

const me = () =>
  suite.page.evaluate(async (api) => {
    const response = await fetch(`${api}/api/me`, { credentials: 'include' });
    return (await response.json()).user;
  }, suite.stack.layout.api.url);

const toast = (text) => suite.page.locator('[data-sonner-toast]').filter({ hasText: text });

async function buyOnPricing(plan) {
  const { page } = suite;
  await page.goto(suite.stack.url('/pricing'));
  await page
    .getByRole('list', { name: 'Plans' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: plan }) })
    .getByRole('button', { name: `Buy ${plan}` })
    .click();
}

/** The account page's Billing Details: the plan line and the payments table's plan cells. */
async function accountShows(path, planLine, paymentPlan) {
  const { page } = suite;
  await page.goto(suite.stack.url(path));
  await page.getByRole('heading', { level: 1, name: 'Account Information' }).waitFor();
  await page.getByRole('tab', { name: 'Billing Details' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByText(planLine, { exact: true }).waitFor();
  await panel.getByRole('cell', { name: paymentPlan, exact: true }).first().waitFor();
}

describe('by card (Razorpay), a visitor from India', () => {
  test.each(['Pro Monthly', 'Pro Yearly', 'Lifetime'])('buys %s', async (plan) => {
    const { page } = suite;
    await newPerson('/user-account');
    await visitFrom(INDIAN_IP);
    await buyOnPricing(plan);
    const checkout = page.frameLocator('iframe[title="Razorpay Checkout"]');
    await checkout.getByLabel('Card number').fill('4111 1111 1111 1111');
    await checkout.getByRole('button', { name: /^Pay ₹/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor();
    await page.getByText(`You bought the ${plan} plan.`).waitFor();
    expect(await me()).toMatchObject({ isPremium: true, planType: plan });
    await suite.stack.razorpay.idle();
    await accountShows('/user-account', `Plan: ${plan}`, plan);
  });
});

describe('in the overlay (Lemon Squeezy), a visitor from the United Kingdom', () => {
  async function payInOverlay(email) {
    const overlay = suite.page.frameLocator('iframe[title="Lemon Squeezy Checkout"]');
    await overlay.getByText('Local payments sandbox: no real money moves.').waitFor();
    await overlay.getByLabel('Email').fill(email);
    await overlay.getByRole('button', { name: 'Pay with test card' }).click();
  }

  test.each(['Pro Monthly', 'Pro Yearly', 'Lifetime'])('buys %s', async (plan) => {
    const email = await newPerson('/user-account');
    await visitFrom(BRITISH_IP);
    await buyOnPricing(plan);
    await payInOverlay(email);
    await toast(`Account upgraded! Welcome to ${plan}!`).waitFor({ timeout: 30_000 });
    expect(await me()).toMatchObject({ isPremium: true, planType: plan });
    await suite.stack.lemonSqueezy.idle();
    await accountShows('/user-account', `Plan: ${plan}`, plan);
  });

  test.each([
    ['subscription', 100, 'sub100'],
    ['subscription', 500, 'sub500'],
    ['subscription', 1000, 'sub1000'],
    ['top-up', 100, 'topUp100'],
    ['top-up', 500, 'topUp500'],
    ['top-up', 1000, 'topUp1000'],
  ])('buys the add-on %s of %i credits', async (kind, credits, code) => {
    const { page } = suite;
    // Signed in from the main site (the add-on's own pages offer 'Home', not Login).
    const email = await newPerson('/user-account');
    await visitFrom(BRITISH_IP);
    await page.goto(suite.stack.url('/sheets-extension-pricing'));
    const region = page.getByRole('region', {
      name: kind === 'subscription' ? 'Monthly subscription' : 'Top-up credits',
    });
    await region
      .getByRole('radio', { name: new RegExp(`^${String(credits)} credits for`) })
      .check();
    await region
      .getByRole('button', {
        name:
          kind === 'subscription'
            ? `Subscribe to ${String(credits)} credits a month`
            : `Buy ${String(credits)} credits`,
      })
      .click();
    await payInOverlay(email);
    await toast('Account upgraded!').waitFor({ timeout: 30_000 });
    await suite.stack.lemonSqueezy.idle();
    const user = await me();
    if (kind === 'subscription') {
      expect(user).toMatchObject({ isExtPremium: true, extPlan: code, defaultBalance: credits });
    } else {
      expect(user).toMatchObject({ topUpBalance: credits, defaultBalance: 5 });
    }
    const total = kind === 'subscription' ? credits : credits + 5;
    await page.goto(suite.stack.url('/sheets-extension-user-account'));
    await page.getByRole('heading', { level: 1, name: 'Account Information' }).waitFor();
    await page
      .getByRole('tabpanel')
      .getByText(new RegExp(`^Credits: ${String(total)} `))
      .waitFor();
    if (kind === 'subscription') {
      await page
        .getByRole('tabpanel')
        .getByText(`Plan: Subscription: ${String(credits)} credits a month`)
        .waitFor();
    }
  });
});

describe('with the wallet (PayPal)', () => {
  test.each([
    ['pro-weekly', 'Pro Weekly', '$2.00'],
    ['pro-monthly', 'Pro Monthly', '$4.00'],
    ['pro-yearly', 'Pro Yearly', '$33.00'],
    ['lifetime', 'Lifetime', '$99.00'],
  ])('buys %s', async (code, plan, amount) => {
    const { page } = suite;
    await newPerson('/user-account');
    await page.goto(suite.stack.url(`/paypal-checkout?plan=${code}`));
    await page.getByRole('heading', { level: 1, name: 'Pay with PayPal' }).waitFor();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Pay with PayPal' }).click(),
    ]);
    await popup.getByRole('heading', { name: `Pay ${amount} USD` }).waitFor();
    await Promise.all([
      popup.waitForEvent('close'),
      popup
        .getByRole('button', { name: 'Approve payment' })
        .click()
        // The popup closes itself on this click; it may be gone before the click's own end.
        .catch((error) => {
          if (!popup.isClosed()) throw error;
        }),
    ]);
    await page.waitForURL((url) => url.pathname === '/payment-success');
    expect(await me()).toMatchObject({ isPremium: true, planType: plan });
    await suite.stack.paypal.idle();
    await accountShows('/user-account', `Plan: ${plan}`, plan);
  });
});
