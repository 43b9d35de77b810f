import { jest } from '@jest/globals';
import { browserSuite } from './support/stack.mjs';

jest.setTimeout(90_000);

const suite = browserSuite();

const pathOf = () => {
  const url = new URL(suite.page.url());
  return `${url.pathname}${url.search}`;
};

async function signInAtProvider(name, email) {
  await suite.page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(new URL(suite.page.url()).origin).toBe(new URL(suite.stack.layout.idp.url).origin);
  await suite.page.getByLabel('Name').fill(name);
  await suite.page.getByLabel('Email').fill(email);
  await suite.page.getByRole('button', { name: 'Sign in' }).click();
}

test('a visitor signs in from /pricing?aff=x, comes back there greeted, and logs out', async () => {
  await suite.page.goto(suite.stack.url('/pricing?aff=x'));
  await suite.page.getByRole('heading', { name: 'Pricing' }).waitFor();
  // The navbar's Login: the Free plan's card has 'Login to start free' once the plans load.
  await suite.page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Login' })
    .click();

  await signInAtProvider('Asha Rao', 'asha@example.com');

  const greeting = suite.page.getByRole('link', { name: 'Account: Hello, Asha Rao' });
  await greeting.waitFor();
  expect(new URL(suite.page.url()).origin).toBe(new URL(suite.stack.url('/')).origin);
  expect(pathOf()).toBe('/pricing?aff=x');
  expect(await suite.page.getByRole('button', { name: 'Login' }).count()).toBe(0);

  await greeting.click();
  await suite.page.getByRole('heading', { name: 'Account Information' }).waitFor();
  expect(pathOf()).toBe('/user-account?aff=x');
  await suite.page.getByText('asha@example.com').waitFor();

  await suite.page.getByRole('button', { name: 'Logout' }).click();
  await suite.page.getByRole('button', { name: 'Login' }).waitFor();
  expect(pathOf()).toBe('/');
  expect(await suite.page.getByText(/Hello,/).count()).toBe(0);
});

test('the provider offers earlier accounts, and ?source=extension closes the tab after sign-in', async () => {
  await suite.page.goto(suite.stack.url('/'));
  await suite.page.getByRole('button', { name: 'Login' }).click();
  await signInAtProvider('Bo Lind', 'bo@example.com');
  await suite.page.getByRole('link', { name: 'Account: Hello, Bo Lind' }).waitFor();

  // A new browser session: the provider remembers Bo.
  const other = await suite.browser.newContext();
  const second = await other.newPage();
  await second.goto(suite.stack.url('/handwriting-ocr'));
  await second.getByRole('button', { name: 'Login' }).click();
  await second.getByRole('button', { name: 'Continue as Bo Lind (bo@example.com)' }).click();
  await second.getByRole('link', { name: 'Account: Hello, Bo Lind' }).waitFor();
  expect(new URL(second.url()).pathname).toBe('/handwriting-ocr');

  // The extension opens its sign-in tab itself; a tab opened by script may close itself.
  const [tab] = await Promise.all([
    other.waitForEvent('page'),
    second.evaluate((url) => globalThis.open(url), suite.stack.url('/?source=extension')),
  ]);
  await tab.getByText('Login successful. Closing tab...').waitFor();
  const shownAt = Date.now();
  await tab.waitForEvent('close', { timeout: 5000 });
  expect(Date.now() - shownAt).toBeGreaterThan(1000);
  await other.close();
});
