// The pages the extension works on: the video platform's watch pages, as the manifest's match
// pattern (scripts/manifest.mjs) says them.
export const WATCH_ORIGIN = 'https://www.youtube.com';
export const WATCH_PATH = '/watch';

export function isWatchPage(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.origin === WATCH_ORIGIN && parsed.pathname.startsWith(WATCH_PATH);
  } catch {
    return false;
  }
}

/**
 * Set by the content script in its isolated world when it starts, so a second injection into the
 * same page (see background/watch-navigation.ts) does nothing.
 */
export const STARTED_FLAG = 'commentFilterStarted';
