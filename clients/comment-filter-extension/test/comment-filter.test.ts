/**
 * @jest-environment jsdom
 */
// The content script's engine on the watch-page fixture with the real classifier: the positive
// comments highlighted, comments that load later too, each comment classified once, the work done
// in idle slices, and settings applied to what is already on the page.
import type { Settings } from '../src/common/settings';
import { CommentFilter, MAX_FAILURES } from '../src/content/comment-filter';
import { BADGE_TEXT } from '../src/content/highlight';
import {
  appendMoreComments,
  authorsLabelled,
  classifierScores,
  loadWatchPage,
  ManualScheduler,
  nextTask,
} from './support';

const BALANCED: Settings = { enabled: true, strictness: 'balanced' };

let scored: string[];
let batches: number[];
let scheduler: ManualScheduler;
let filter: CommentFilter;

function startFilter(settings: Settings = BALANCED): CommentFilter {
  filter = new CommentFilter({
    root: document,
    settings,
    score: (texts) => {
      scored.push(...texts);
      batches.push(texts.length);
      return classifierScores(texts);
    },
    schedule: scheduler.schedule,
  });
  filter.start();
  return filter;
}

beforeEach(() => {
  loadWatchPage();
  scored = [];
  batches = [];
  scheduler = new ManualScheduler();
});
afterEach(() => filter.stop());

const contents = (): Element => {
  const element = document.querySelector('#sections > #contents');
  if (!element) throw new Error('fixture without #contents');
  return element;
};

