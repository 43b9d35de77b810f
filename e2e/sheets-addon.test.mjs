// The spreadsheet add-on's pages (mfe-sheets-addon) in Chromium against the production builds,
// the real API, the real table reader and FerretDB (issue 22's browser tests): every route shows
// its page and never 'under construction'; the demo video plays with its captions; signed in, the
// converter on the landing turns a digital PDF and a scan of it into the right grid, downloads the
// edited grid as CSV and spends one credit a page; the footer's popup and the feedback page store
// their feedback; the phone menu lists exactly the spec's items. One platform and one Chromium for
// the file, and one signed-in person whose page the converter, feedback and menu cases share.
/* global document -- the functions given to page.evaluate run in the browser */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { MongoClient } from 'mongodb';
import { appTookOver, downloadText, launchBrowser, root, startStack } from './support/stack.mjs';
import { csvOf, ORDER_TABLE, orderPdf, scannedPdf } from './support/table-files.mjs';

jest.setTimeout(120_000);

const LANDING = '/pdf-to-sheets-extension';
const PERSON = { name: 'Tilda Tables', email: 'tilda@example.com' };
/** The API keeps no form sent sooner than this after it was shown (messages.service.ts). */
const MIN_FORM_AGE_MS = 2000;

const suite = { stack: null, browser: null, files: null, person: null, cspViolations: [] };

/** A browser context whose pages report what the shell's Content-Security-Policy blocked. */
async function newContext(options = {}) {
  const context = await suite.browser.newContext({
    viewport: { width: 1200, height: 800 },
    acceptDownloads: true,
    ...options,
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) suite.cspViolations.push(message.text());
  });
  return context;
}

beforeAll(async () => {
  const [stack, browser, dir] = await Promise.all([
    startStack(),
    launchBrowser(),
    mkdtemp(path.join(os.tmpdir(), 'addon-e2e-')),
  ]);
  Object.assign(suite, { stack, browser });
  // A digital PDF of a ruled table and a scan of it (image only, turned a degree, JPEG).
  const digital = await orderPdf();
  const scan = await scannedPdf(digital, { turn: 1 });
  suite.files = {
    dir,
    digital: path.join(dir, 'order-summary.pdf'),
    scan: path.join(dir, 'order-scan.pdf'),
  };
  await writeFile(suite.files.digital, digital);
  await writeFile(suite.files.scan, scan);
});
afterAll(async () => {
  await suite.browser?.close();
  await suite.stack?.stop();
  if (suite.files) await rm(suite.files.dir, { recursive: true, force: true });
});
beforeEach(() => {
  suite.cspViolations = [];
});
afterEach(() => {
  expect(suite.cspViolations).toEqual([]);
});

async function withDb(fn) {
  const client = new MongoClient(suite.stack.mongoUri);
  try {
    return await fn(client.db());
  } finally {
    await client.close();
  }
}

/** `npm run support -- …` against this stack's database (plans, credits, roles). */
const support = (...args) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'support.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, MONGODB_URI: suite.stack.mongoUri },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (status) =>
      status === 0 ? resolve(output) : reject(new Error(`support ${args[0]}: ${output}`)),
    );
  });

/**
 * The signed-in person's page, on the landing: signed in once, from the landing's 'Try it on the
 * web' through the embedded provider, then shared by the cases that need a person.
 */
async function signedIn() {
  if (suite.person) return suite.person;
  const context = await newContext();
  const page = await context.newPage();
  await page.goto(suite.stack.url(LANDING));
  await page.getByRole('button', { name: 'Try it on the web' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Name').fill(PERSON.name);
  await page.getByLabel('Email').fill(PERSON.email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: `Account: Hello, ${PERSON.name}` }).waitFor();
  expect(new URL(page.url()).pathname).toBe(LANDING);
  suite.person = { context, page };
  return suite.person;
}

const me = (page) =>
  page.evaluate(async (api) => {
    const response = await fetch(`${api}/api/me`, { credentials: 'include' });
    return (await response.json()).user;
  }, suite.stack.layout.api.url);
const creditsOf = (user) => (user.topUpBalance ?? 0) + (user.defaultBalance ?? 0);

/** Every cell of the converter's grid with this caption, row by row, as its fields hold them. */
const gridOf = (page, caption) =>
  page
    .getByRole('table', { name: caption })
    .evaluate((table) =>
      Array.from(table.querySelectorAll('tbody tr')).map((row) =>
        Array.from(row.querySelectorAll('input')).map((input) => input.value),
      ),
    );

const converter = (page) =>
  page.getByRole('region', { name: 'Convert a PDF or image to a spreadsheet' });

/** Chooses `file` in the converter, converts it and waits for the results. */
async function convert(page, file) {
  const tool = converter(page);
  await tool.waitFor();
  // The file input by its label, or by its type (the intake may become shared-ui's).
  const fileInput = tool.locator('input[type=file]');
  const labelled = tool.getByLabel('Choose a PDF or image').and(fileInput);
  const input = (await labelled.count()) > 0 ? labelled : fileInput.first();
  await input.setInputFiles(file);
  await tool.getByText(path.basename(file)).first().waitFor();
  await tool.getByRole('button', { name: 'Convert' }).click();
  await tool.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 90_000 });
  return tool;
}

