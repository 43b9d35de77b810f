/**
 * @jest-environment jsdom
 */
// Settings in sync storage: read with defaults, saved by the popup, and heard live by an open
// watch page through storage's change events.
import { DEFAULT_STRICTNESS } from 'sentiment-classifier';
import {
  DEFAULT_SETTINGS,
  loadSettings,
  onSettingsChanged,
  parseSettings,
  saveSettings,
  SETTINGS_KEY,
} from '../src/common/settings';
import { CommentFilter } from '../src/content/comment-filter';
import {
  authorsLabelled,
  classifierScores,
  loadWatchPage,
  ManualScheduler,
  memoryStorage,
} from './support';

describe('settings', () => {
  it("default to on at the classifier's default strictness, the demo's", async () => {
    expect(DEFAULT_SETTINGS).toEqual({ enabled: true, strictness: DEFAULT_STRICTNESS });
    expect(await loadSettings(memoryStorage().sync)).toEqual(DEFAULT_SETTINGS);
  });

  it('take the default for a missing or unknown value', () => {
    expect(parseSettings({ enabled: 'yes', strictness: 'lenient' })).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings({ enabled: false, strictness: 'strict' })).toEqual({
      enabled: false,
      strictness: 'strict',
    });
  });

  it('are saved under the extension’s key, one change at a time', async () => {
    const storage = memoryStorage();
    await saveSettings(storage.sync, { strictness: 'strict' });
    await saveSettings(storage.sync, { enabled: false });
    expect(SETTINGS_KEY).toBe('comment-filter.settings');
    expect(storage.data.get(SETTINGS_KEY)).toEqual({ enabled: false, strictness: 'strict' });
  });

  it('reach a listener only for this key in sync storage, until it unsubscribes', async () => {
    const storage = memoryStorage();
    const heard: unknown[] = [];
    const stop = onSettingsChanged(storage.onChanged, (settings) => heard.push(settings));
    await storage.sync.set({ other: 1 });
    await saveSettings(storage.sync, { strictness: 'relaxed' });
    stop();
    await saveSettings(storage.sync, { strictness: 'strict' });
    expect(heard).toEqual([{ enabled: true, strictness: 'relaxed' }]);
  });

  it('saved in the popup change the highlights of an open watch page', async () => {
    loadWatchPage();
    const storage = memoryStorage();
    const scheduler = new ManualScheduler();
    const filter = new CommentFilter({
      root: document,
      settings: await loadSettings(storage.sync),
      score: classifierScores,
      schedule: scheduler.schedule,
    });
    onSettingsChanged(storage.onChanged, (settings) => filter.update(settings));
    filter.start();
    await scheduler.runAll();
    expect(authorsLabelled('positive')).toEqual(['ada', 'grace', 'dora', 'fay']);
    await saveSettings(storage.sync, { strictness: 'strict' });
    await scheduler.runAll();
    expect(authorsLabelled('positive')).toEqual(['ada', 'dora']);
    await saveSettings(storage.sync, { enabled: false });
    expect(authorsLabelled('positive')).toEqual([]);
    filter.stop();
  });
});
