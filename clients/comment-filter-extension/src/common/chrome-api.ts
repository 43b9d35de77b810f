// The few extension APIs this extension calls, typed here (the repository has no @types/chrome):
// storage.sync and its change events, tabs.create and onUpdated, scripting's injection, the
// toolbar badge, runtime's messages and its install and start-up events.
// Modules take these as parameters, so tests hand them an in-memory stand-in.

export type StorageChange = { oldValue?: unknown; newValue?: unknown };
export type StorageChanges = Record<string, StorageChange>;

export type SyncStorage = {
  get(keys: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
};

export type StorageEvents = {
  addListener(listener: (changes: StorageChanges, areaName: string) => void): void;
  removeListener(listener: (changes: StorageChanges, areaName: string) => void): void;
};

export type ChromeApi = {
  storage: { sync: SyncStorage; onChanged: StorageEvents };
  tabs: {
    create(properties: { url: string; active?: boolean }): Promise<unknown>;
    /** `changeInfo.url` is given only for pages the extension has host permission for. */
    onUpdated: {
      addListener(listener: (tabId: number, changeInfo: { url?: string }) => void): void;
    };
  };
  scripting: {
    executeScript<T>(injection: {
      target: { tabId: number };
      files?: string[];
      func?: () => T;
    }): Promise<{ result?: T }[]>;
    insertCSS(injection: { target: { tabId: number }; files: string[] }): Promise<void>;
  };
  action: {
    setBadgeText(details: { text: string }): Promise<void>;
    setBadgeBackgroundColor(details: { color: string }): Promise<void>;
    setTitle(details: { title: string }): Promise<void>;
  };
  runtime: {
    onInstalled: { addListener(listener: () => void): void };
    onStartup: { addListener(listener: () => void): void };
    getManifest(): { version: string };
    sendMessage(message: unknown): Promise<unknown>;
    /** Return true to answer later; this extension answers at once. */
    onMessage: {
      addListener(
        listener: (
          message: unknown,
          sender: { id?: string },
          sendResponse: (response: unknown) => void,
        ) => boolean | undefined,
      ): void;
    };
  };
};

declare const chrome: ChromeApi;

/** The browser's `chrome` object; only extension contexts (content script, popup, worker) have it. */
export function browserChrome(): ChromeApi {
  return chrome;
}