describe('every route of the add-on', () => {
  const ROUTES = [
    {
      path: LANDING,
      heading: 'Convert PDF to Google Sheets in 1 Click',
      texts: ['Used by 150+ professionals', 'How it works', 'FAQs', 'Credits and pricing'],
    },
    { path: '/sheets-extension-faq', heading: 'FAQ', texts: ['How do I install the add-on?'] },
    {
      path: '/sheets-extension-contact-us',
      heading: 'Contact Us',
      texts: ['Questions about the PDF to Sheets add-on'],
    },
    {
      path: '/sheets-extension-feedback',
      heading: 'Feedback',
      texts: ['How did you find us?', 'How can we improve?'],
    },
    {
      path: '/sheets-extension-terms-of-service',
      heading: 'Terms of Service',
      texts: ['Last updated: August 31, 2025', '1 credit = 1 PDF page or 1 image.'],
    },
    {
      path: '/sheets-extension-privacy-policy',
      heading: 'Privacy Policy',
      texts: ['Last updated: August 31, 2025', 'What we never keep'],
    },
  ];

  test('each shows its own page with the add-on chrome, and none says under construction', async () => {
    const context = await newContext();
    const page = await context.newPage();
    try {
      for (const route of ROUTES) {
        await page.goto(suite.stack.url(route.path));
        await page.getByRole('heading', { level: 1, name: route.heading, exact: true }).waitFor();
        for (const text of route.texts) await page.getByText(text).first().waitFor();
        await page.getByRole('navigation', { name: 'Add-on' }).waitFor();
        await page
          .getByRole('navigation', { name: 'Footer' })
          .getByRole('link', { name: 'FAQ', exact: true })
          .waitFor();
        const body = await page.locator('body').innerText();
        expect({ path: route.path, constructing: /under construction/i.test(body) }).toEqual({
          path: route.path,
          constructing: false,
        });
      }
    } finally {
      await context.close();
    }
  });
});

test('a page reached in the app gives the tab its title, and going back gives the landing’s', async () => {
  const context = await newContext();
  const page = await context.newPage();
  try {
    await page.goto(suite.stack.url(LANDING));
    await appTookOver(page);
    const landingTitle = await page.title();
    expect(landingTitle).toBe('Convert PDF to Google Sheets in 1 Click | PDF to Sheets');
    const requests = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') requests.push(request.url());
    });
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'FAQ', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'FAQ', exact: true }).waitFor();
    await page.waitForFunction((title) => document.title === title, 'FAQ | PDF to Sheets');
    // Rendered by the app, not loaded as a new document; no <title> left in the page's body.
    expect(requests).toEqual([]);
    expect(await page.locator('body title').count()).toBe(0);
    await page.goBack();
    await page.waitForFunction((title) => document.title === title, landingTitle);
  } finally {
    await context.close();
  }
});

