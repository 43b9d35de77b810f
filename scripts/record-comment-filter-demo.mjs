// `npm run record:comment-filter-demo`: records the comment-filter landing's demo video from its
// live demo with scripts/lib/screencast.mjs (the built platform, Chromium's screencast, Debian's
// ffmpeg), as the add-on's is recorded: the sample thread with its positive comments highlighted,
// the strictness changed, positive first, then comments of one's own pasted. It writes
// mfe-comment-filter/src/assets/comment-filter-demo.webm (VP9, under 3 MB), its poster
// comment-filter-demo-poster.webp (the thread highlighted) and comment-filter-demo.vtt, captions
// timed by the steps' own start times. Build first (`npm run build`); the script builds when a
// build is missing.
import path from 'node:path';
import { root } from '../e2e/support/stack.mjs';
import { recordDemo } from './lib/screencast.mjs';

const ASSETS = path.join(root, 'mfe-comment-filter', 'src', 'assets');
const LANDING = '/yt-comment-filter';
const OWN_COMMENTS = [
  'This saved my weekend, thank you!',
  'The audio is out of sync again.',
  'Not bad at all 👍',
];

/** The demo's steps: each marks its caption at its start, then acts at a person's pace. */
async function perform(page, stack, { mark, pause, pointAt, click, scrollTo, now }) {
  await page.goto(stack.url(LANDING));
  await page
    .getByRole('heading', { level: 1, name: 'Comment filter: see the positive comments first' })
    .waitFor();
  mark('The comment filter highlights the positive comments under YouTube videos.');
  await pause(2400);

  mark('Its live demo runs the same classifier here, in the browser, on a sample thread.');
  const demo = page.getByRole('region', { name: 'Try it here' });
  await click(page.getByRole('link', { name: 'Try the live demo' }));
  const thread = demo.getByRole('list', { name: /^Sample thread/ });
  await thread.waitFor({ timeout: 30_000 });
  await scrollTo(demo.getByRole('group', { name: 'Strictness' }));
  await pause(2600);
  const posterAt = now(); // the thread highlighted at Balanced

  mark('Strict keeps only plain enthusiasm: fewer comments are marked Positive.');
  await click(demo.getByRole('radio', { name: /^Strict/ }));
  await pause(2600);

  mark('Relaxed marks anything leaning to the good side; Balanced is the default.');
  await click(demo.getByRole('radio', { name: /^Relaxed/ }));
  await pause(2000);
  await click(demo.getByRole('radio', { name: /^Balanced/ }));
  await pause(1200);

  mark("'Positive first' puts the positive comments on top, in the thread's order.");
  await click(demo.getByRole('checkbox', { name: 'Positive first' }));
  await pause(1600);
  await scrollTo(thread.getByRole('listitem').nth(9), 'center');
  await pause(1800);

  mark('Comments of your own, one per line, are read the same way.');
  const box = demo.getByRole('textbox', { name: 'Paste your own comments' });
  await scrollTo(box, 'center');
  await click(box);
  await box.pressSequentially(OWN_COMMENTS.join('\n'), { delay: 35 });
  const own = demo.getByRole('list', { name: 'Your comments' });
  await own
    .getByRole('listitem')
    .nth(OWN_COMMENTS.length - 1)
    .waitFor();
  await scrollTo(own, 'center');
  await pause(2800);

  mark('Get the extension from the Chrome Web Store.');
  const badge = page.getByRole('link', { name: /Chrome Web Store/ }).first();
  await scrollTo(page.getByRole('heading', { level: 1 }), 'center');
  await pointAt(badge);
  await pause(2400);
  return { posterAt };
}

await recordDemo({
  name: 'comment-filter-demo',
  out: {
    video: path.join(ASSETS, 'comment-filter-demo.webm'),
    poster: path.join(ASSETS, 'comment-filter-demo-poster.webp'),
    captions: path.join(ASSETS, 'comment-filter-demo.vtt'),
  },
  builds: ['api/dist/main.js', 'shell/dist/index.html', 'mfe-comment-filter/dist'],
  title: 'Comment filter: the live demo highlighting positive comments',
  // The thread's emoji, drawn (Debian's Chromium has no emoji font of its own).
  packages: ['fonts-noto-color-emoji'],
  perform,
});
