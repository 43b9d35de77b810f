// The person's settings, kept in chrome.storage.sync (so they follow their browser profile) under
// one key: whether the filter is on and how strict it is, with the classifier's own levels and
// default, the same as the landing's demo.
import { DEFAULT_STRICTNESS, STRICTNESS_LEVELS, type Strictness } from 'sentiment-classifier';
import type { StorageChanges, StorageEvents, SyncStorage } from './chrome-api';
import { CLIENT_SOURCE } from './client';

export type Settings = { enabled: boolean; strictness: Strictness };

export const SETTINGS_KEY = `${CLIENT_SOURCE}.settings`;

export const DEFAULT_SETTINGS: Settings = { enabled: true, strictness: DEFAULT_STRICTNESS };

function isStrictness(value: unknown): value is Strictness {
  return STRICTNESS_LEVELS.some((level) => level === value);
}

/** Whatever storage holds, read as settings: a missing or unknown field takes its default. */
export function parseSettings(stored: unknown): Settings {
  const record = typeof stored === 'object' && stored !== null ? stored : {};
  const enabled = 'enabled' in record ? record.enabled : undefined;
  const strictness = 'strictness' in record ? record.strictness : undefined;
  return {
    enabled: typeof enabled === 'boolean' ? enabled : DEFAULT_SETTINGS.enabled,
    strictness: isStrictness(strictness) ? strictness : DEFAULT_SETTINGS.strictness,
  };
}

export async function loadSettings(storage: SyncStorage): Promise<Settings> {
  const items = await storage.get(SETTINGS_KEY);
  return parseSettings(items[SETTINGS_KEY]);
}

/** Saves a change; every open watch page and the toolbar hear it through storage's events. */
export async function saveSettings(
  storage: SyncStorage,
  change: Partial<Settings>,
): Promise<Settings> {
  const next = { ...(await loadSettings(storage)), ...change };
  await storage.set({ [SETTINGS_KEY]: next });
  return next;
}

/** Calls `listener` with the new settings whenever they change in sync storage; returns the unsubscribe. */
export function onSettingsChanged(
  events: StorageEvents,
  listener: (settings: Settings) => void,
): () => void {
  const handle = (changes: StorageChanges, areaName: string): void => {
    const change = changes[SETTINGS_KEY];
    if (areaName === 'sync' && change) listener(parseSettings(change.newValue));
  };
  events.addListener(handle);
  return () => events.removeListener(handle);
}
