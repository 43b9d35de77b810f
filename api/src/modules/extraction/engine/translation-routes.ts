import { pairKey, type ApertiumRoute } from './apertium.js';

/**
 * The rule a route must pass to be offered (issue 15): under 5 % of the words of the fixed English
 * sample come back untranslated (Apertium's `*` and `@` marks, counted once across both legs of
 * a chain).
 */
export const MAX_UNTRANSLATED = 0.05;

/** One route's measurement by `npm run bench:translate` (committed in translation-coverage.ts). */
export type RouteMeasurement = {
  from: string;
  to: string;
  via?: string;
  modes: string[];
  /** Words in the sample. */
  words: number;
  /** Words marked `*` or `@` at either leg. */
  untranslated: number;
  /** Words marked `#` (translated, not inflected): reported, not counted. */
  uninflected: number;
  /** Median wall time of the unmarked translation of the whole sample, in ms. */
  ms: number;
  /** Set when Apertium failed on the sample (no output): the route never passes. */
  error?: string;
};

export const passes = (m: RouteMeasurement): boolean =>
  !m.error && m.words > 0 && m.untranslated / m.words < MAX_UNTRANSLATED;

const sameRoute = (route: ApertiumRoute, m: RouteMeasurement): boolean =>
  m.from === route.from &&
  m.to === route.to &&
  m.via === route.via &&
  m.modes.join(' ') === route.modes.join(' ');

/**
 * The routes offered, one per direction ('en>it'), chosen from the installed candidates and the
 * committed measurement: a direct pair unless it was measured and failed; where no direct pair
 * is offered, the measured chain that passed with the fewest untranslated words. A chain that was
 * never measured is not offered.
 */
export function offeredRoutes(
  candidates: readonly ApertiumRoute[],
  measured: readonly RouteMeasurement[],
): Map<string, ApertiumRoute> {
  const offered = new Map<string, { route: ApertiumRoute; score: number }>();
  for (const route of candidates) {
    const m = measured.find((x) => sameRoute(route, x));
    const ok = m ? passes(m) : route.via === undefined;
    if (!ok) continue;
    // Direct pairs first (score -1 when unmeasured), then chains by their measured share.
    const score = route.via === undefined ? -1 : m ? m.untranslated / m.words : 1;
    const key = pairKey(route.from, route.to);
    const best = offered.get(key);
    if (!best || score < best.score) offered.set(key, { route, score });
  }
  return new Map([...offered].map(([key, { route }]) => [key, route]));
}
