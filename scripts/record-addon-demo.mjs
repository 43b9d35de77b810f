/* global document, window, requestAnimationFrame -- drawPointer and the scroll run in the page */
// `npm run record:addon-demo`: records the add-on landing's demo video from the product itself
// (issue 22). It starts the built platform as the browser tests do (e2e/support/stack.mjs: its own
// FerretDB, the API, the production web servers, the embedded sign-in provider, on free ports),
// drives Debian's Chromium through the web converter (sign in, choose a PDF with a table, convert,
// the grid, edit a cell, download the CSV), takes the frames Chromium paints through the DevTools
// protocol's screencast (Page.startScreencast), and encodes them at a steady frame rate with
// Debian's ffmpeg into mfe-sheets-addon/src/assets/: addon-demo.webm (VP9), its poster
// addon-demo-poster.webp (a frame of the grid) and addon-demo.vtt, captions timed by the steps'
// own start times. Build first (`npm run build`); the script builds when a build is missing.
//
// Playwright's own video recorder needs an ffmpeg build downloaded from Playwright's servers, which
// is not a package; the screencast and Debian's ffmpeg give the same result from packages.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { launchBrowser, root, startStack } from '../e2e/support/stack.mjs';
import { orderPdf } from '../e2e/support/table-files.mjs';
import { run } from './lib/proc.mjs';
import { ensureDebianPackages } from './lib/system-deps.mjs';

const ASSETS = path.join(root, 'mfe-sheets-addon', 'src', 'assets');
const OUT = {
  video: path.join(ASSETS, 'addon-demo.webm'),
  poster: path.join(ASSETS, 'addon-demo-poster.webp'),
  captions: path.join(ASSETS, 'addon-demo.vtt'),
};
const SIZE = { width: 1280, height: 720 };
const FPS = 25;
const MAX_BYTES = 3 * 1024 * 1024;
const FFMPEG = '/usr/bin/ffmpeg';
const LANDING = '/pdf-to-sheets-extension';
const PERSON = { name: 'Dana Demo', email: 'dana.demo@example.com' };
const FILE_NAME = 'order-summary.pdf';

/** The built parts the stack serves; `npm run build` when one is missing. */
async function ensureBuilt() {
  const builds = ['api/dist/main.js', 'shell/dist/index.html', 'mfe-sheets-addon/dist'];
  if (builds.every((p) => existsSync(path.join(root, p)))) return;
  console.log('A build is missing: npm run build');
  await run('npm', ['run', 'build'], { cwd: root });
}

/**
 * A pointer drawn in the page (headless Chromium paints none), following the mouse events that
 * Playwright's mouse sends, with a ring on each press. Only in the recording's browser.
 */
function drawPointer() {
  const add = () => {
    const pointer = document.createElement('div');
    pointer.setAttribute('aria-hidden', 'true');
    pointer.innerHTML =
      '<svg width="22" height="30" viewBox="0 0 22 30"><path d="M1 1 L1 23 L7 17 L11 28 L15 26 L11 16 L20 16 Z" fill="#111" stroke="#fff" stroke-width="1.5"/></svg>';
    Object.assign(pointer.style, {
      position: 'fixed',
      left: '0',
      top: '0',
      zIndex: '2147483647',
      pointerEvents: 'none',
      transform: 'translate(-100px, -100px)',
    });
    const ring = document.createElement('div');
    Object.assign(ring.style, {
      position: 'fixed',
      width: '34px',
      height: '34px',
      marginLeft: '-17px',
      marginTop: '-17px',
      borderRadius: '50%',
      border: '3px solid #1a73e8',
      zIndex: '2147483646',
      pointerEvents: 'none',
      opacity: '0',
      transition: 'opacity 0.4s',
    });
    document.body.append(ring, pointer);
    const last = JSON.parse(sessionStorage.getItem('demo-pointer') ?? '[-100,-100]');
    const place = (x, y) => {
      pointer.style.transform = `translate(${x}px, ${y}px)`;
      sessionStorage.setItem('demo-pointer', JSON.stringify([x, y]));
    };
    place(last[0], last[1]);
    window.addEventListener('mousemove', (e) => place(e.clientX, e.clientY), true);
    window.addEventListener(
      'mousedown',
      (e) => {
        ring.style.left = `${e.clientX}px`;
        ring.style.top = `${e.clientY}px`;
        ring.style.opacity = '1';
        setTimeout(() => (ring.style.opacity = '0'), 350);
      },
      true,
    );
  };
  if (document.body) add();
  else document.addEventListener('DOMContentLoaded', add);
}

/** Chromium's painted frames (JPEG) with the time each was painted (seconds since the epoch). */
async function startScreencast(page) {
  const cdp = await page.context().newCDPSession(page);
  const frames = [];
  cdp.on('Page.screencastFrame', ({ data, metadata, sessionId }) => {
    frames.push({ at: metadata.timestamp, jpeg: Buffer.from(data, 'base64') });
    cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', {
    format: 'jpeg',
    quality: 90,
    maxWidth: SIZE.width,
    maxHeight: SIZE.height,
    everyNthFrame: 1,
  });
  return {
    frames,
    async stop() {
      await cdp.send('Page.stopScreencast');
      await cdp.detach();
    },
  };
}

