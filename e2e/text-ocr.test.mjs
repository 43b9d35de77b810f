// The text OCR surface in Chromium against the production builds: sign in, extract, download,
/* global document -- the functions given to page.waitForFunction run in the browser */
// feedback, a PDF page, the camera, the daily limit and an unsupported file.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import { MongoClient } from 'mongodb';
import { browserSuite, downloadText, launchBrowser, root } from './support/stack.mjs';
import { FIXTURES } from './support/fixtures.mjs';

jest.setTimeout(120_000);

const suite = browserSuite();
const EVAL = FIXTURES;
// Set E2E_SCREENSHOTS=docs/screenshots to refresh the committed screenshots of the tool.
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

async function signIn(page, name, email) {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: `Account: Hello, ${name}` }).waitFor();
}

async function signedInTool(page, name, email) {
  await page.goto(suite.stack.url('/'));
  await page.getByRole('button', { name: 'Try for free' }).click();
  await signIn(page, name, email);
  await page.getByText('Try 5 extractions free').waitFor();
}

const extracted = (page) => page.getByRole('region', { name: 'Extracted text' });
const remoteUrl = () => suite.stack.layout.remotes.find((r) => r.dir === 'mfe-text-ocr').url;
const DEMO_IMAGE = path.join(root, 'mfe-text-ocr', 'src', 'assets', 'demo-printed-note.png');

/**
 * A person takes a moment: the server keeps nothing sent within 2 s of the form appearing (the
 * page sends the form's age, from its own clock). The page's clock, installed at the test's
 * start, is moved on those 2 s instead of the test waiting them out.
 */
const aMomentLater = (page) => page.clock.fastForward(2000);

async function withDb(fn) {
  const client = new MongoClient(suite.stack.mongoUri);
  try {
    return await fn(client.db());
  } finally {
    await client.close();
  }
}

test('a visitor from an ad sees the landing, signs in, extracts an image, downloads it and sends feedback from the toast', async () => {
  const { page } = suite;
  await page.clock.install();
  // An ad's landing URL: the click is recorded, and the extraction below carries its terms.
  await page.goto(suite.stack.url('/?gclid=e2e-click&searchTerm=notes%20to%20text&keyword=ocr'));
  await page
    .getByRole('heading', { name: 'Extract text from images, handwriting and PDFs' })
    .waitFor();
  await page.getByText('Powered by Tesseract OCR').waitFor();
  // The demo photo is the remote's own asset, served from the remote's origin (not the shell's).
  const demo = page.getByRole('img', { name: /Notes from the library visit/ });
  await demo.waitFor();
  await page.waitForFunction(
    () => (document.querySelector('img[alt*="library visit"]')?.naturalWidth ?? 0) > 0,
  );
  expect(new URL(await demo.evaluate((img) => img.currentSrc)).origin).toBe(remoteUrl());
  expect(await page.locator('#how-it-works').count()).toBe(1);
  expect(await page.locator('#faq').count()).toBe(1);

  await page.getByRole('button', { name: 'Try for free' }).click();
  await signIn(page, 'Ana Lima', 'ana@example.com');
  expect(new URL(page.url()).pathname).toBe('/');
  await page.getByText('Try 5 extractions free').waitFor();
  await page.getByText('5 of 5 free extractions left today').waitFor();

  const extract = page.getByRole('button', { name: 'Extract Text' });
  expect(await extract.isDisabled()).toBe(true);
  await page
    .getByLabel('Choose an image or PDF')
    .setInputFiles(path.join(EVAL, 'printed/tesseractjs_testocr.png'));
  await page.getByRole('img', { name: 'Preview of tesseractjs_testocr.png' }).waitFor();
  await extract.click();
  await extracted(page)
    .getByText(/The quick brown dog jumped over the/)
    .waitFor();
  expect(await extract.isDisabled()).toBe(true); // a result exists
  await page.getByText('4 of 5 free extractions left today').waitFor();
  const record = await withDb((db) => db.collection('extractions').findOne({}));
  expect(record).toMatchObject({ searchTerm: 'notes to text', keyword: 'ocr' });

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy' }).click();
  await page.getByText('Text copied to the clipboard').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    'The quick brown dog jumped over the',
  );

  if (SCREENSHOTS) {
    mkdirSync(path.join(root, SCREENSHOTS), { recursive: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(root, SCREENSHOTS, 'text-ocr-desktop.png') });
    await page.setViewportSize({ width: 1200, height: 800 });
    // A page opened at phone width, so that it picks one of the mobile headlines.
    const phone = await page.context().newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(suite.stack.url('/'));
    await phone
      .getByLabel('Choose an image or PDF')
      .setInputFiles(path.join(EVAL, 'printed/tesseractjs_testocr.png'));
    await phone.getByRole('button', { name: 'Extract Text' }).click();
    await extracted(phone)
      .getByText(/The quick brown dog jumped over the/)
      .waitFor();
    await phone.screenshot({
      path: path.join(root, SCREENSHOTS, 'text-ocr-phone.png'),
      fullPage: true,
    });
    await phone.close();
  }

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Text' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('tesseractjs_testocr_extracted.txt');
  const content = await downloadText(download);
  expect(content).toContain('The quick brown dog jumped over the');

  await page.getByText("Download started! We'd love your feedback.").waitFor();
  await page.getByRole('button', { name: 'Give feedback' }).click();
  // The popup has the first variant of the form (spec §3): a rating, required.
  const popup = page.getByRole('dialog', { name: 'Feedback' });
  await popup.getByLabel('Your profession').selectOption('Student');
  await popup.getByLabel('How can we improve?').fill('Read <b>tables</b> too');
  await popup.getByLabel('Your email (optional)').fill('ana@example.com');
  await popup.getByRole('button', { name: 'Send feedback' }).click();
  await popup.getByText('Please select a rating').waitFor();
  await popup.getByRole('radio', { name: '4' }).check();
  await aMomentLater(page);
  await popup.getByRole('button', { name: 'Send feedback' }).click();
  await popup
    .getByText('Thank you for your feedback! 5 more extractions have been added for today.')
    .waitFor();
  await popup.waitFor({ state: 'detached', timeout: 5000 });

  const stored = await withDb((db) => db.collection('messages').findOne({ form: 'feedback' }));
  expect(stored.fields).toMatchObject({
    profession: 'Student',
    rating: 4,
    howCanWeImprove: 'Read tables too',
  });
  await page.getByText(/ of 10 free extractions left today/).waitFor();

  // The second download gets the short toast: the offer is marked for the session.
  expect(await page.evaluate(() => sessionStorage.getItem('isFeedbackRequested'))).toBe('true');
  await page.getByRole('button', { name: 'Download Text' }).click();
  await page.getByText('Download started!', { exact: true }).waitFor();
});

