// The service worker: the toolbar icon says OFF while the filter is switched off, so the state is
// visible without opening the popup. It needs no permission (chrome.action is the extension's own
// button).
import { browserChrome, type ChromeApi } from '../common/chrome-api';
import { loadSettings, onSettingsChanged, type Settings } from '../common/settings';

export async function showState(action: ChromeApi['action'], settings: Settings): Promise<void> {
  await action.setBadgeBackgroundColor({ color: '#52606d' });
  await action.setBadgeText({ text: settings.enabled ? '' : 'OFF' });
  await action.setTitle({
    title: settings.enabled ? `Comment Filter: on (${settings.strictness})` : 'Comment Filter: off',
  });
}

const chrome = browserChrome();
const refresh = (settings: Settings): void => {
  showState(chrome.action, settings).catch((error: unknown) =>
    console.error('Comment Filter could not update its icon', error),
  );
};
const refreshFromStorage = (): void => {
  loadSettings(chrome.storage.sync).then(refresh, (error: unknown) =>
    console.error('Comment Filter could not read its settings', error),
  );
};
// The badge is not kept across browser restarts: set it on install, update and start-up.
chrome.runtime.onInstalled.addListener(refreshFromStorage);
chrome.runtime.onStartup.addListener(refreshFromStorage);
onSettingsChanged(chrome.storage.onChanged, refresh);
