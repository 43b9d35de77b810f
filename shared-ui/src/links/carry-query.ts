// Query propagation rules of spec §2 'Navigation':
// - every internal navigation keeps `aff` when the current URL has it;
// - sourceId, linkId and tenantId are carried to pricing, feedback and contact pages;
// - between add-on pages the whole query-string suffix of the current page is carried.
// Parameters written in the target itself always win.

export const TRACKING_PARAMS = ['sourceId', 'linkId', 'tenantId'] as const;

const TRACKING_TARGETS = new Set([
  '/pricing',
  '/sheets-extension-pricing',
  '/feedback',
  '/sheets-extension-feedback',
  '/contact-us',
  '/sheets-extension-contact-us',
]);

export function isAddonPath(pathname: string): boolean {
  return pathname === '/pdf-to-sheets-extension' || pathname.startsWith('/sheets-extension-');
}

const BASE = 'http://internal.invalid';
/** An absolute path of letters, digits, '_', '-' and single slashes. */
const PLAIN_PATH = /^(?:\/[\w-]+)+\/?$|^\/$/;

export type CurrentLocation = { pathname: string; search: string };

/** Returns `to` with the parameters the current location must pass on. External URLs are untouched. */
export function carryQuery(to: string, current: CurrentLocation): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(to) || to.startsWith('//')) return to;
  // Nothing to carry and a plain path (what URL would give back unchanged): as it is. Most links
  // on a first visit; the URL parsing below was a tenth of the app's first render on a phone.
  if (current.search.length <= 1 && PLAIN_PATH.test(to)) return to;
  const target = new URL(to, `${BASE}${current.pathname}`);
  const from = new URLSearchParams(current.search);
  const carried = new URLSearchParams();

  if (isAddonPath(current.pathname) && isAddonPath(target.pathname)) {
    from.forEach((value, key) => carried.set(key, value));
  } else {
    const aff = from.get('aff');
    if (aff !== null) carried.set('aff', aff);
    if (TRACKING_TARGETS.has(target.pathname)) {
      for (const key of TRACKING_PARAMS) {
        const value = from.get(key);
        if (value !== null) carried.set(key, value);
      }
    }
  }
  target.searchParams.forEach((value, key) => carried.set(key, value));
  const query = carried.toString();
  return `${target.pathname}${query ? `?${query}` : ''}${target.hash}`;
}
