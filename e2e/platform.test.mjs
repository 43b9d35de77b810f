/* global document -- the functions given to page.waitForFunction run in the browser */
import { jest } from '@jest/globals';
import { REMOTES } from 'contracts';
import { browserSuite } from './support/stack.mjs';

jest.setTimeout(90_000);

const suite = browserSuite();

const mainNav = () => suite.page.getByRole('navigation', { name: 'Main' });
const heading = (name) => suite.page.getByRole('heading', { level: 1, name });
const pathOf = () => {
  const url = new URL(suite.page.url());
  return `${url.pathname}${url.search}${url.hash}`;
};

test('the home page shows the navbar, the page of the text OCR remote and the footer', async () => {
  await suite.page.goto(suite.stack.url('/'));
  await heading('Extract text from images, handwriting and PDFs').waitFor();
  await mainNav().getByRole('link', { name: 'Pricing' }).waitFor();
  await suite.page.getByRole('button', { name: 'Login' }).waitFor(); // session known: signed out
  await suite.page.getByRole('navigation', { name: 'Footer' }).waitFor();
});

test('reaches a route of each remote and comes back', async () => {
  await suite.page.goto(suite.stack.url('/'));
  await heading('Extract text from images, handwriting and PDFs').waitFor();

  // billing, through the main navbar
  await mainNav().getByRole('link', { name: 'Pricing' }).click();
  await heading('Pricing').waitFor();
  expect(pathOf()).toBe('/pricing');

  // text OCR again, through 'Help ?'
  await mainNav().getByRole('link', { name: 'Help ?' }).click();
  await heading('Contact Us').waitFor();
  expect(pathOf()).toBe('/contact-us');

  // back to the start through the logo, then with the browser's Back button
  await suite.page.getByRole('link', { name: 'Image to Text home' }).click();
  await heading('Extract text from images, handwriting and PDFs').waitFor();
  await suite.page.goBack();
  await heading('Contact Us').waitFor();

  // the add-on remote, whose own navbar leads to add-on pricing (billing) and back home
  await suite.page.goto(suite.stack.url('/pdf-to-sheets-extension'));
  await heading('Convert PDF to Google Sheets in 1 Click').waitFor();
  const addonNav = suite.page.getByRole('navigation', { name: 'Add-on' });
  await addonNav.getByRole('link', { name: 'Pricing' }).click();
  await heading('PDF to Sheets Pricing').waitFor();
  await suite.page.getByRole('link', { name: 'PDF to Sheets home' }).click();
  await heading('Convert PDF to Google Sheets in 1 Click').waitFor();

  // the comment-filter remote, with the new-user navbar ('Contact Us', no Login)
  await suite.page.goto(suite.stack.url('/yt-comment-filter'));
  await heading('Comment filter: see the positive comments first').waitFor();
  await mainNav().getByRole('link', { name: 'Contact Us' }).waitFor();
  expect(await suite.page.getByRole('button', { name: 'Login' }).count()).toBe(0);
  await suite.page.getByRole('link', { name: 'Image to Text home' }).click();
  await heading('Extract text from images, handwriting and PDFs').waitFor();
});

test('?aff=x survives every internal navigation', async () => {
  await suite.page.goto(suite.stack.url('/?aff=x'));
  await heading('Extract text from images, handwriting and PDFs').waitFor();
  const steps = [
    [() => mainNav().getByRole('link', { name: 'Pricing' }).click(), 'Pricing', '/pricing?aff=x'],
    [
      () => mainNav().getByRole('link', { name: 'Help ?' }).click(),
      'Contact Us',
      '/contact-us?aff=x',
    ],
    [
      () =>
        suite.page
          .getByRole('navigation', { name: 'Footer' })
          .getByRole('link', { name: 'Privacy Policy' })
          .click(),
      'Privacy Policy',
      '/privacy-policy?aff=x',
    ],
    [
      () => suite.page.getByRole('link', { name: 'Image to Text home' }).click(),
      'Extract text from images, handwriting and PDFs',
      '/?aff=x',
    ],
    [
      () => mainNav().getByRole('link', { name: 'FAQs' }).click(),
      'Extract text from images, handwriting and PDFs',
      '/?aff=x#faq',
    ],
  ];
  for (const [act, title, expected] of steps) {
    await act();
    await heading(title).waitFor();
    expect(pathOf()).toBe(expected);
  }
  // Share & Earn opens the affiliate sign-up in a new tab (spec §2), keeping aff for site paths.
  const [popup] = await Promise.all([
    suite.page.waitForEvent('popup'),
    mainNav().getByRole('link', { name: 'Share & Earn' }).click(),
  ]);
  await popup.getByRole('heading', { name: 'Affiliate Program', level: 1 }).waitFor();
  const opened = new URL(popup.url());
  expect(opened.pathname + opened.search).toBe('/affiliate?aff=x');
  await popup.close();

  // the 404 page's link, and the add-on pages, which carry their whole query string
  await suite.page.goto(suite.stack.url('/missing?aff=x'));
  await suite.page.getByRole('link', { name: 'Return to Home' }).click();
  await heading('Extract text from images, handwriting and PDFs').waitFor();
  expect(pathOf()).toBe('/?aff=x');

  await suite.page.goto(suite.stack.url('/sheets-extension-faq?aff=x&from=sheet'));
  await heading('FAQ').waitFor();
  await suite.page
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link', { name: 'Contact Us' })
    .click();
  await heading('Contact Us').waitFor();
  expect(pathOf()).toBe('/sheets-extension-contact-us?aff=x&from=sheet');
});