describe('the landing’s demo video', () => {
  test('is the recording, served as WebM from the remote, with English captions, and it plays', async () => {
    const context = await newContext();
    const page = await context.newPage();
    try {
      await page.goto(suite.stack.url(LANDING));
      // The poster, a play button (the prerendered one is inert until the app takes over):
      // pressed, the recording is loaded and plays.
      await appTookOver(page);
      expect(await page.locator('figure video').count()).toBe(0);
      await page.getByRole('button', { name: 'Play the demo video' }).click();
      const video = page.locator('figure video');
      await video.waitFor();
      const source = await video.evaluate((v) => ({
        src: v.querySelector('source')?.src,
        type: v.querySelector('source')?.type,
        poster: v.poster,
      }));
      expect(source.type).toBe('video/webm');
      const remote = suite.stack.layout.remotes.find((r) => r.dir === 'mfe-sheets-addon').url;
      expect(new URL(source.src).origin).toBe(remote);
      const served = await fetch(source.src);
      expect(served.headers.get('content-type')).toBe('video/webm');
      expect(Number(served.headers.get('content-length'))).toBeLessThan(3 * 1024 * 1024);
      expect((await fetch(source.poster)).headers.get('content-type')).toMatch(/^image\//);

      // The captions load (a cross-origin track needs CORS and the CSP's media-src) and the video
      // plays: its time moves.
      await video.evaluate((v) => {
        v.textTracks[0].mode = 'showing';
        v.muted = true;
        void v.play();
      });
      await page.waitForFunction(
        () => {
          const v = document.querySelector('figure video');
          return v.currentTime > 1 && v.textTracks[0].cues?.length > 0;
        },
        undefined,
        { timeout: 20_000 },
      );
      const captions = await video.evaluate((v) => ({
        kind: v.textTracks[0].kind,
        language: v.textTracks[0].language,
        cues: Array.from(v.textTracks[0].cues).map((cue) => cue.text),
        duration: v.duration,
      }));
      expect(captions).toMatchObject({ kind: 'captions', language: 'en' });
      // The recording's steps, in order (scripts/record-addon-demo.mjs).
      expect(captions.cues.length).toBeGreaterThanOrEqual(4);
      const step = (pattern) => captions.cues.findIndex((text) => pattern.test(text));
      expect(step(/signs you in/)).toBeGreaterThan(-1);
      expect(step(/chosen/)).toBeGreaterThan(step(/signs you in/));
      expect(step(/grid/)).toBeGreaterThan(step(/chosen/));
      expect(step(/Download CSV/)).toBeGreaterThan(step(/grid/));
      expect(captions.duration).toBeGreaterThan(10);
    } finally {
      await context.close();
    }
  });
});

describe('signed in, the converter on the landing', () => {
  test('reads a digital PDF into the right grid, downloads the edited grid as CSV and spends 1 credit', async () => {
    const { page } = await signedIn();
    const before = creditsOf(await me(page));
    expect(before).toBe(5); // the month's free credits
    const tool = converter(page);
    await tool.getByText(`Your credits: ${String(before)}`).waitFor();

    await convert(page, suite.files.digital);
    const caption = 'Table 1 (page 1)';
    expect(await gridOf(page, caption)).toEqual(ORDER_TABLE);
    await tool
      .getByText(`Credits before: ${String(before)} · after: ${String(before - 1)}`)
      .waitFor();
    await tool.getByText('Spent 1 credit (1 credit a page).').waitFor();
    expect(creditsOf(await me(page))).toBe(before - 1);

    // A cell corrected in the grid is what the download holds.
    await tool.getByLabel(`${caption}, cell A3`).fill('Stapler, red');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tool.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('order-summary.csv');
    const edited = ORDER_TABLE.map((row) => [...row]);
    edited[2][0] = 'Stapler, red';
    expect(await downloadText(download)).toBe(`\ufeff${csvOf(edited)}\r\n`);
  });

  test('reads a scan of the same table (an image-only PDF) into the same grid, 1 credit more', async () => {
    const { page } = await signedIn();
    const before = creditsOf(await me(page));
    const tool = await convert(page, suite.files.scan);
    // This file's results (the previous grid, edited, would not match).
    await tool
      .getByText(`Credits before: ${String(before)} · after: ${String(before - 1)}`)
      .waitFor();
    expect(await gridOf(page, 'Table 1 (page 1)')).toEqual(ORDER_TABLE);
    expect(creditsOf(await me(page))).toBe(before - 1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tool.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('order-scan.csv');
    expect(await downloadText(download)).toBe(`\ufeff${csvOf(ORDER_TABLE)}\r\n`);
  });
});

/** Fills the add-on's feedback form in `scope`, the profession picked from the add-on's list. */
async function fillFeedback(scope, words) {
  await scope.getByLabel('Your profession').selectOption('bookkeeper');
  await scope.getByLabel('How did you find us?').fill(words.found);
  await scope.getByLabel('How does it help you?').fill(words.helps);
  await scope.getByLabel('How can we improve?').fill(words.improve);
}

const storedFeedback = () =>
  withDb((db) =>
    db
      .collection('messages')
      .find({ form: 'sheets-extension-feedback' })
      .project({ _id: 0, kind: 1, surface: 1, fields: 1, userEmail: 1 })
      .toArray(),
  );

test("the footer's 'Feedback ?' popup and /sheets-extension-feedback both store the add-on's feedback", async () => {
  const { context, page } = await signedIn();
  // The page form in a second tab, filled while the popup's is too: both wait out the API's
  // minimum form age together.
  const formPage = await context.newPage();
  try {
    await formPage.goto(suite.stack.url('/sheets-extension-feedback'));
    const form = formPage.getByRole('form', { name: 'Feedback form' });
    await form.waitFor();
    await fillFeedback(form, {
      found: 'The Marketplace',
      helps: 'Bank statements straight into a sheet',
      improve: 'Read handwriting',
    });

    await page.goto(suite.stack.url(LANDING));
    await page.getByRole('button', { name: 'Feedback ?' }).click();
    const popup = page.getByRole('dialog', { name: 'Feedback' });
    await popup.waitFor();
    const popupShown = Date.now(); // after the page's form: the later of the two
    await fillFeedback(popup, {
      found: 'A colleague',
      helps: 'Invoices without typing',
      improve: 'More languages',
    });
    // Nothing typed that fast would be kept (a bot's pace): the rest of the 2 s, then send.
    await page.waitForTimeout(Math.max(0, MIN_FORM_AGE_MS + 200 - (Date.now() - popupShown)));

    // Both thanks are watched for before either form is sent: each shows for 2 s only, and the
    // click in the popup's tab (in the background: Chromium throttles hidden tabs) took up to 2 s,
    // ending after the other tab's thanks had gone with its reload (1 run in 3 failed so).
    const reloaded = formPage.waitForEvent('load');
    const thanked = Promise.all(
      [form, popup].map((sent) => sent.getByText('Thank you for your feedback!').waitFor()),
    );
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await popup.getByRole('button', { name: 'Send feedback' }).click();
    await thanked;
    // 2 s after its success the page reloads and the popup closes (spec §4).
    await Promise.all([reloaded, popup.waitFor({ state: 'detached' })]);
  } finally {
    await formPage.close();
  }

  const stored = await storedFeedback();
  const common = { kind: 'feedback', surface: 'sheets-addon', userEmail: PERSON.email };
  expect(stored).toEqual(
    expect.arrayContaining([
      {
        ...common,
        fields: {
          profession: 'bookkeeper',
          howDidYouFind: 'The Marketplace',
          howDoesItHelp: 'Bank statements straight into a sheet',
          howCanWeImprove: 'Read handwriting',
        },
      },
      {
        ...common,
        fields: {
          profession: 'bookkeeper',
          howDidYouFind: 'A colleague',
          howDoesItHelp: 'Invoices without typing',
          howCanWeImprove: 'More languages',
        },
      },
    ]),
  );
  expect(stored).toHaveLength(2);
});

test("the phone menu lists exactly Affiliate, Help, How It Works and FAQs, and 'Feedback?' for a Lifetime user", async () => {
  const { page } = await signedIn();
  const menuItems = async () => {
    await page
      .getByRole('navigation', { name: 'Add-on' })
      .getByRole('button', { name: 'Menu' })
      .click();
    const menu = page.getByRole('list', { name: 'Add-on menu' });
    await menu.waitFor();
    const items = await menu.getByRole('listitem').allInnerTexts();
    await page.getByRole('button', { name: 'Menu' }).click(); // closes it
    return items.map((text) => text.trim());
  };
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.goto(suite.stack.url(LANDING));
    await page.getByRole('link', { name: `Account: Hello, ${PERSON.name}` }).waitFor();
    expect(await menuItems()).toEqual(['Affiliate', 'Help', 'How It Works', 'FAQs']);

    await support('plan', PERSON.email, 'lifetime');
    await page.reload();
    await page.getByRole('link', { name: `Account: Hello, ${PERSON.name}` }).waitFor();
    expect((await me(page)).planType).toBe('Lifetime');
    expect(await menuItems()).toEqual(['Affiliate', 'Help', 'How It Works', 'FAQs', 'Feedback?']);
  } finally {
    await page.setViewportSize({ width: 1200, height: 800 });
  }
});
