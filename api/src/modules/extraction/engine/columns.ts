// False columns (issue 24): Tesseract's layout analysis cuts a page into blocks where white space
// runs down it, and reads each block before the next. Wide gaps between words that happen to line
// up from line to line (typewritten and justified text, letter-spaced print), or lines a few
// degrees askew that cross from one row of the page into the next (a photographed snippet), cut
// lines in two, and the right halves of several lines come out before their left halves.
//
// Here the lines of the reading's TSV are looked at again: a line that continues a line of another
// block (on the same baseline, with the same height, after a gap no wider than a few of the
// page's own word gaps, where a real gutter is several times wider) is joined to it, and the
// blocks so linked are read as one column, row by row. Real columns (a gutter between them, or
// lines that do not share baselines) and blocks stacked one over another are left as they are.
// No reading is added: this works on the word boxes of the reading already made.

/** A word of Tesseract's TSV (level 5), its box in pixels. */
type Word = { text: string; left: number; top: number; right: number; bottom: number };

/** A line of the TSV (level 4) with its words, and where it sits in the page. */
type Line = {
  block: number;
  /** Tesseract's order of the line in the page. */
  index: number;
  /** The line's first line of a paragraph (Tesseract's). */
  paragraphStart: boolean;
  words: Word[];
  left: number;
  right: number;
  /** The median word height. */
  height: number;
  /** Where the line's word bottoms are at x = 0, the page's slope taken out (a baseline). */
  base: number;
};

// A line continues another on the same baseline within this share of their height...
const SAME_BASELINE = 0.35;
// ...with word heights within this ratio...
const SAME_HEIGHT = 1.45;
// ...starting at most this many of the page's median word gaps after it ends, or up to this share
// of the line height before it ends (a word cut in two: 'Cove' + 'r Texts')...
const MAX_GAP_WORD_GAPS = 3;
const MAX_OVERLAP = 0.5;
// ...and two blocks are joined only where at least one of their rows is cut at a gap no wider
// than this many word gaps: a gutter is wider than a word gap on every row (the hard set's
// two-column pages: 2.9 word gaps and more, the same on every row of a justified pair), while a
// line cut at a river of white is cut at an ordinary word gap, or inside a word, on some row
// (seed 1's typewritten pages: 0.2-1.1 word gaps).
const CUT_AT_WORD_GAP = 1.5;
// A gap under this share of a word gap joins the two pieces without a space (one word cut).
const SAME_WORD = 0.35;
// Rows further apart than this many median row spacings begin a new paragraph...
const PARAGRAPH_SPACING = 1.5;
// ...or, with too few rows for a median, this many line heights.
const PARAGRAPH_HEIGHTS = 2.6;

const median = (values: number[]): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** The lines of a TSV, in Tesseract's order, with their words (lines without words left out). */
function parseLines(tsv: string): Omit<Line, 'height' | 'base'>[] {
  const lines = new Map<string, Omit<Line, 'height' | 'base'>>();
  const paragraphsSeen = new Set<string>();
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols[0] !== '5' || cols.length < 12) continue;
    const text = (cols[11] ?? '').trim();
    if (!text) continue;
    const [block, paragraph, line] = [cols[2], cols[3], cols[4]];
    const left = Number(cols[6]);
    const top = Number(cols[7]);
    const word = { text, left, top, right: left + Number(cols[8]), bottom: top + Number(cols[9]) };
    const key = `${String(block)}.${String(paragraph)}.${String(line)}`;
    const known = lines.get(key);
    if (known) {
      known.words.push(word);
      known.left = Math.min(known.left, word.left);
      known.right = Math.max(known.right, word.right);
      continue;
    }
    const paragraphKey = `${String(block)}.${String(paragraph)}`;
    lines.set(key, {
      block: Number(block),
      index: lines.size,
      paragraphStart: !paragraphsSeen.has(paragraphKey),
      words: [word],
      left: word.left,
      right: word.right,
    });
    paragraphsSeen.add(paragraphKey);
  }
  return [...lines.values()];
}

/**
 * The page's slope (dy/dx of its lines): the median of the slopes between the bottoms of the words
 * of each line (Theil-Sen; descenders are outliers it ignores).
 */
