// A table that runs over pages, joined into one (issue 21: the free tools leave it in pieces).
//
// The rule. Tables are taken in reading order (page, then top). Table B continues table A when:
//   - B is on the page right after A's last page, A is the last table on its page and B the first
//     on its own (nothing else sits between them), and
//   - they have the same number of columns, and
//   - either B starts by repeating A's header (compared normalised: NFKC, case and whitespace
//     folded): A's first rows again (up to three: a title row and its header), or A's header
//     alone when A has a title row or two above it; the repeated rows are dropped,
//   - or B has no header of its own and starts at the top of its page: its top within the upper
//     fifth of the page (when the page heights are given), and A ends in the lower third of its
//     page. Without page heights only a repeated header joins: two tables with the same number of
//     columns on consecutive pages are common, and a wrong join is worse than a missed one.
import type { FoundTable } from './layout.js';

export type JoinOptions = {
  /** Each page's height (same units as the tables' boxes), for the header-less rule. */
  pageHeights?: Readonly<Record<number, number>>;
};

const norm = (cell: string) =>
  cell.normalize('NFKC').replace(/\s+/g, ' ').trim().toLocaleLowerCase();

function sameRow(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  if (!a.some((c) => norm(c))) return false;
  return a.every((c, i) => norm(c) === norm(b[i] ?? ''));
}

const width = (t: FoundTable) => Math.max(0, ...t.rows.map((r) => r.length));

export function joinContinuedTables(tables: FoundTable[], options: JoinOptions = {}): FoundTable[] {
  const heights = options.pageHeights;
  const heightOf = (page: number): number | undefined => heights?.[page];
  const sorted = [...tables].sort((a, b) => a.page - b.page || a.bbox.y0 - b.bbox.y0);
  const firstOn = new Map<number, FoundTable>();
  const lastOn = new Map<number, FoundTable>();
  for (const t of sorted) {
    if (!firstOn.has(t.page)) firstOn.set(t.page, t);
    lastOn.set(t.page, t);
  }
  const out: FoundTable[] = [];
  // The last piece (as found on its page) of each table kept so far.
  const lastPiece = new WeakMap<FoundTable, FoundTable>();
  const keep = (t: FoundTable) => {
    const copy = { ...t, pages: [...t.pages], rows: [...t.rows] };
    lastPiece.set(copy, t);
    out.push(copy);
  };
  for (const t of sorted) {
    const prev = out[out.length - 1];
    const prevLast = prev ? (prev.pages[prev.pages.length - 1] ?? prev.page) : -1;
    const adjacent =
      prev !== undefined &&
      t.page === prevLast + 1 &&
      firstOn.get(t.page) === t &&
      lastOn.get(prevLast) === lastPiece.get(prev) &&
      width(prev) === width(t);
    if (!prev || !adjacent) {
      keep(t);
      continue;
    }
    // The rows repeated at the top of B: A's first rows again (a title and its header), or A's
    // header alone (a title row or two above it on the first page only).
    let repeated = 0;
    while (repeated < 3 && sameRow(prev.rows[repeated], t.rows[repeated])) repeated += 1;
    if (repeated === 0 && prev.rows.slice(1, 3).some((row) => sameRow(row, t.rows[0]))) {
      repeated = 1;
    }
    const header = repeated > 0;
    const topOfPage = (() => {
      const h = heightOf(t.page);
      const hPrev = heightOf(prevLast);
      if (h === undefined || hPrev === undefined) return false;
      return t.bbox.y0 <= h / 5 && (lastPiece.get(prev)?.bbox.y1 ?? 0) >= (hPrev * 2) / 3;
    })();
    if (!header && !topOfPage) {
      keep(t);
      continue;
    }
    const rows = t.rows.slice(repeated);
    const joined: FoundTable = {
      ...prev,
      pages: [...prev.pages, ...t.pages.filter((p) => !prev.pages.includes(p))],
      rows: [...prev.rows, ...rows],
    };
    if (prev.confidence || t.confidence) {
      const pad = (table: FoundTable, from: number) =>
        table.confidence?.slice(from) ??
        table.rows.slice(from).map((r) => r.map((): number | null => null));
      joined.confidence = [...pad(prev, 0), ...pad(t, repeated)];
    }
    lastPiece.set(joined, t);
    out[out.length - 1] = joined;
  }
  return out;
}
