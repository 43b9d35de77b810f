import { ADS_CLICK_KEY, adsClickFromQuery } from 'contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

// The ad-click record (spec §7): written wherever a visitor lands (the shell's Layout, on every
// route), read by the text OCR tool for each extraction request. One module for both sides, so
// the stored shape has one home in the browser.

/**
 * Stores the ad-click record when the landing URL carries a click id (spec §7; localStorage, so
 * it outlives the sign-in round trip and later visits); a later ad click replaces it.
 */
export function recordAdsClick(search: string, now = new Date()): void {
  const record = adsClickFromQuery(new URLSearchParams(search), now);
  if (!record) return;
  try {
    localStorage.setItem(ADS_CLICK_KEY, JSON.stringify(record));
  } catch {
    // Storage blocked (a private window): the extractions carry null terms, as without an ad.
  }
}

/** Records the ad click of the page's URL: an ad may land on any route. */
export function useAdsClickRecord(): void {
  const { search } = useLocation();
  useEffect(() => recordAdsClick(search), [search]);
}

/** The search term and keyword of the ad click that brought the visitor, when one was stored. */
export function adsClickTerms(): { searchTerm: string | null; keyword: string | null } {
  try {
    const stored = JSON.parse(localStorage.getItem(ADS_CLICK_KEY) ?? 'null') as {
      searchTerm?: unknown;
      keyword?: unknown;
    } | null;
    return {
      searchTerm: typeof stored?.searchTerm === 'string' ? stored.searchTerm : null,
      keyword: typeof stored?.keyword === 'string' ? stored.keyword : null,
    };
  } catch {
    return { searchTerm: null, keyword: null };
  }
}