/** The demo's steps: each marks its caption at its start, then acts at a person's pace. */
async function perform(page, stack, pdfPath) {
  const steps = [];
  const mark = (caption) => steps.push({ at: Date.now() / 1000, caption });
  const pause = (ms) => page.waitForTimeout(ms); // pacing for the viewer, not a wait for the app
  const pointAt = async (locator) => {
    await locator.scrollIntoViewIfNeeded();
    const box = await locator.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 20 });
    await pause(150);
  };
  const click = async (locator) => {
    await pointAt(locator);
    await locator.click();
  };
  const scrollTo = async (locator, block = 'start') => {
    await locator.evaluate(
      (element, where) =>
        new Promise((resolve) => {
          const before = window.scrollY;
          element.scrollIntoView({ behavior: 'smooth', block: where });
          // Resolves when the smooth scroll ends (or at once when nothing had to move).
          window.addEventListener('scrollend', resolve, { once: true });
          requestAnimationFrame(() =>
            requestAnimationFrame(() => window.scrollY === before && resolve()),
          );
        }),
      block,
    );
  };

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
  const posterAt = Date.now() / 1000; // the grid, read, before it is edited

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
  return { steps, posterAt, end: Date.now() / 1000 };
}

const timestamp = (seconds) => {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** WebVTT captions: each step's caption from its start to the next step's (the last to the end). */
function captionsOf(steps, start, end) {
  const cues = steps.map((step, i) => {
    const from = step.at - start;
    const to = (steps[i + 1]?.at ?? end) - start;
    return `${String(i + 1)}\n${timestamp(from)} --> ${timestamp(to)}\n${step.caption}\n`;
  });
  return `WEBVTT\n\n${cues.join('\n')}`;
}

/**
 * The painted frames as a constant-rate VP9 WebM: each frame lasts until the next was painted
 * (ffmpeg's concat list with durations), resampled to FPS.
 */
function encode(frames, start, end, dir, output) {
  const list = [];
  const shown = frames.filter((f) => f.at >= start);
  const firstBefore = frames.filter((f) => f.at < start).at(-1);
  if (firstBefore) shown.unshift({ ...firstBefore, at: start });
  shown.forEach((frame, i) => {
    const file = path.join(dir, `frame-${String(i).padStart(5, '0')}.jpg`);
    writeFileSync(file, frame.jpeg);
    const until = shown[i + 1]?.at ?? end;
    list.push(`file '${file}'`, `duration ${Math.max(0.001, until - frame.at).toFixed(3)}`);
  });
  list.push(`file '${path.join(dir, `frame-${String(shown.length - 1).padStart(5, '0')}.jpg`)}'`);
  const listFile = path.join(dir, 'frames.txt');
  writeFileSync(listFile, `${list.join('\n')}\n`);
  const args = [
    ...['-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', listFile],
    ...[
      '-vf',
      `fps=${String(FPS)},scale=${String(SIZE.width)}:${String(SIZE.height)},format=yuv420p`,
    ],
    ...['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '36', '-row-mt', '1'],
    ...['-deadline', 'good', '-cpu-used', '2', '-g', String(FPS * 5), '-an'],
    ...['-t', (end - start).toFixed(3)],
    ...['-metadata', 'title=PDF to Sheets: a table read from a PDF on the web', output],
  ];
  const result = spawnSync(FFMPEG, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`ffmpeg failed (${String(result.status)})`);
  return shown;
}

async function main() {
  if (!(await ensureDebianPackages(['ffmpeg'], 'the demo recording'))) process.exit(1);
  await ensureBuilt();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'addon-demo-'));
  try {
    const pdfPath = path.join(dir, FILE_NAME);
    writeFileSync(pdfPath, await orderPdf());
    const stack = await startStack();
    const browser = await launchBrowser();
    let take;
    try {
      const context = await browser.newContext({
        viewport: SIZE,
        deviceScaleFactor: 1,
        acceptDownloads: true,
      });
      await context.addInitScript(drawPointer);
      const page = await context.newPage();
      const screencast = await startScreencast(page);
      take = await perform(page, stack, pdfPath);
      await screencast.stop();
      take.frames = screencast.frames;
    } finally {
      await browser.close();
      await stack.stop();
    }

    // Encoded beside the frames first: the committed files change only when it fits.
    const start = take.steps[0].at;
    const video = path.join(dir, 'addon-demo.webm');
    const shown = encode(take.frames, start, take.end, dir, video);
    const bytes = statSync(video).size;
    if (bytes > MAX_BYTES) {
      console.error(
        `The recording is ${(bytes / 1024 / 1024).toFixed(1)} MB, over ${String(MAX_BYTES / 1024 / 1024)} MB: raise -crf. Nothing was written.`,
      );
      process.exitCode = 1;
      return;
    }
    copyFileSync(video, OUT.video);
    writeFileSync(OUT.captions, captionsOf(take.steps, start, take.end));
    // The poster: the grid as read, the last frame painted before the edit.
    const posterFrame = shown.filter((f) => f.at <= take.posterAt).at(-1) ?? shown[0];
    await sharp(posterFrame.jpeg).resize(960).webp({ quality: 70 }).toFile(OUT.poster);
    console.log(
      `${path.relative(root, OUT.video)}: ${(bytes / 1024).toFixed(0)} KB, ` +
        `${(take.end - start).toFixed(1)} s at ${String(FPS)} fps ` +
        `(${String(shown.length)} painted frames), ${String(take.steps.length)} captions; ` +
        `poster ${(statSync(OUT.poster).size / 1024).toFixed(0)} KB`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
