// The service worker: classifies the comments the content scripts send (the classifier and its
// model live here once, not in every watch page: common/scoring.ts), starts the content script
// on watch pages reached inside the platform's single-page app (watch-navigation.ts), and makes
// the toolbar icon say OFF while the filter is switched off, so the state is visible without
// opening the popup (chrome.action, the extension's own button, needs no permission).
import { classify } from 'sentiment-classifier';
import { browserChrome, type ChromeApi } from '../common/chrome-api';
import { isScoreRequest, scoreTexts } from '../common/scoring';
import { loadSettings, onSettingsChanged, type Settings } from '../common/settings';
import { followWatchNavigation } from './watch-navigation';

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
followWatchNavigation(chrome);
// The landing's demo decides with the same call; the strictness is applied to the score by the
// content script, so a new level needs no new classification.
chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  if (!isScoreRequest(message)) return undefined;
  sendResponse(scoreTexts(message, (text) => classify(text).score));
  return undefined;
});
