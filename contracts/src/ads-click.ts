// The ad-click record (spec §3 'Extract request', §7): a visitor who arrives from an ad keeps the
// click's search term and keyword in the browser, and each extraction request carries them.

/** The browser-storage key of the record (spec §3 storage keys; localStorage). */
export const ADS_CLICK_KEY = 'ads_click';

/** The click ids that mark a landing as an ad click: Google Ads (web, iOS) and Microsoft Ads. */
export const AD_CLICK_ID_PARAMS = ['gclid', 'gbraid', 'wbraid', 'msclkid'] as const;
export type AdClickIdParam = (typeof AD_CLICK_ID_PARAMS)[number];

/** The landing URL's parameters that the ads' tracking template fills in. */
export const AD_SEARCH_TERM_PARAM = 'searchTerm';
export const AD_KEYWORD_PARAM = 'keyword';

/** The longest search term or keyword kept (the extract request refuses longer ones). */
export const AD_TERM_MAX_LENGTH = 200;

export type AdsClickRecord = {
  clickIdParam: AdClickIdParam;
  clickId: string;
  searchTerm: string | null;
  keyword: string | null;
  /** When the visitor landed (ISO 8601). */
  landedAt: string;
};

/** What the record is read from: a URLSearchParams of the landing URL (contracts has no DOM types). */
export type QueryParams = { get(name: string): string | null };

const term = (query: QueryParams, name: string): string | null => {
  const value = query.get(name)?.trim();
  return value ? value.slice(0, AD_TERM_MAX_LENGTH) : null;
};

/** The record a landing URL's query makes, or null when it carries no click id. */
export function adsClickFromQuery(query: QueryParams, now: Date): AdsClickRecord | null {
  const clickIdParam = AD_CLICK_ID_PARAMS.find((name) => query.get(name)?.trim());
  if (!clickIdParam) return null;
  return {
    clickIdParam,
    clickId: (query.get(clickIdParam) ?? '').trim().slice(0, AD_TERM_MAX_LENGTH),
    searchTerm: term(query, AD_SEARCH_TERM_PARAM),
    keyword: term(query, AD_KEYWORD_PARAM),
    landedAt: now.toISOString(),
  };
}
