import { jest } from '@jest/globals';
import { launchBrowser, startStack } from './support/stack.mjs';

jest.setTimeout(90_000);

let stack;
let browser;
let context;
let page;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

const pathOf = () => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

async function signInAtProvider(name, email) {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(new URL(page.url()).origin).toBe(new URL(stack.layout.idp.url).origin);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a visitor signs in from /pricing?aff=x, comes back there greeted, and logs out', async () => {
  await page.goto(stack.url('/pricing?aff=x'));
  await page.getByRole('heading', { name: 'Pricing' }).waitFor();
  await page.getByRole('button', { name: 'Login' }).click();

  await signInAtProvider('Asha Rao', 'asha@example.com');

  const greeting = page.getByRole('link', { name: 'Account: Hello, Asha Rao' });
  await greeting.waitFor();
  expect(new URL(page.url()).origin).toBe(new URL(stack.url('/')).origin);
  expect(pathOf()).toBe('/pricing?aff=x');
  expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0);

  await greeting.click();
  await page.getByRole('heading', { name: 'Account Information' }).waitFor();
  expect(pathOf()).toBe('/user-account?aff=x');
  await page.getByText('asha@example.com').waitFor();

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Login' }).waitFor();
  expect(pathOf()).toBe('/');
  expect(await page.getByText(/Hello,/).count()).toBe(0);
});

test('the provider offers earlier accounts, and ?source=extension closes the tab after sign-in', async () => {
  await page.goto(stack.url('/'));
  await page.getByRole('button', { name: 'Login' }).click();
  await signInAtProvider('Bo Lind', 'bo@example.com');
  await page.getByRole('link', { name: 'Account: Hello, Bo Lind' }).waitFor();

  // A new browser session: the provider remembers Bo.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(stack.url('/handwriting-ocr'));
  await second.getByRole('button', { name: 'Login' }).click();
  await second.getByRole('button', { name: 'Continue as Bo Lind (bo@example.com)' }).click();
  await second.getByRole('link', { name: 'Account: Hello, Bo Lind' }).waitFor();
  expect(new URL(second.url()).pathname).toBe('/handwriting-ocr');

  // The extension opens its sign-in tab itself; a tab opened by script may close itself.
  const [tab] = await Promise.all([
    other.waitForEvent('page'),
    second.evaluate((url) => globalThis.open(url), stack.url('/?source=extension')),
  ]);
  await tab.getByText('Login successful. Closing tab...').waitFor();
  const shownAt = Date.now();
  await tab.waitForEvent('close', { timeout: 5000 });
  expect(Date.now() - shownAt).toBeGreaterThan(1000);
  await other.close();
});
