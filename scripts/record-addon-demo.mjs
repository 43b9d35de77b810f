// `npm run record:addon-demo`: records the add-on landing's demo video from the product itself
// (issue 22) with scripts/lib/screencast.mjs (the built platform, Chromium's screencast, Debian's
// ffmpeg): Chromium is driven through the web converter (sign in, choose a PDF with a table,
// convert, the grid, edit a cell, download the CSV), and mfe-sheets-addon/src/assets/ gets
// addon-demo.webm (VP9, under 3 MB), its poster addon-demo-poster.webp (a frame of the grid) and
// addon-demo.vtt, captions timed by the steps' own start times. Build first (`npm run build`);
// the script builds when a build is missing.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../e2e/support/stack.mjs';
import { orderPdf } from '../e2e/support/table-files.mjs';
import { recordDemo } from './lib/screencast.mjs';

const ASSETS = path.join(root, 'mfe-sheets-addon', 'src', 'assets');
const LANDING = '/pdf-to-sheets-extension';
const PERSON = { name: 'Dana Demo', email: 'dana.demo@example.com' };
const FILE_NAME = 'order-summary.pdf';

/** The demo's steps: each marks its caption at its start, then acts at a person's pace. */
async function perform(page, stack, { mark, pause, pointAt, click, scrollTo, now }, pdfPath) {
  await page.goto(stack.url(LANDING));
  await page
    .getByRole('heading', { level: 1, name: 'Convert PDF to Google Sheets in 1 Click' })
    .waitFor();
  mark('The PDF to Sheets page. Its converter works on the web too.');
  await pause(2200);

  mark("'Try it on the web' signs you in with Google (here, the local sign-in page).");
  await click(page.getByRole('button', { name: 'Try it on the web' }));
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await click(page.getByLabel('Name'));
  await page.getByLabel('Name').pressSequentially(PERSON.name, { delay: 45 });
  await click(page.getByLabel('Email'));
  await page.getByLabel('Email').pressSequentially(PERSON.email, { delay: 30 });
  await click(page.getByRole('button', { name: 'Sign in' }));
  await page.getByRole('link', { name: `Account: Hello, ${PERSON.name}` }).waitFor();

  const tool = page.getByRole('region', { name: 'Convert a PDF or image to a spreadsheet' });
  await tool.waitFor();
  mark('Signed in, the converter shows your credits: 5 free each month, 1 per page.');
  await scrollTo(tool);
  await pause(2200);

  mark(`A PDF with a table is chosen: ${FILE_NAME}.`);
  const fileInput = tool.locator('input[type=file]');
  const labelled = tool.getByLabel('Choose a PDF or image').and(fileInput);
  const input = (await labelled.count()) > 0 ? labelled : fileInput.first();
  await pointAt(input);
  await input.setInputFiles(pdfPath);
  await tool.getByText(FILE_NAME).first().waitFor();
  await pause(1600);

  mark('Convert: its page is read.');
  await click(tool.getByRole('button', { name: 'Convert' }));
  const results = tool.getByRole('heading', { name: 'Results' });
  await results.waitFor({ timeout: 60_000 });

  mark('The table appears as a grid, cell for cell. 1 credit was spent.');
  const grid = tool.getByRole('table', { name: 'Table 1 (page 1)' });
  await scrollTo(grid, 'center');
  await pointAt(tool.getByLabel('Table 1 (page 1), cell B2'));
  await pause(2400);
  const posterAt = now(); // the grid, read, before it is edited

  mark('Any cell can be corrected: here, Stapler becomes Stapler, heavy duty.');
  const cell = tool.getByLabel('Table 1 (page 1), cell A3');
  await click(cell);
  await cell.press('End');
  await cell.pressSequentially(', heavy duty', { delay: 70 });
  await pause(1200);

  mark('Download CSV saves the grid, as edited, as order-summary.csv.');
  const downloadButton = tool.getByRole('button', { name: 'Download CSV' });
  await pointAt(downloadButton);
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  if (download.suggestedFilename() !== 'order-summary.csv') {
    throw new Error(`the download is named ${download.suggestedFilename()}`);
  }
  await pause(2600);
  mark('Credits before: 5, after: 4. The same credits work in the Google Sheets add-on.');
  await scrollTo(tool);
  await pause(2800);
  return { posterAt };
}

await recordDemo({
  name: 'addon-demo',
  out: {
    video: path.join(ASSETS, 'addon-demo.webm'),
    poster: path.join(ASSETS, 'addon-demo-poster.webp'),
    captions: path.join(ASSETS, 'addon-demo.vtt'),
  },
  builds: ['api/dist/main.js', 'shell/dist/index.html', 'mfe-sheets-addon/dist'],
  title: 'PDF to Sheets: a table read from a PDF on the web',
  async prepare(dir) {
    const pdfPath = path.join(dir, FILE_NAME);
    writeFileSync(pdfPath, await orderPdf());
    return pdfPath;
  },
  perform,
});
