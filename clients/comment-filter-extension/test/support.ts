// Shared by the extension's tests: the watch-page fixture, an idle scheduler the test drives,
// and an in-memory chrome.storage.sync with its change events (jsdom has no extension APIs).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { classify } from 'sentiment-classifier';
import type { StorageChanges, StorageEvents, SyncStorage } from '../src/common/chrome-api';
import type { IdleDeadlineLike, Scheduler } from '../src/content/schedule';

const fixtures = path.join(__dirname, 'fixtures');

/** The fixture's body as the watch page's document; the test's jsdom document takes it. */
export function loadWatchPage(): void {
  const html = readFileSync(path.join(fixtures, 'watch-page.html'), 'utf8');
  document.documentElement.innerHTML = new DOMParser().parseFromString(
    html,
    'text/html',
  ).documentElement.innerHTML;
}

/** The threads the page adds as the reader scrolls, appended where the platform puts them. */
export function appendMoreComments(): void {
  const html = readFileSync(path.join(fixtures, 'watch-page-more.html'), 'utf8');
  document.querySelector('#sections > #contents')?.insertAdjacentHTML('beforeend', html);
}

/** Authors of the comments marked with `label`, in page order ('@ada' → 'ada'). */
export function authorsLabelled(label: string): string[] {
  return [...document.querySelectorAll(`[data-comment-filter="${label}"]`)].map((comment) =>
    (comment.querySelector('#author-text')?.textContent ?? '').trim().replace(/^@/, ''),
  );
}

export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** The service worker's answer, as the content script gets it: the real classifier's scores. */
export const classifierScores = (texts: string[]): Promise<number[]> =>
  Promise.resolve(texts.map((text) => classify(text).score));

/** A scheduler whose slices run when the test says, with the idle time it says. */
export class ManualScheduler {
  readonly waiting: ((deadline: IdleDeadlineLike) => void)[] = [];
  slices = 0;
  readonly schedule: Scheduler = (work) => {
    this.waiting.push(work);
  };

  /**
   * Runs slices until nothing is scheduled; each slice gets `idleMs` of idle time. Between
   * slices, a task's turn: mutation records and the classifier's answers arrive.
   */
  async runAll(idleMs = 50): Promise<void> {
    await nextTask();
    for (let work = this.waiting.shift(); work; work = this.waiting.shift()) {
      this.slices += 1;
      work({ timeRemaining: () => idleMs });
      await nextTask();
    }
  }
}

export type MemoryChrome = {
  sync: SyncStorage;
  onChanged: StorageEvents;
  data: Map<string, unknown>;
};

/** chrome.storage.sync and chrome.storage.onChanged in memory, firing events as Chrome does. */
export function memoryStorage(): MemoryChrome {
  const data = new Map<string, unknown>();
  const listeners = new Set<(changes: StorageChanges, areaName: string) => void>();
  const sync: SyncStorage = {
    get: (keys) => {
      const wanted = keys === null ? [...data.keys()] : typeof keys === 'string' ? [keys] : keys;
      return Promise.resolve(
        Object.fromEntries(
          wanted.filter((key) => data.has(key)).map((key) => [key, data.get(key)]),
        ),
      );
    },
    set: (items) => {
      const changes: StorageChanges = {};
      for (const [key, value] of Object.entries(items)) {
        changes[key] = {
          oldValue: data.get(key),
          newValue: JSON.parse(JSON.stringify(value)) as unknown,
        };
        data.set(key, JSON.parse(JSON.stringify(value)) as unknown);
      }
      for (const listener of listeners) listener(changes, 'sync');
      return Promise.resolve();
    },
  };
  const onChanged: StorageEvents = {
    addListener: (listener) => listeners.add(listener),
    removeListener: (listener) => listeners.delete(listener),
  };
  return { sync, onChanged, data };
}
