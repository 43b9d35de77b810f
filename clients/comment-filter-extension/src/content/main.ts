// The content script, on the video platform's watch pages (manifest.json): reads the person's
// settings, highlights the positive comments (scored by the service worker's classifier) and
// follows settings changes made in the popup.
import { browserChrome } from '../common/chrome-api';
import { SCORE_MESSAGE, type ScoreRequest, type ScoreResponse } from '../common/scoring';
import { loadSettings, onSettingsChanged } from '../common/settings';
import { isWatchPage, STARTED_FLAG } from '../common/watch-pages';
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
    // The service worker holds the classifier (common/scoring.ts).
    score: async (texts) => {
      const request: ScoreRequest = { type: SCORE_MESSAGE, texts };
      const response = (await chrome.runtime.sendMessage(request)) as ScoreResponse;
      return response.scores;
    },
    schedule: idleScheduler(window),
    isActive: () => isWatchPage(location.href),
  });
  onSettingsChanged(chrome.storage.onChanged, (settings) => filter.update(settings));
  filter.start();
}

main().catch((error: unknown) => console.error('Comment Filter could not start', error));