function pageSlope(lines: Omit<Line, 'height' | 'base'>[]): number {
  const slopes: number[] = [];
  for (const { words } of lines) {
    for (let i = 0; i < words.length; i++) {
      for (let j = i + 1; j < words.length && j < i + 8; j++) {
        const a = words[i];
        const b = words[j];
        if (!a || !b) continue;
        const dx = (b.left + b.right - a.left - a.right) / 2;
        if (Math.abs(dx) > 0) slopes.push((b.bottom - a.bottom) / dx);
      }
    }
  }
  return median(slopes);
}

/** The page's median gap between neighbouring words of a line, in pixels (0 when unknown). */
function wordGap(lines: Line[]): number {
  const gaps: number[] = [];
  for (const { words } of lines) {
    for (let i = 1; i < words.length; i++) {
      const gap = (words[i]?.left ?? 0) - (words[i - 1]?.right ?? 0);
      if (gap > 0) gaps.push(gap);
    }
  }
  return median(gaps);
}

/** Whether `b` continues `a` on its right: same baseline and height, a gap of a few words at most. */
function continues(a: Line, b: Line, maxGap: number): boolean {
  if (a.block === b.block) return false;
  const height = Math.max(a.height, b.height);
  if (height <= 0 || a.height * SAME_HEIGHT < b.height || b.height * SAME_HEIGHT < a.height)
    return false;
  if (Math.abs(a.base - b.base) > SAME_BASELINE * height) return false;
  const gap = b.left - a.right;
  return gap >= -MAX_OVERLAP * height && gap <= maxGap && b.right > a.right;
}

export type JoinedColumns = {
  /** The page's text, row by row where blocks were joined. */
  text: string;
  /** How many lines were joined to a line on their left. */
  joined: number;
};

/**
 * The text of a reading with its false columns joined (see the top of this file), or null when
 * the TSV shows none: then Tesseract's own text stands.
 */
export function joinFalseColumns(tsv: string): JoinedColumns | null {
  const raw = parseLines(tsv);
  if (raw.length < 2) return null;
  const slope = pageSlope(raw);
  const lines: Line[] = raw.map((line) => ({
    ...line,
    height: median(line.words.map((w) => w.bottom - w.top)),
    base: median(line.words.map((w) => w.bottom - (slope * (w.left + w.right)) / 2)),
  }));
  const gap = wordGap(lines);
  if (gap <= 0) return null;
  const maxGap = MAX_GAP_WORD_GAPS * gap;

  // Each line's continuation on its right, if any: the nearest line (by gap) that continues it,
  // taken by no other line.
  const next = new Map<Line, Line>();
  const taken = new Set<Line>();
  let candidates: { a: Line; b: Line; gap: number }[] = [];
  const narrowest = new Map<string, number>();
  for (const a of lines) {
    for (const b of lines) {
      if (a === b || !continues(a, b, maxGap)) continue;
      const cut = b.left - a.right;
      candidates.push({ a, b, gap: cut });
      const pair = `${String(a.block)}>${String(b.block)}`;
      narrowest.set(pair, Math.min(narrowest.get(pair) ?? Infinity, cut));
    }
  }
  candidates = candidates.filter(
    ({ a, b }) =>
      (narrowest.get(`${String(a.block)}>${String(b.block)}`) ?? Infinity) <= CUT_AT_WORD_GAP * gap,
  );
  candidates.sort((x, y) => x.gap - y.gap);
  for (const { a, b } of candidates) {
    if (next.has(a) || taken.has(b)) continue;
    next.set(a, b);
    taken.add(b);
  }
  if (next.size === 0) return null;

  // Blocks linked by a continuation become one group, read row by row; the others stay as they are.
  const groupOf = new Map<number, number>();
  const find = (block: number): number => {
    const parent = groupOf.get(block) ?? block;
    if (parent === block) return block;
    const root = find(parent);
    groupOf.set(block, root);
    return root;
  };
  for (const [a, b] of next) {
    const [ra, rb] = [find(a.block), find(b.block)];
    if (ra !== rb) groupOf.set(Math.max(ra, rb), Math.min(ra, rb));
  }
  absorbStackedBlocks(lines, find, (a, b) => {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) groupOf.set(Math.max(ra, rb), Math.min(ra, rb));
  });

  // Rows: chains of continued lines, starting at a line that continues none.
  const rowsByGroup = new Map<number, Line[][]>();
  const blockOrder: number[] = [];
  const seenGroups = new Set<number>();
  for (const line of lines) {
    const group = find(line.block);
    if (!seenGroups.has(group)) {
      seenGroups.add(group);
      blockOrder.push(group);
    }
    if (taken.has(line)) continue;
    const row = [line];
    for (let at = next.get(line); at; at = next.get(at)) row.push(at);
    const rows = rowsByGroup.get(group) ?? [];
    rows.push(row);
    rowsByGroup.set(group, rows);
  }

  const paragraphs: string[] = [];
  for (const group of blockOrder) {
    const rows = rowsByGroup.get(group) ?? [];
    const linked = rows.some((row) => row.length > 1);
    if (!linked) {
      // Not joined: Tesseract's own paragraphs and lines.
      let current: string[] = [];
      for (const [line] of rows) {
        if (!line) continue;
        if (line.paragraphStart && current.length) {
          paragraphs.push(current.join('\n'));
          current = [];
        }
        current.push(lineText([line], gap));
      }
      if (current.length) paragraphs.push(current.join('\n'));
      continue;
    }
    // Joined: rows from top to bottom (by baseline, the slope taken out), a new paragraph where
    // rows are spaced further apart than usual.
    rows.sort((x, y) => (x[0]?.base ?? 0) - (y[0]?.base ?? 0));
    const spacings = rows.slice(1).map((row, i) => (row[0]?.base ?? 0) - (rows[i]?.[0]?.base ?? 0));
    const height = median(rows.flatMap((row) => row.map((l) => l.height)));
    const limit =
      spacings.length >= 3 ? PARAGRAPH_SPACING * median(spacings) : PARAGRAPH_HEIGHTS * height;
    let current: string[] = [];
    rows.forEach((row, i) => {
      if (i > 0 && (spacings[i - 1] ?? 0) > limit && current.length) {
        paragraphs.push(current.join('\n'));
        current = [];
      }
      current.push(lineText(row, gap));
    });
    if (current.length) paragraphs.push(current.join('\n'));
  }
  return { text: `${paragraphs.join('\n\n')}\n`, joined: next.size };
}