test('reads page 2 of a scanned PDF, previewing that page with pdf.js in a worker from the remote', async () => {
  const { page, context } = suite;
  const workerRequests = [];
  context.on('request', (request) => {
    if (request.url().includes('pdf.worker')) workerRequests.push(request.url());
  });
  const warnings = [];
  page.on('console', (message) => warnings.push(message.text()));
  await signedInTool(page, 'Pia Weber', 'pia@example.com');
  await page
    .getByLabel('Choose an image or PDF')
    .setInputFiles(path.join(EVAL, 'pdf-scanned/ocrmypdf_cardinal.pdf'));
  await page.getByText('ocrmypdf_cardinal.pdf: page 1 of 4').waitFor();
  // A real worker, its script fetched from the remote's origin; no fallback to the main thread.
  expect(page.workers().length).toBeGreaterThan(0);
  expect(workerRequests.length).toBeGreaterThan(0);
  for (const url of workerRequests) expect(new URL(url).origin).toBe(remoteUrl());
  expect(warnings.filter((text) => /fake worker/i.test(text))).toEqual([]);
  await page.getByLabel('from Page').fill('2');
  await page.getByText('ocrmypdf_cardinal.pdf: page 2 of 4').waitFor();
  await page.getByRole('button', { name: 'Extract Text' }).click();
  await extracted(page)
    .getByText(/32 Track MIDI Sequence Recorder/)
    .waitFor({ timeout: 60_000 });
});

test("the landing's demo photo reads as the text shown beside it", async () => {
  const { page } = suite;
  await page.goto(suite.stack.url('/'));
  const shown = await page.getByLabel('Text read from the demo photo').textContent();
  await page.getByRole('button', { name: 'Try for free' }).click();
  await signIn(page, 'Dee Mo', 'dee@example.com');
  await page.getByLabel('Choose an image or PDF').setInputFiles(DEMO_IMAGE);
  await page.getByRole('button', { name: 'Extract Text' }).click();
  await extracted(page).locator('pre').waitFor({ timeout: 60_000 });
  expect(await extracted(page).locator('pre').textContent()).toBe(shown);
});

