// The extension's manifest.json (Manifest V3). Permissions are kept to what the code uses, and a
// unit test (test/build.test.ts) fails on any other:
// - `storage`: the settings in chrome.storage.sync;
// - host permission for the watch pages only: the content script's match, and the service
//   worker's view of a tab's address once it is a watch page;
// - `scripting`: injecting the content script into a watch page reached by the platform's in-app
//   navigation (pushState), which the manifest's content script never sees (no install warning of
//   its own; it reaches only pages of the host permissions);
// - host permission for the API's origin: the popup's GET /api/me with the platform's cookie.
// No `tabs` (chrome.tabs.create and onUpdated need none), `activeTab`, `webNavigation` or
// all-sites access.
export const WATCH_PAGES = 'https://www.youtube.com/watch*';

/** A match pattern for every path of an origin ('http://localhost:4000' → 'http://localhost:4000/*'). */
export function originPattern(url) {
  return `${new URL(url).origin}/*`;
}

export function extensionManifest({ version, apiUrl }) {
  const icons = {
    16: 'icons/16.png',
    32: 'icons/32.png',
    48: 'icons/48.png',
    128: 'icons/128.png',
  };
  return {
    manifest_version: 3,
    name: 'Comment Filter',
    short_name: 'Comment Filter',
    version,
    description:
      'Highlights the positive comments on video watch pages. Comments are classified in your browser.',
    // requestIdleCallback, promise-based storage and action APIs, MV3 service workers.
    minimum_chrome_version: '110',
    icons,
    action: { default_title: 'Comment Filter', default_popup: 'popup.html', default_icon: icons },
    background: { service_worker: 'service-worker.js' },
    content_scripts: [
      {
        matches: [WATCH_PAGES],
        js: ['content.js'],
        css: ['content.css'],
        run_at: 'document_idle',
      },
    ],
    permissions: ['storage', 'scripting'],
    host_permissions: [WATCH_PAGES, originPattern(apiUrl)],
  };
}
