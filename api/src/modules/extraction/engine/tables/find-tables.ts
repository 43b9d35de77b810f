// Finds the tables on one page from its positioned words and ruling lines (a PDF's own layer or
// Tesseract's word boxes: the same code for both). Two methods, as Tabula and pdfplumber publish
// them (ideas only, no code taken):
//   - lattice: the ruling lines are merged, grouped into connected tables, and each table's grid
//     is read from the lines' positions; a cell with no line between it and its neighbour is one
//     merged (spanning) cell whose text goes in its first row and column, the others left empty
//     (Tabula's convention, so a spreadsheet keeps the grid);
//   - stream: the words left outside ruled tables are grouped into lines, each line into chunks
//     split on wide gaps, and columns are the x-ranges that chunks share across lines (merged
//     where they overlap, as Tabula's text-edge idea does).
// A ruled "grid" that is really a frame around an unruled table (a cell holding lines of aligned
// columns, or a single column of shaded bands) is left to the stream method. Unruled tables are
// split at large vertical gaps and where the column structure changes; a wrapped cell line joins
// its row. Tables come back in reading order (top, then left); several on a page stay apart.
import type { Box, FoundTable, LayoutPage, PageWord, RulingLine } from './layout.js';

/** Two ruling lines closer than this (points) are the same line; a gap this small is no gap. */
const TOL = 2;
// ICU's grapheme segmenter costs ~7 ms to make: made on the first word that needs it (one with
// a character outside U+0020-U+02FF: combining marks and clusters lie beyond), not at load.
let segmenter: Intl.Segmenter | undefined;
const SIMPLE = /^[\u0020-\u02FF]*$/;
/** A word's letters as shown: graphemes, so a letter with its combining marks stays whole. */
function graphemes(text: string): string[] {
  if (SIMPLE.test(text)) return Array.from(text);
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (g) => g.segment);
}
/** Right-to-left scripts: a line of such words reads from right to left. */
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

export type FindTablesOptions = {
  /** Only words and lines inside this box count (Tabula's area option). */
  area?: Box;
};

export function findTables(page: LayoutPage, options: FindTablesOptions = {}): FoundTable[] {
  const area = options.area;
  const words = area ? page.words.filter((w) => inside(centre(w), area)) : page.words;
  const lines = area ? clipLines(page.lines, area) : page.lines;
  const lattice = latticeTables(page.page, words, lines);
  const used = new Set<PageWord>(lattice.flatMap((t) => t.words));
  const rest = words.filter((w) => !used.has(w));
  const stream = streamTables(
    page.page,
    rest,
    lattice.map((t) => t.table.bbox),
    Boolean(area),
  );
  return [...lattice.map((t) => t.table), ...stream].sort(
    (a, b) => a.bbox.y0 - b.bbox.y0 || a.bbox.x0 - b.bbox.x0,
  );
}

// ---------------------------------------------------------------------------------------------
// Shared helpers

type Point = { x: number; y: number };

function centre(w: Box): Point {
  return { x: (w.x0 + w.x1) / 2, y: (w.y0 + w.y1) / 2 };
}

function inside(p: Point, b: Box): boolean {
  return p.x >= b.x0 && p.x <= b.x1 && p.y >= b.y0 && p.y <= b.y1;
}

function clipLines(lines: RulingLine[], a: Box): RulingLine[] {
  const out: RulingLine[] = [];
  for (const l of lines) {
    const x0 = Math.max(l.x0, a.x0 - TOL);
    const x1 = Math.min(l.x1, a.x1 + TOL);
    const y0 = Math.max(l.y0, a.y0 - TOL);
    const y1 = Math.min(l.y1, a.y1 + TOL);
    if (x0 <= x1 && y0 <= y1) out.push({ x0, y0, x1, y1 });
  }
  return out;
}

function isRtl(text: string): boolean {
  return RTL.test(text);
}

/**
 * A cell's words as one string: grouped into text lines (by vertical overlap), each line read in
 * its direction (right to left when most of its words are RTL script), lines joined by a space.
 */