test('an unsupported file shows its error; at the daily limit the feedback offer earns 5 more extractions', async () => {
  const { page } = suite;
  await page.clock.install();
  await signedInTool(page, 'Lee Park', 'lee@example.com');
  await page.getByLabel('Choose an image or PDF').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are not the bytes of an image'),
  });
  await page.getByRole('button', { name: 'Extract Text' }).click();
  await extracted(page)
    .getByRole('alert')
    .getByText('Unsupported file type. Please upload a PNG, JPEG, WebP, TIFF, HEIC or PDF file.')
    .waitFor();

  // Five extractions used today.
  await withDb(async (db) => {
    const user = await db.collection('users').findOne({ email: 'lee@example.com' });
    const day = new Date().toISOString().slice(0, 10);
    await db
      .collection('extraction_slots')
      .insertMany([1, 2, 3, 4, 5].map((slot) => ({ userId: String(user._id), day, slot })));
  });
  await page
    .getByLabel('Choose an image or PDF')
    .setInputFiles(path.join(EVAL, 'printed/tesseractjs_simple.png'));
  await page.getByRole('button', { name: 'Extract Text' }).click();
  const alert = extracted(page).getByRole('alert');
  await alert.getByText("You've hit your free limit for today").waitFor();
  await alert.getByText('Upgrade to Pro for unlimited extractions!').waitFor();
  await alert
    .getByRole('button', { name: 'OR Submit a quick feedback to get 5 more credits today' })
    .click();
  await page.getByText('No free extractions left today (5 a day)').waitFor();
  const popup = page.getByRole('dialog', { name: 'Feedback' });
  await popup.getByLabel('Your profession').selectOption('Data Entry');
  await popup.getByRole('radio', { name: '3' }).check();
  await popup.getByLabel('How can we improve?').fill('Faster PDFs');
  await aMomentLater(page);
  await popup.getByRole('button', { name: 'Send feedback' }).click();
  await popup.waitFor({ state: 'detached', timeout: 5000 });
  await page.getByText('5 of 10 free extractions left today').waitFor();

  // The feedback earned 5 more extractions for today: the same file reads now.
  await page.getByRole('button', { name: 'Extract Text' }).click();
  await extracted(page).locator('pre').waitFor({ timeout: 60_000 });
  expect(await extracted(page).getByRole('alert').count()).toBe(0);
});

test('the camera path: open, capture a frame, read it', async () => {
  const browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ]);
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    await page.goto(suite.stack.url('/'));
    await page.getByRole('button', { name: 'Try for free' }).click();
    await signIn(page, 'Cam User', 'cam@example.com');
    await page.getByRole('button', { name: 'Open Camera' }).click();
    const video = page.getByLabel('Camera preview');
    await video.waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await page.getByRole('button', { name: 'Capture Photo' }).click();
    await page.getByRole('img', { name: 'Preview of photo.png' }).waitFor();
    expect(await page.locator('video').count()).toBe(0); // the stream stopped
    await page.getByRole('button', { name: 'Extract Text' }).click();
    // Chromium's fake camera shows a moving test pattern: whatever is read, no error.
    await page.waitForFunction(
      () => !document.querySelector('[aria-label="Extracted text"] [role="status"]'),
      undefined,
      { timeout: 60_000 },
    );
    expect(await extracted(page).getByRole('alert').count()).toBe(0);
    const text = await extracted(page).locator('pre').textContent();
    expect(text?.length).toBeGreaterThan(0);
    if ((text ?? '').trim() && text !== 'No text found') {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download Text' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('photo_extracted.txt');
    }
  } finally {
    await browser.close();
  }
});

test('a visitor sends a contact message; support finds it on /support and marks it handled', async () => {
  const { page } = suite;
  await page.clock.install();
  await page.goto(suite.stack.url('/contact-us'));
  await page.getByLabel('Name').fill('Mina Park');
  await page.getByLabel('Email').fill('mina@example.com');
  await page.getByLabel('Message').fill('Page 3 of my PDF came out empty.');
  await aMomentLater(page);
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.getByText("Thanks for reaching out! We'll get back to you soon.").waitFor();
  expect(await page.getByLabel('Message').inputValue()).toBe('');

  // Sam has the support role (npm run support -- grant does the same).
  const support = await suite.browser.newContext();
  const inbox = await support.newPage();
  await inbox.goto(suite.stack.url('/'));
  await inbox.getByRole('button', { name: 'Login' }).click();
  await signIn(inbox, 'Sam Support', 'sam@example.com');
  await withDb((db) =>
    db
      .collection('users')
      .updateOne({ email: 'sam@example.com' }, { $set: { roles: ['support'] } }),
  );
  await inbox.reload();
  await inbox.getByRole('link', { name: 'Support inbox' }).click();
  await inbox.getByRole('heading', { name: 'Support inbox' }).waitFor();
  await inbox.getByLabel('Search messages').fill('PDF came out');
  const card = inbox.getByRole('article', {
    name: 'Contact message from Mina Park <mina@example.com>',
  });
  await card.getByText('Page 3 of my PDF came out empty.').waitFor();
  await card.getByRole('button', { name: 'Mark as handled' }).click();
  await card.getByText('Handled by sam@example.com').waitFor();
  await support.close();

  // Everybody else is refused.
  await page.goto(suite.stack.url('/support'));
  await page.getByText('Please log in to see the support inbox.').waitFor();
});
