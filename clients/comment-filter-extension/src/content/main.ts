// The content script, on the video platform's watch pages (manifest.json): reads the person's
// settings, highlights the positive comments and follows settings changes made in the popup.
import { classify } from 'sentiment-classifier';
import { browserChrome } from '../common/chrome-api';
import { loadSettings, onSettingsChanged } from '../common/settings';
import { STARTED_FLAG } from '../common/watch-pages';
import { CommentFilter } from './comment-filter';
import { idleScheduler } from './schedule';

async function main(): Promise<void> {
  // Injected again after an in-app navigation (background/watch-navigation.ts): one is enough.
  const world = globalThis as Record<string, unknown>;
  if (world[STARTED_FLAG] === true) return;
  world[STARTED_FLAG] = true;
  const chrome = browserChrome();
  const filter = new CommentFilter({
    root: document,
    settings: await loadSettings(chrome.storage.sync),
    // The landing's demo decides with the same call; strictness is applied to the kept score.
    score: (text) => classify(text).score,
    schedule: idleScheduler(window),
  });
  onSettingsChanged(chrome.storage.onChanged, (settings) => filter.update(settings));
  filter.start();
}

main().catch((error: unknown) => console.error('Comment Filter could not start', error));
