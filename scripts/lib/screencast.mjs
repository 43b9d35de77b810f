/* global document, window, requestAnimationFrame -- drawPointer and scrollTo run in the page */
// A landing's demo video, recorded from the product itself: what the recorders share
// (scripts/record-addon-demo.mjs, scripts/record-comment-filter-demo.mjs). `recordDemo` starts the
// built platform as the browser tests do (e2e/support/stack.mjs: its own FerretDB, the API, the
// production web servers, the embedded sign-in provider, on free ports), opens Debian's Chromium
// with a pointer drawn in the page, takes the frames Chromium paints through the DevTools
// protocol's screencast (Page.startScreencast) while the recorder's steps run, and encodes them at
// a steady frame rate with Debian's ffmpeg: a VP9 WebM (written only when it fits under 3 MB), a
// WebP poster and WebVTT captions timed by the steps' own start times.
//
// Playwright's own video recorder needs an ffmpeg build downloaded from Playwright's servers, which
// is not a package; the screencast and Debian's ffmpeg give the same result from packages.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { launchBrowser, root, startStack } from '../../e2e/support/stack.mjs';
import { run } from './proc.mjs';
import { ensureDebianPackages } from './system-deps.mjs';

export const SIZE = { width: 1280, height: 720 };
const FPS = 25;
const MAX_BYTES = 3 * 1024 * 1024;
const FFMPEG = '/usr/bin/ffmpeg';

/** The built parts the stack serves (paths from the root); `npm run build` when one is missing. */
async function ensureBuilt(builds) {
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

/**
 * What a recorder's steps act with, at a person's pace: `mark` starts a caption, `pause` paces the
 * viewer (not a wait for the app), `pointAt`/`click` move the drawn pointer first, `scrollTo`
 * scrolls smoothly and resolves when the scroll ends, `now` marks a moment (the poster's).
 */
export function director(page) {
  const steps = [];
  const pause = (ms) => page.waitForTimeout(ms);
  const pointAt = async (locator) => {
    await locator.scrollIntoViewIfNeeded();
    const box = await locator.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 20 });
    await pause(150);
  };
  return {
    steps,
    now: () => Date.now() / 1000,
    mark: (caption) => steps.push({ at: Date.now() / 1000, caption }),
    pause,
    pointAt,
    async click(locator) {
      await pointAt(locator);
      await locator.click();
    },
    async scrollTo(locator, block = 'start') {
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
    },
  };
}

const timestamp = (seconds) => {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** WebVTT captions: each step's caption from its start to the next step's (the last to the end). */
export function captionsOf(steps, start, end) {
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
function encode(frames, { start, end, dir, output, title }) {
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
    ...['-metadata', `title=${title}`, output],
  ];
  const result = spawnSync(FFMPEG, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`ffmpeg failed (${String(result.status)})`);
  return shown;
}

/**
 * Records one demo. `out` names the committed files ({ video, poster, captions }); `builds` the
 * build outputs the stack needs; `packages` more Debian packages it needs (fonts); `prepare(dir)` makes what the steps need in the temporary folder
 * (its result is given to `perform`); `perform(page, stack, director, prepared)` runs the steps
 * and returns `{ posterAt }`, the moment whose frame is the poster. The committed files change
 * only when the WebM fits under 3 MB; the temporary folder is removed whatever happens.
 */
export async function recordDemo({ name, out, builds, title, prepare, perform, packages = [] }) {
  if (!(await ensureDebianPackages(['ffmpeg', ...packages], 'the demo recording'))) {
    process.exit(1);
  }
  await ensureBuilt(builds);
  const dir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  try {
    const prepared = prepare ? await prepare(dir) : undefined;
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
      const steps = director(page);
      const { posterAt } = await perform(page, stack, steps, prepared);
      const end = Date.now() / 1000;
      await screencast.stop();
      take = { steps: steps.steps, posterAt, end, frames: screencast.frames };
    } finally {
      await browser.close();
      await stack.stop();
    }

    // Encoded beside the frames first: the committed files change only when it fits.
    const start = take.steps[0].at;
    const video = path.join(dir, `${name}.webm`);
    const shown = encode(take.frames, { start, end: take.end, dir, output: video, title });
    const bytes = statSync(video).size;
    if (bytes > MAX_BYTES) {
      console.error(
        `The recording is ${(bytes / 1024 / 1024).toFixed(1)} MB, over ${String(MAX_BYTES / 1024 / 1024)} MB: raise -crf. Nothing was written.`,
      );
      process.exitCode = 1;
      return;
    }
    copyFileSync(video, out.video);
    writeFileSync(out.captions, captionsOf(take.steps, start, take.end));
    // The poster: the last frame painted at the moment the recorder chose.
    const posterFrame = shown.filter((f) => f.at <= take.posterAt).at(-1) ?? shown[0];
    await sharp(posterFrame.jpeg).resize(960).webp({ quality: 70 }).toFile(out.poster);
    console.log(
      `${path.relative(root, out.video)}: ${(bytes / 1024).toFixed(0)} KB, ` +
        `${(take.end - start).toFixed(1)} s at ${String(FPS)} fps ` +
        `(${String(shown.length)} painted frames), ${String(take.steps.length)} captions; ` +
        `poster ${(statSync(out.poster).size / 1024).toFixed(0)} KB`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
