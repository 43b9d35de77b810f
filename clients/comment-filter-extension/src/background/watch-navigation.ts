// The platform is a single-page app: going from its home or search page to a video changes the
// address with history.pushState, and Chrome injects the manifest's content script only when a
// page loads at a watch address. So when a tab's address becomes a watch page (tabs.onUpdated
// says it only for pages we have host permission for: the watch pages), the content script and
// its stylesheet are injected unless they already run there.
import type { ChromeApi } from '../common/chrome-api';
import { isWatchPage, STARTED_FLAG } from '../common/watch-pages';

export async function ensureContentScript(
  scripting: ChromeApi['scripting'],
  tabId: number,
): Promise<boolean> {
  const [probe] = await scripting.executeScript({
    target: { tabId },
    // Runs in the content script's isolated world, where the flag lives; serialised alone, so
    // the flag's name is written here (its type keeps it the same as the content script's).
    func: () => {
      const flag: typeof STARTED_FLAG = 'commentFilterStarted';
      return (globalThis as Record<string, unknown>)[flag] === true;
    },
  });
  if (probe?.result === true) return false;
  await scripting.insertCSS({ target: { tabId }, files: ['content.css'] });
  await scripting.executeScript({ target: { tabId }, files: ['content.js'] });
  return true;
}

export function followWatchNavigation(chrome: Pick<ChromeApi, 'tabs' | 'scripting'>): void {
  chrome.tabs.onUpdated.addListener((tabId, changeInfo) => {
    if (!changeInfo.url || !isWatchPage(changeInfo.url)) return;
    ensureContentScript(chrome.scripting, tabId).catch((error: unknown) =>
      // A tab closed or navigated away meanwhile: nothing to do there.
      console.warn('Comment Filter could not start on a watch page', error),
    );
  });
}