describe('the comment filter on a watch page', () => {
  it('highlights the positive comments with a text badge and leaves the others plain', async () => {
    startFilter();
    await scheduler.runAll();
    expect(authorsLabelled('positive')).toEqual(['ada', 'grace', 'dora', 'fay']);
    expect(authorsLabelled('negative')).toEqual(['brian']);
    expect(authorsLabelled('neutral')).toEqual(['chen', 'emil']);
    const badges = [...document.querySelectorAll('[data-comment-filter-badge]')];
    expect(badges).toHaveLength(4);
    for (const badge of badges) {
      expect(badge.textContent).toContain(BADGE_TEXT);
      expect(badge.getAttribute('role')).toBe('note');
      expect(badge.closest('[data-comment-filter]')?.getAttribute('data-comment-filter')).toBe(
        'positive',
      );
      // Beside the author and time, not inside the text the platform may collapse.
      expect(badge.parentElement?.id).toBe('header-author');
    }
  });

  it('highlights comments loaded after the page, classifying each comment once', async () => {
    startFilter();
    await scheduler.runAll();
    expect(scored).toHaveLength(7);
    appendMoreComments();
    await scheduler.runAll();
    expect(authorsLabelled('positive')).toEqual(['ada', 'grace', 'dora', 'fay', 'hana']);
    expect(authorsLabelled('negative')).toEqual(['brian', 'ivan']);
    expect(scored).toHaveLength(10);
    expect(new Set(scored).size).toBe(10);
  });

  it('does not classify a comment again when it is moved, re-added or re-labelled', async () => {
    startFilter();
    await scheduler.runAll();
    const first = contents().firstElementChild;
    if (!first) throw new Error('no thread');
    contents().append(first); // the platform re-orders a thread
    first.querySelector('#toolbar')?.append(document.createElement('span'));
    await scheduler.runAll();
    filter.update({ enabled: true, strictness: 'strict' });
    await scheduler.runAll();
    filter.update({ enabled: false, strictness: 'strict' });
    filter.update({ enabled: true, strictness: 'balanced' });
    await scheduler.runAll();
    expect(scored).toHaveLength(7);
    expect(authorsLabelled('positive')).toEqual(['dora', 'fay', 'ada', 'grace']);
  });

  it('reads a comment the platform fills in after adding it, once its text is there', async () => {
    startFilter();
    await scheduler.runAll();
    contents().insertAdjacentHTML(
      'beforeend',
      '<ytd-comment-thread-renderer><ytd-comment-view-model><div id="header-author">' +
        '<a id="author-text">@kai</a></div><div id="content"></div></ytd-comment-view-model>' +
        '</ytd-comment-thread-renderer>',
    );
    await scheduler.runAll();
    expect(scored).toHaveLength(7);
    const text = document.createElement('span');
    text.id = 'content-text';
    text.textContent = 'Amazing work, thank you!';
    contents().lastElementChild?.querySelector('#content')?.append(text);
    await scheduler.runAll();
    expect(scored.slice(7)).toEqual(['Amazing work, thank you!']);
    expect(authorsLabelled('positive')).toContain('kai');
  });

  it('reads a reused comment element again when the platform gives it new text', async () => {
    startFilter();
    await scheduler.runAll();
    const text = document.querySelector('#content-text span');
    if (!text?.firstChild) throw new Error('no text');
    text.firstChild.nodeValue = 'Terrible video, the worst tutorial I have seen.';
    await scheduler.runAll();
    expect(scored).toHaveLength(8);
    expect(authorsLabelled('positive')).toEqual(['grace', 'dora', 'fay']);
    expect(authorsLabelled('negative')).toEqual(['ada', 'brian']);
  });

  it('works in idle slices: with no idle time left, one comment per slice', async () => {
    startFilter();
    await scheduler.runAll(0);
    expect(scheduler.slices).toBe(7);
    expect(batches).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(authorsLabelled('positive')).toHaveLength(4);
    appendMoreComments();
    await scheduler.runAll(50);
    expect(scheduler.slices).toBe(8);
    expect(batches.slice(7)).toEqual([3]);
  });

  it('sends one batch at a time, and a comment queued again meanwhile is not re-sent', async () => {
    let answer: (() => void) | undefined;
    filter = new CommentFilter({
      root: document,
      settings: BALANCED,
      score: (texts) => {
        scored.push(...texts);
        batches.push(texts.length);
        return new Promise((resolve) => {
          answer = () => void classifierScores(texts).then(resolve);
        });
      },
      schedule: scheduler.schedule,
    });
    filter.start();
    await scheduler.runAll();
    expect(batches).toEqual([7]);
    // The platform touches a comment and adds threads while the first batch is out.
    contents().firstElementChild?.querySelector('#toolbar')?.append(document.createElement('i'));
    appendMoreComments();
    await scheduler.runAll();
    expect(batches).toEqual([7]);
    expect(authorsLabelled('positive')).toEqual([]);
    answer?.();
    await nextTask();
    await scheduler.runAll();
    expect(batches).toEqual([7, 3]);
    answer?.();
    await nextTask();
    expect(authorsLabelled('positive')).toEqual(['ada', 'grace', 'dora', 'fay', 'hana']);
    expect(scored).toHaveLength(10);
  });

  it('retries a batch the classifier could not answer with the next change on the page', async () => {
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    filter = new CommentFilter({
      root: document,
      settings: BALANCED,
      score: (texts) => {
        calls += 1;
        return calls === 1 ? Promise.reject(new Error('worker away')) : classifierScores(texts);
      },
      schedule: scheduler.schedule,
    });
    filter.start();
    await scheduler.runAll();
    expect(warnings).toHaveBeenCalledTimes(1);
    expect(scheduler.waiting).toHaveLength(0);
    appendMoreComments();
    await scheduler.runAll();
    expect(authorsLabelled('positive')).toEqual(['ada', 'grace', 'dora', 'fay', 'hana']);
    warnings.mockRestore();
  });

  it(`stops watching after ${String(MAX_FAILURES)} failed batches in a row`, async () => {
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    filter = new CommentFilter({
      root: document,
      settings: BALANCED,
      score: () => {
        calls += 1;
        return Promise.reject(new Error('Extension context invalidated.'));
      },
      schedule: scheduler.schedule,
    });
    filter.start();
    for (let i = 0; i < MAX_FAILURES + 2; i += 1) {
      appendMoreComments();
      await scheduler.runAll();
    }
    expect(calls).toBe(MAX_FAILURES);
    expect(errors).toHaveBeenCalledTimes(1);
    warnings.mockRestore();
    errors.mockRestore();
  });

  it('schedules nothing when nothing about the comments changed', async () => {
    startFilter();
    await scheduler.runAll();
    const slices = scheduler.slices;
    const title = document.querySelector('h1');
    if (title?.firstChild) title.firstChild.nodeValue = 'Fixture video (2:01 / 12:00)';
    document.body.append(document.createElement('div'));
    await scheduler.runAll();
    expect(scheduler.slices).toBe(slices);
    expect(scheduler.waiting).toHaveLength(0);
  });

  it('applies a new strictness to the comments already highlighted, without classifying', async () => {
    startFilter();
    await scheduler.runAll();
    filter.update({ enabled: true, strictness: 'strict' });
    await scheduler.runAll();
    expect(authorsLabelled('positive')).toEqual(['ada', 'dora']);
    filter.update({ enabled: true, strictness: 'relaxed' });
    await scheduler.runAll();
    expect(authorsLabelled('positive')).toEqual(['ada', 'grace', 'dora', 'emil', 'fay']);
    expect(document.querySelectorAll('[data-comment-filter-badge]')).toHaveLength(5);
    expect(scored).toHaveLength(7);
  });

  it('takes every highlight off when switched off, and stops watching the page', async () => {
    startFilter();
    await scheduler.runAll();
    filter.update({ enabled: false, strictness: 'balanced' });
    expect(document.querySelectorAll('[data-comment-filter]')).toHaveLength(0);
    expect(document.querySelectorAll('[data-comment-filter-badge]')).toHaveLength(0);
    appendMoreComments();
    await scheduler.runAll();
    expect(scored).toHaveLength(7);
    expect(document.querySelectorAll('[data-comment-filter]')).toHaveLength(0);
  });

  it('reads nothing while the page is not a watch page, and reads what comes after', async () => {
    let watching = false;
    filter = new CommentFilter({
      root: document,
      settings: BALANCED,
      score: (texts) => {
        scored.push(...texts);
        return classifierScores(texts);
      },
      schedule: scheduler.schedule,
      isActive: () => watching,
    });
    filter.start();
    await scheduler.runAll();
    expect(scored).toEqual([]);
    expect(document.querySelectorAll('[data-comment-filter]')).toHaveLength(0);
    watching = true;
    appendMoreComments();
    await scheduler.runAll();
    expect(authorsLabelled('positive')).toEqual(['hana']);
    expect(scored).toHaveLength(3);
  });

  it('starts with nothing highlighted when the settings say off', async () => {
    startFilter({ enabled: false, strictness: 'balanced' });
    await scheduler.runAll();
    expect(scored).toHaveLength(0);
    expect(document.querySelectorAll('[data-comment-filter]')).toHaveLength(0);
  });
});
