// The wallet flow in Chromium against the production builds, the real API, FerretDB and the
// PayPal sandbox (its server API, JS SDK and approval popup, spec §4 Payment, §7, §9): paying Pro
// Weekly on /paypal-checkout while a second tab notices the upgrade and reloads by itself, the
// wallet link kept across sign-in and opened in a new tab, and a cancelled approval.
/* global window -- the functions given to page.evaluate run in the browser */
import { jest } from '@jest/globals';
import { browserSuite } from './support/stack.mjs';

jest.setTimeout(120_000);

const suite = browserSuite({ paypalSandbox: true });

const WALLET = '/paypal-checkout?plan=pro-weekly';
const pathOf = (page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** At the embedded provider's sign-in page: signs in as `name`. */
async function fillSignIn(page, name, email) {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signIn(name, email, page = suite.page) {
  await page.goto(suite.stack.url('/user-account'));
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Login' })
    .click();
  await fillSignIn(page, name, email);
  await page.getByRole('link', { name: `Account: Hello, ${name}` }).waitFor();
}

const planOf = (page) =>
  page.evaluate(async (api) => {
    const response = await fetch(`${api}/api/me`, { credentials: 'include' });
    return (await response.json()).user?.planType ?? null;
  }, suite.stack.layout.api.url);

/** Clicks the PayPal button and answers the sandbox's approval popup. */
async function openApproval(page) {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Pay with PayPal' }).click(),
  ]);
  await popup.getByRole('button', { name: 'Approve payment' }).waitFor();
  return popup;
}

test('a signed-in visitor pays Pro Weekly with the wallet; another open tab reloads and shows it', async () => {
  const { page, context } = suite;
  await signIn('Wendy Wallet', 'wendy@example.com');
  const other = await context.newPage();
  await other.goto(suite.stack.url('/user-account'));
  await other.getByRole('link', { name: 'Account: Hello, Wendy Wallet' }).waitFor();
  await other.evaluate(() => {
    window.notReloaded = true;
  });

  await page.goto(suite.stack.url(WALLET));
  await page.getByRole('heading', { level: 1, name: 'Pay with PayPal' }).waitFor();
  await page.getByText('Pro Weekly').waitFor();
  await page.getByText('$2').waitFor();
  const popup = await openApproval(page);
  await popup.getByRole('heading', { name: 'Pay $2.00 USD' }).waitFor();
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
  expect(pathOf(page)).toBe('/payment-success?plan=pro-weekly');
  expect(await planOf(page)).toBe('Pro Weekly');
  expect(await page.evaluate(() => window.localStorage.getItem('userUpgradedViaPaypal'))).toMatch(
    /^\d+$/,
  );

  // The other tab heard the storage event and reloaded by itself.
  await other.waitForFunction(() => window.notReloaded === undefined);
  await other.getByRole('tab', { name: 'Billing Details' }).click();
  await other.getByRole('tabpanel').getByText('Plan: Pro Weekly').waitFor();
  // The wallet payment is in the payments table too.
  await other.getByRole('tabpanel').getByRole('cell', { name: 'Pro Weekly' }).waitFor();
  await suite.stack.paypal.idle();
});

test('signed out, the wallet link is kept across sign-in and then opened in a new tab', async () => {
  const { page, context } = suite;
  await page.goto(suite.stack.url(WALLET));
  await fillSignIn(page, 'Sol Signedout', 'sol@example.com');
  // Back on /pricing signed in: the kept link opens in a new tab and is removed.
  const opened = await context.waitForEvent('page');
  await opened.waitForLoadState();
  expect(pathOf(opened)).toBe(WALLET);
  expect(pathOf(page)).toBe('/pricing');
  expect(
    await page.evaluate(() => window.localStorage.getItem('pendingPaypalPlanLink')),
  ).toBeNull();
  await opened.getByText('Pro Weekly').waitFor();
  await opened.getByRole('button', { name: 'Pay with PayPal' }).waitFor();
});

test('a cancelled approval changes nothing: the page says nothing was charged', async () => {
  const { page } = suite;
  await signIn('Carl Cancel', 'carl@example.com');
  await page.goto(suite.stack.url(WALLET));
  const popup = await openApproval(page);
  await Promise.all([
    popup.waitForEvent('close'),
    popup
      .getByRole('button', { name: 'Cancel and return' })
      .click()
      // The popup closes itself on this click; it may be gone before the click's own end.
      .catch((error) => {
        if (!popup.isClosed()) throw error;
      }),
  ]);
  await page.getByText('Payment cancelled: nothing was charged.').waitFor();
  expect(pathOf(page)).toBe(WALLET);
  expect(await planOf(page)).toBe('Free user');
  expect(
    await page.evaluate(() => window.localStorage.getItem('userUpgradedViaPaypal')),
  ).toBeNull();
});