export function cellText(words: PageWord[]): string {
  if (words.length === 0) return '';
  return textLines(words)
    .map((line) => {
      const rtl = line.filter((w) => isRtl(w.text)).length * 2 > line.length;
      const sorted = [...line].sort((a, b) => (rtl ? b.x0 - a.x0 : a.x0 - b.x0));
      let text = '';
      sorted.forEach((w, k) => {
        const prev = sorted[k - 1];
        // Pieces that touch are one word (a bracket or hyphen drawn as its own run).
        const gap = prev ? (rtl ? prev.x0 - w.x1 : w.x0 - prev.x1) : Infinity;
        const touching = gap < 0.12 * Math.min(w.y1 - w.y0, prev ? prev.y1 - prev.y0 : Infinity);
        text += k === 0 ? w.text : touching ? w.text : ` ${w.text}`;
      });
      return text;
    })
    .join(' ');
}

/** Words grouped into text lines, top to bottom: a word joins the line it overlaps by half. */
function textLines(words: PageWord[]): PageWord[][] {
  const sorted = [...words].sort((a, b) => centre(a).y - centre(b).y || a.x0 - b.x0);
  const lines: { y0: number; y1: number; words: PageWord[] }[] = [];
  for (const w of sorted) {
    const h = w.y1 - w.y0;
    const line = lines.find((l) => {
      const overlap = Math.min(l.y1, w.y1) - Math.max(l.y0, w.y0);
      return overlap > 0.5 * Math.min(h, l.y1 - l.y0);
    });
    if (line) {
      line.words.push(w);
      line.y0 = Math.min(line.y0, w.y0);
      line.y1 = Math.max(line.y1, w.y1);
    } else lines.push({ y0: w.y0, y1: w.y1, words: [w] });
  }
  return lines.sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1)).map((l) => l.words);
}

function cellConfidence(words: PageWord[]): number | null {
  if (words.length === 0) return null;
  const known = words.map((w) => w.confidence).filter((c): c is number => c !== undefined);
  return known.length ? Math.min(...known) : null;
}

function hasConfidence(words: PageWord[]): boolean {
  return words.some((w) => w.confidence !== undefined);
}