test('every route of every remote in the registry shows a page of its own, none under construction', async () => {
  const shown = [];
  for (const remote of REMOTES) {
    for (const route of remote.routes) {
      await suite.page.goto(suite.stack.url(route));
      // The remote's page has painted in the shell's main region (not the loading state).
      await suite.page.waitForFunction(
        () => {
          const main = document.querySelector('#main-content');
          return (
            main && !main.querySelector('[aria-busy="true"]') && main.innerText.trim().length > 40
          );
        },
        undefined,
        { timeout: 20_000 },
      );
      const text = await suite.page.locator('#main-content').innerText();
      shown.push({
        route,
        constructing: /under construction/i.test(text),
        notFound: /Page not found/.test(text),
      });
    }
  }
  expect(shown).toEqual(
    REMOTES.flatMap((r) => r.routes).map((route) => ({
      route,
      constructing: false,
      notFound: false,
    })),
  );
});

test('an unknown path shows the 404 page with a home link and icon', async () => {
  const response = await suite.page.goto(suite.stack.url('/this/does/not/exist'));
  expect(response.status()).toBe(200); // the shell serves the app; the page says 404
  await heading('Page not found').waitFor();
  const home = suite.page.getByRole('link', { name: 'Return to Home' });
  expect(await home.locator('svg').count()).toBe(1);
  await home.click();
  await heading('Extract text from images, handwriting and PDFs').waitFor();
});

test("the footer's 'Feedback ?' opens the popup with the remote's content", async () => {
  await suite.page.goto(suite.stack.url('/'));
  await suite.page.getByRole('button', { name: 'Feedback ?' }).click();
  const dialog = suite.page.getByRole('dialog', { name: 'Feedback' });
  await dialog.getByLabel('Your profession').waitFor();
  await suite.page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
});

test('the hamburger menu on a phone-width screen shows the landing items', async () => {
  await suite.page.setViewportSize({ width: 390, height: 800 });
  await suite.page.goto(suite.stack.url('/?aff=x'));
  await heading('Extract text from images, handwriting and PDFs').waitFor();
  const burger = suite.page.getByRole('button', { name: 'Menu' });
  await burger.click();
  const menu = suite.page.getByRole('list', { name: 'Main menu' });
  expect(await menu.getByRole('link').allTextContents()).toEqual([
    'Affiliate',
    'Help ?',
    'How It Works',
    'FAQs',
    'Pricing',
  ]);
  await menu.getByRole('link', { name: 'Affiliate' }).click();
  await heading('Affiliate Program').waitFor();
  expect(pathOf()).toBe('/affiliate?aff=x');
  expect(await menu.count()).toBe(0); // closed after navigating
});

test('with one remote down its routes show the fallback and everything else works', async () => {
  await suite.stack.stopRemote('mfe-billing');
  try {
    await suite.page.goto(suite.stack.url('/pricing'));
    await heading('This page could not be loaded').waitFor();
    await mainNav().waitFor();
    await suite.page.getByRole('navigation', { name: 'Footer' }).waitFor();

    await mainNav().getByRole('link', { name: 'Help ?' }).click();
    await heading('Contact Us').waitFor();
    await suite.page.goto(suite.stack.url('/pdf-to-sheets-extension'));
    await heading('Convert PDF to Google Sheets in 1 Click').waitFor();

    await suite.page.goto(suite.stack.url('/user-account'));
    await heading('This page could not be loaded').waitFor();
  } finally {
    await suite.stack.startRemote('mfe-billing');
  }
  await suite.page.getByRole('button', { name: 'Retry' }).click();
  await heading('Account Information').waitFor();
});

test('a remote that hangs shows the fallback with Retry within 10 s, and loads again on Retry', async () => {
  // Its server accepts connections and never answers (frozen with SIGSTOP).
  suite.stack.freezeRemote('mfe-billing');
  try {
    const started = Date.now();
    await suite.page.goto(suite.stack.url('/pricing'));
    await heading('This page could not be loaded').waitFor({ timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    await mainNav().waitFor();

    // every other surface still works
    await suite.page.goto(suite.stack.url('/'));
    await heading('Extract text from images, handwriting and PDFs').waitFor();
    await suite.page.goto(suite.stack.url('/pricing'));
    await heading('This page could not be loaded').waitFor({ timeout: 10_000 });
  } finally {
    suite.stack.resumeRemote('mfe-billing');
  }
  await suite.page.getByRole('button', { name: 'Retry' }).click();
  await heading('Pricing').waitFor();
});