// A block is read with a joined group when it lies under, over or among its rows (the narrower's
// width within the other's by this share, at most this many line heights apart): the pieces of a
// cut page are blocks that Tesseract orders in a way of its own (seed 1's typewriter-07: a last
// line 'freedom:' in the block of the right half of the line above it, itself joined elsewhere).
const STACKED_OVERLAP = 0.5;
const STACKED_NEAR = 2.5;

/**
 * Groups of blocks that lie one over another in the same width, one of them joined, made one
 * (`union`), so that their lines are put in order as rows.
 */
function absorbStackedBlocks(
  lines: Line[],
  find: (block: number) => number,
  union: (a: number, b: number) => void,
): void {
  type Group = {
    left: number;
    right: number;
    top: number;
    bottom: number;
    height: number;
    joined: boolean;
  };
  for (let changed = true; changed;) {
    changed = false;
    const members = new Map<number, Line[]>();
    for (const line of lines) {
      const group = find(line.block);
      members.set(group, [...(members.get(group) ?? []), line]);
    }
    const groups = [...members].map(([id, ls]): [number, Group] => [
      id,
      {
        left: Math.min(...ls.map((l) => l.left)),
        right: Math.max(...ls.map((l) => l.right)),
        top: Math.min(...ls.map((l) => l.base - l.height)),
        bottom: Math.max(...ls.map((l) => l.base)),
        height: median(ls.map((l) => l.height)),
        joined: new Set(ls.map((l) => l.block)).size > 1,
      },
    ]);
    for (const [a, boxA] of groups) {
      for (const [b, boxB] of groups) {
        if (a >= b || (!boxA.joined && !boxB.joined)) continue;
        const overlap = Math.min(boxA.right, boxB.right) - Math.max(boxA.left, boxB.left);
        const narrower = Math.min(boxA.right - boxA.left, boxB.right - boxB.left);
        const apart = Math.max(boxA.top - boxB.bottom, boxB.top - boxA.bottom);
        if (
          overlap >= STACKED_OVERLAP * narrower &&
          apart <= STACKED_NEAR * Math.max(boxA.height, boxB.height)
        ) {
          union(a, b);
          changed = true;
        }
      }
      if (changed) break;
    }
  }
}

/** A row's words, a space between words, none where a word was cut in two between lines. */
function lineText(row: Line[], gap: number): string {
  let text = '';
  let right = -Infinity;
  for (const line of row) {
    for (const word of line.words) {
      if (text) text += word.left - right < SAME_WORD * gap && line.words[0] === word ? '' : ' ';
      text += word.text;
      right = word.right;
    }
  }
  return text;
}