function boxOf(boxes: Box[]): Box {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

/** Sorted values grouped where neighbours are within tol; each group's mean. */
function clusterValues(values: number[], tol: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const groups: number[][] = [];
  for (const v of sorted) {
    const last = groups[groups.length - 1];
    if (last && v - (last[last.length - 1] ?? v) <= tol) last.push(v);
    else groups.push([v]);
  }
  return groups.map((g) => g.reduce((a, b) => a + b, 0) / g.length);
}

class UnionFind {
  private readonly parent: number[];
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
  }
  find(i: number): number {
    let r = i;
    while (this.parent[r] !== r) r = this.parent[r] ?? r;
    let k = i;
    while (this.parent[k] !== r) {
      const next = this.parent[k] ?? r;
      this.parent[k] = r;
      k = next;
    }
    return r;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

// ---------------------------------------------------------------------------------------------
// Lattice

type Segment = { at: number; from: number; to: number };

/**
 * Collinear segments joined: grouped by position (within TOL) and merged where they overlap or
 * leave a gap under TOL (a rule drawn as several pieces, or cell borders drawn cell by cell).
 */
export function mergeSegments(segments: Segment[]): Segment[] {
  const sorted = [...segments].sort((a, b) => a.at - b.at);
  const rows: Segment[][] = [];
  for (const s of sorted) {
    const last = rows[rows.length - 1];
    const lastAt = last ? last.reduce((a, b) => a + b.at, 0) / last.length : NaN;
    if (last && Math.abs(s.at - lastAt) <= TOL) last.push(s);
    else rows.push([s]);
  }
  const out: Segment[] = [];
  for (const row of rows) {
    const at = row.reduce((a, b) => a + b.at, 0) / row.length;
    const spans = [...row].sort((a, b) => a.from - b.from);
    let cur: Segment | null = null;
    for (const s of spans) {
      if (cur && s.from <= cur.to + TOL) cur.to = Math.max(cur.to, s.to);
      else {
        if (cur) out.push(cur);
        cur = { at, from: s.from, to: s.to };
      }
    }
    if (cur) out.push(cur);
  }
  return out;
}

type LatticeResult = { table: FoundTable; words: PageWord[] };

function latticeTables(pageNo: number, words: PageWord[], lines: RulingLine[]): LatticeResult[] {
  const hs = mergeSegments(
    lines
      .filter((l) => l.y1 - l.y0 <= TOL && l.x1 - l.x0 > TOL)
      .map((l) => ({
        at: (l.y0 + l.y1) / 2,
        from: l.x0,
        to: l.x1,
      })),
  );
  const vs = mergeSegments(
    lines
      .filter((l) => l.x1 - l.x0 <= TOL && l.y1 - l.y0 > TOL)
      .map((l) => ({
        at: (l.x0 + l.x1) / 2,
        from: l.y0,
        to: l.y1,
      })),
  );
  if (hs.length === 0 || vs.length === 0) return [];
  // Connected tables: a horizontal and a vertical that cross (or touch within TOL) are one table.
  const uf = new UnionFind(hs.length + vs.length);
  const crosses = (h: Segment, v: Segment) =>
    v.at >= h.from - TOL && v.at <= h.to + TOL && h.at >= v.from - TOL && h.at <= v.to + TOL;
  for (let i = 0; i < hs.length; i++) {
    for (let j = 0; j < vs.length; j++) {
      const h = hs[i];
      const v = vs[j];
      if (h && v && crosses(h, v)) uf.union(i, hs.length + j);
    }
  }
  const groups = new Map<number, { h: Segment[]; v: Segment[] }>();
  hs.forEach((h, i) => {
    const g = groups.get(uf.find(i)) ?? { h: [], v: [] };
    g.h.push(h);
    groups.set(uf.find(i), g);
  });
  vs.forEach((v, j) => {
    const g = groups.get(uf.find(hs.length + j)) ?? { h: [], v: [] };
    g.v.push(v);
    groups.set(uf.find(hs.length + j), g);
  });
  const out: LatticeResult[] = [];
  const taken = new Set<PageWord>();
  for (const g of groups.values()) {
    if (g.h.length < 2 || g.v.length < 2) continue;
    const result = gridTable(
      pageNo,
      g.h,
      g.v,
      words.filter((w) => !taken.has(w)),
    );
    if (result) {
      result.words.forEach((w) => taken.add(w));
      out.push(result);
    }
  }
  return out;
}

/**
 * Words that cross a vertical rule are cut at it: a PDF may draw a cell's text overflowing into
 * the next cell (clipped on screen), and the text layer's reader joins both into one word. The
 * letters are shared out by their estimated position (equal widths: only the word's box is known).
 */
function splitAtRules(words: PageWord[], vs: Segment[]): PageWord[] {
  const out: PageWord[] = [];
  for (const w of words) {
    const cy = (w.y0 + w.y1) / 2;
    // Graphemes, so a letter with its combining marks stays whole.
    const chars = graphemes(w.text);
    const cuts = vs
      .filter((v) => v.from <= cy && v.to >= cy && v.at > w.x0 + TOL && v.at < w.x1 - TOL)
      .map((v) => v.at)
      .sort((a, b) => a - b);
    if (cuts.length === 0 || chars.length < 2) {
      out.push(w);
      continue;
    }
    const unit = (w.x1 - w.x0) / chars.length;
    // Each letter goes to the side of the rule its estimate lies on; one straddling the rule is
    // the clipped overflow of the left cell (hidden on screen) and is dropped.
    const pieces: { from: number; to: number; text: string }[] = [];
    let side = -1;
    chars.forEach((ch, k) => {
      const left = w.x0 + k * unit;
      const right = left + unit;
      if (cuts.some((c) => c - left > 0.15 * unit && right - c > 0.15 * unit)) return;
      const s = cuts.filter((c) => c <= (left + right) / 2).length;
      const last = pieces[pieces.length - 1];
      if (last && s === side) {
        last.text += ch;
        last.to = k + 1;
      } else pieces.push({ from: k, to: k + 1, text: ch });
      side = s;
    });
    for (const p of pieces) {
      out.push({ ...w, text: p.text, x0: w.x0 + p.from * unit, x1: w.x0 + p.to * unit });
    }
  }
  return out;
}

function gridTable(
  pageNo: number,
  hs: Segment[],
  vs: Segment[],
  words: PageWord[],
): LatticeResult | null {
  const ys = clusterValues(
    hs.map((h) => h.at),
    TOL,
  );
  const xs = clusterValues(
    vs.map((v) => v.at),
    TOL,
  );
  // An open grid (rules across, no outer verticals; or the reverse): the rules' ends bound it.
  const OPEN = 5;
  const left = Math.min(...hs.map((h) => h.from));
  const right = Math.max(...hs.map((h) => h.to));
  const top = Math.min(...vs.map((v) => v.from));
  const bottom = Math.max(...vs.map((v) => v.to));
  if (left < (xs[0] ?? left) - OPEN) xs.unshift(left);
  if (right > (xs[xs.length - 1] ?? right) + OPEN) xs.push(right);
  if (top < (ys[0] ?? top) - OPEN) ys.unshift(top);
  if (bottom > (ys[ys.length - 1] ?? bottom) + OPEN) ys.push(bottom);
  const nRows = ys.length - 1;
  const nCols = xs.length - 1;
  if (nRows < 1 || nCols < 1 || nRows * nCols < 2) return null;
  const x = (j: number) => xs[j] ?? 0;
  const y = (i: number) => ys[i] ?? 0;
  // Is there a rule between grid cell (i, j) and its right (or lower) neighbour? It must cover the
  // middle of the shared edge.
  // A rule found in an image's pixels may be broken where a faint or blurred rule lost its ink
  // (a scanned month table: the rule between two columns found over 4 of its 11 rows, the other
  // rows' two cells read as one). On an OCR page a missing piece of a column's rule still parts
  // the two cells unless a word lies across it: a cell truly spanning the columns has its text
  // over the line (centred, or too long for one column), two cells keep theirs apart.
  const ocr = hasConfidence(words);
  const crossed = (i: number, at: number) =>
    words.some((w) => {
      const c = centre(w);
      return c.y > y(i) && c.y < y(i + 1) && w.x0 < at - TOL && w.x1 > at + TOL;
    });
  const vRule = (i: number, j: number) => {
    const mid = (y(i) + y(i + 1)) / 2;
    if (vs.some((v) => Math.abs(v.at - x(j + 1)) <= TOL && v.from <= mid && v.to >= mid))
      return true;
    return ocr && vs.some((v) => Math.abs(v.at - x(j + 1)) <= TOL) && !crossed(i, x(j + 1));
  };
  const hRule = (i: number, j: number) => {
    const mid = (x(j) + x(j + 1)) / 2;
    return hs.some((h) => Math.abs(h.at - y(i + 1)) <= TOL && h.from <= mid && h.to >= mid);
  };
  const uf = new UnionFind(nRows * nCols);
  for (let i = 0; i < nRows; i++) {
    for (let j = 0; j < nCols; j++) {
      if (j + 1 < nCols && !vRule(i, j)) uf.union(i * nCols + j, i * nCols + j + 1);
      if (i + 1 < nRows && !hRule(i, j)) uf.union(i * nCols + j, (i + 1) * nCols + j);
    }
  }
  const bbox = { x0: x(0), y0: y(0), x1: x(nCols), y1: y(nRows) };
  const inCell = new Map<number, PageWord[]>();
  const mine: PageWord[] = [];
  for (const w of splitAtRules(words, vs)) {
    const c = centre(w);
    if (!inside(c, bbox)) continue;
    const j = Math.min(nCols - 1, Math.max(0, xs.findIndex((v) => v > c.x) - 1));
    const i = Math.min(nRows - 1, Math.max(0, ys.findIndex((v) => v > c.y) - 1));
    const root = uf.find(i * nCols + j);
    const list = inCell.get(root) ?? [];
    list.push(w);
    inCell.set(root, list);
    mine.push(w);
  }
  if (inCell.size < 2) return null;
  // A frame around an unruled table (a box with few or no inner rules) is not a grid: when one of
  // its cells holds lines of aligned columns of its own, the words are left to the stream method.
  // Likewise a single column of boxes (shaded stripes behind the rows of an unruled table) whose
  // rows hold separate columns of words.
  let splitRows = 0;
  for (const cellWords of inCell.values()) {
    const inner = textLines(cellWords).map((ws) => chunksOf(ws));
    const multi = inner.filter((chunks) => chunks.length >= 2).length;
    if (multi >= 3) return null;
    if (multi > 0) splitRows += 1;
  }
  if (nCols === 1 && splitRows >= 2) return null;
  const rows: string[][] = [];
  const confidence: (number | null)[][] = [];
  for (let i = 0; i < nRows; i++) {
    const row: string[] = [];
    const conf: (number | null)[] = [];
    for (let j = 0; j < nCols; j++) {
      const k = i * nCols + j;
      // A merged cell's text is in its first (top-left) grid cell, which is its root.
      const cellWords = uf.find(k) === k ? (inCell.get(k) ?? []) : [];
      row.push(cellText(cellWords));
      conf.push(cellConfidence(cellWords));
    }
    rows.push(row);
    confidence.push(conf);
  }
  const table: FoundTable = {
    page: pageNo,
    pages: [pageNo],
    rows,
    method: 'lattice',
    bbox,
    ...(hasConfidence(mine) ? { confidence } : {}),
  };
  return { table, words: mine };
}

// ---------------------------------------------------------------------------------------------
// Stream

type Chunk = Box & { words: PageWord[] };
type TextLine = { y0: number; y1: number; chunks: Chunk[] };

/** A line's words split into chunks where the gap is wider than a space. */
function chunksOf(line: PageWord[]): Chunk[] {
  const sorted = [...line].sort((a, b) => a.x0 - b.x0);
  // A word space is about a quarter of the font's em; a column gap is wider than half of it. The
  // em is read from the tallest word (OCR boxes are tight: a lowercase word is only x-high) and
  // from the letters' mean width (about half an em), whichever is larger.
  const h = Math.max(...sorted.map((w) => w.y1 - w.y0));
  const widths = sorted
    .filter((w) => w.text.length >= 2)
    .map((w) => (w.x1 - w.x0) / graphemes(w.text).length)
    .sort((a, b) => a - b);
  const letter = widths[widths.length >> 1] ?? 0;
  const gap = Math.max(h * 0.5, letter, 2);
  const chunks: Chunk[] = [];
  for (const w of sorted) {
    const last = chunks[chunks.length - 1];
    if (last && w.x0 - last.x1 <= gap) {
      last.words.push(w);
      last.x1 = Math.max(last.x1, w.x1);
      last.y0 = Math.min(last.y0, w.y0);
      last.y1 = Math.max(last.y1, w.y1);
    } else chunks.push({ x0: w.x0, y0: w.y0, x1: w.x1, y1: w.y1, words: [w] });
  }
  return chunks;
}

function streamTables(
  pageNo: number,
  words: PageWord[],
  ruled: Box[],
  wholeArea: boolean,
): FoundTable[] {
  if (words.length === 0) return [];
  const lines: TextLine[] = textLines(words).map((ws) => {
    const chunks = chunksOf(ws);
    const b = boxOf(ws);
    return { y0: b.y0, y1: b.y1, chunks };
  });
  // Blocks: runs of lines without a large vertical gap or a ruled table between them. A gap is
  // large when it exceeds 1.8 line heights and 1.4 times the smaller of its neighbouring gaps:
  // a table spaced out evenly (rows 2-3 lines apart) stays whole, while the gap between it and
  // the prose or the table next to it stands out.
  const heights = lines.map((l) => l.y1 - l.y0).sort((a, b) => a - b);
  const lineH = heights[heights.length >> 1] ?? 10;
  const gaps = lines.slice(1).map((l, k) => l.y0 - (lines[k]?.y1 ?? l.y0));
  const blocks: TextLine[][] = [];
  lines.forEach((line, k) => {
    const block = blocks[blocks.length - 1];
    const prev = lines[k - 1];
    const gap = gaps[k - 1] ?? 0;
    const around = [gaps[k - 2], gaps[k]].filter((g): g is number => g !== undefined);
    const large = gap > 1.8 * lineH && (around.length === 0 || gap > 1.4 * Math.min(...around));
    const between =
      prev !== undefined && ruled.some((r) => r.y0 >= prev.y1 - TOL && r.y1 <= line.y0 + TOL);
    if (block && prev && !between && !large) block.push(line);
    else blocks.push([line]);
  });
  const tables: FoundTable[] = [];
  for (const block of blocks) {
    // Within a block, a table is a run of lines with two or more chunks, keeping single-chunk
    // lines between them (rows with one filled cell); with an area asked for, the whole block.
    const runs: TextLine[][] = [];
    if (wholeArea) runs.push(block);
    else {
      let run: TextLine[] = [];
      let pending: TextLine[] = [];
      for (const line of block) {
        if (line.chunks.length >= 2) {
          run.push(...pending, line);
          pending = [];
        } else if (run.length) pending.push(line);
        if (pending.length >= 3) {
          runs.push(run);
          run = [];
          pending = [];
        }
      }
      if (run.length) runs.push(run);
    }
    for (const run of wholeArea ? runs : runs.flatMap(splitOnStructure)) {
      const table = streamTable(pageNo, run);
      if (table && (wholeArea || !looksLikeProse(table))) tables.push(table);
    }
  }
  return tables;
}

/** The column ranges of some lines' chunks, merged where they overlap (Tabula's text edges). */
function columnRanges(lines: TextLine[]): { x0: number; x1: number }[] {
  const ranges = lines
    .flatMap((l) => l.chunks.map((c) => ({ x0: c.x0, x1: c.x1 })))
    .sort((a, b) => a.x0 - b.x0);
  const cols: { x0: number; x1: number }[] = [];
  for (const r of ranges) {
    const last = cols[cols.length - 1];
    if (last && r.x0 <= last.x1) last.x1 = Math.max(last.x1, r.x1);
    else cols.push({ ...r });
  }
  return cols;
}

/**
 * A run of lines split where the column structure changes: the runs of multi-chunk lines between
 * single-chunk lines are compared, and two neighbours whose columns merge into a different
 * number of columns than each has are two tables. The single-chunk lines between two tables
 * (a caption) belong to neither; between parts of one table they stay (a group label row).
 */
function splitOnStructure(run: TextLine[]): TextLine[][] {
  const segments: { lines: TextLine[]; before: TextLine[] }[] = [];
  let before: TextLine[] = [];
  for (const line of run) {
    const last = segments[segments.length - 1];
    if (line.chunks.length < 2) before.push(line);
    else if (last && before.length === 0) last.lines.push(line);
    else {
      segments.push({ lines: [line], before });
      before = [];
    }
  }
  // Inside a segment, a block of two or more lines with another number of chunks whose columns
  // do not fit the lines before it (an invoice's totals, "Subtotal" spanning the item table's
  // quantity and price columns) starts a table of its own: taken in, it would merge columns.
  const blocks = segments.flatMap((segment) =>
    splitBlocks(segment.lines).map((lines, k) => ({
      lines,
      before: k === 0 ? segment.before : [],
    })),
  );
  segments.splice(0, segments.length, ...blocks);
  const out: TextLine[][] = [];
  let current: TextLine[] = [];
  let currentMulti: TextLine[] = [];
  for (const seg of segments) {
    if (currentMulti.length === 0) {
      current = [...seg.before, ...seg.lines];
      currentMulti = [...seg.lines];
      continue;
    }
    const a = columnRanges(currentMulti).length;
    const b = columnRanges(seg.lines).length;
    const both = columnRanges([...currentMulti, ...seg.lines]).length;
    if (a === b && both === a) {
      current.push(...seg.before, ...seg.lines);
      currentMulti.push(...seg.lines);
    } else {
      out.push(current);
      current = [...seg.lines];
      currentMulti = [...seg.lines];
    }
  }
  if (current.length) out.push(current);
  return out;
}

/** Lines split where a run of 2+ lines of another chunk count does not fit the columns before. */
function splitBlocks(lines: TextLine[]): TextLine[][] {
  const runs: TextLine[][] = [];
  for (const line of lines) {
    const last = runs[runs.length - 1];
    if (last && last[0]?.chunks.length === line.chunks.length) last.push(line);
    else runs.push([line]);
  }
  const out: TextLine[][] = [];
  for (const block of runs) {
    const current = out[out.length - 1];
    if (current && block.length >= 2) {
      const a = columnRanges(current).length;
      const b = columnRanges(block).length;
      const both = columnRanges([...current, ...block]).length;
      if (both !== Math.max(a, b)) {
        out.push([...block]);
        continue;
      }
    }
    if (current) current.push(...block);
    else out.push([...block]);
  }
  return out;
}

/**
 * Two columns of running text (a two-column article) align like a table: cells that hold whole
 * phrases (a median of five words or more) are prose, not a table.
 */
function looksLikeProse(table: FoundTable): boolean {
  const counts = table.rows
    .flat()
    .filter(Boolean)
    .map((c) => c.split(' ').length)
    .sort((a, b) => a - b);
  return (counts[counts.length >> 1] ?? 0) >= 5;
}

function streamTable(pageNo: number, lines: TextLine[]): FoundTable | null {
  const multi = lines.filter((l) => l.chunks.length >= 2);
  if (multi.length < 2) return null;
  // Columns: the x-ranges of chunks of multi-chunk lines, merged where they overlap.
  const cols = columnRanges(multi);
  if (cols.length < 2) return null;
  // Column boundaries half way through the gaps between the merged ranges.
  const bounds = cols.slice(1).map((c, k) => ((cols[k]?.x1 ?? c.x0) + c.x0) / 2);
  const colOf = (x: number) => {
    const k = bounds.findIndex((b) => x < b);
    return k === -1 ? bounds.length : k;
  };
  const rows: PageWord[][][] = [];
  const rowBoxes: { y0: number; y1: number }[] = [];
  for (const line of lines) {
    const cells: PageWord[][] = cols.map(() => []);
    for (const chunk of line.chunks) {
      // A chunk goes where it starts: a chunk spanning columns (a title) stays whole.
      cells[colOf(chunk.x0 + 0.5)]?.push(...chunk.words);
    }
    rows.push(cells);
    rowBoxes.push({ y0: line.y0, y1: line.y1 });
  }
  joinWrappedLines(rows, rowBoxes);
  const all = lines.flatMap((l) => l.chunks.flatMap((c) => c.words));
  const table: FoundTable = {
    page: pageNo,
    pages: [pageNo],
    rows: rows.map((r) => r.map(cellText)),
    method: 'stream',
    bbox: boxOf(all),
    ...(hasConfidence(all) ? { confidence: rows.map((r) => r.map(cellConfidence)) } : {}),
  };
  return table;
}

/**
 * A cell's text wrapped onto a second line reads as a line of its own holding only that column.
 * It is joined to the row above when it fills only columns the row above has filled (fewer of
 * them), and it sits closer to that row than rows sit to each other (under 0.6 of the median
 * gap between the table's lines): rows are spaced apart, a wrapped line is not. A line
 * spaced like a row (a group label, a row with empty cells) stays a row.
 */
function joinWrappedLines(rows: PageWord[][][], boxes: { y0: number; y1: number }[]): void {
  const filled = (row: PageWord[][]) => row.map((c) => c.length > 0);
  const gaps: number[] = [];
  for (let k = 1; k < boxes.length; k++) gaps.push((boxes[k]?.y0 ?? 0) - (boxes[k - 1]?.y1 ?? 0));
  if (gaps.length < 2) return;
  gaps.sort((a, b) => a - b);
  const typical = gaps[gaps.length >> 1] ?? 0;
  if (typical <= 0) return;
  for (let k = 1; k < rows.length; k++) {
    const prev = rows[k - 1];
    const row = rows[k];
    const prevBox = boxes[k - 1];
    const box = boxes[k];
    if (!prev || !row || !prevBox || !box) continue;
    const mine = filled(row);
    const theirs = filled(prev);
    const count = mine.filter(Boolean).length;
    const subset = mine.every((f, c) => !f || theirs[c]);
    const gap = box.y0 - prevBox.y1;
    if (count === 0 || !subset || count >= theirs.filter(Boolean).length) continue;
    if (gap >= 0.6 * typical) continue;
    row.forEach((cell, c) => prev[c]?.push(...cell));
    prevBox.y1 = Math.max(prevBox.y1, box.y1);
    rows.splice(k, 1);
    boxes.splice(k, 1);
    k--;
  }
}
