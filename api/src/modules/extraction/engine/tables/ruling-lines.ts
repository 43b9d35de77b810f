import type { RulingLine } from './layout.js';

// Math's members as module bindings: the pixel loops call them per pixel, and looking the global
// `Math` up in a loop is ~100x slower where the API tests run this code (Jest's vm context).
const { PI, abs, ceil, max, min, round, tan } = Math;

// Ruling lines found in a page's pixels, as img2table and Camelot's lattice mode do it on images
// (the method, not their code): ink marked against the paper around it (an adaptive threshold,
// so that a shaded photo's dark side is not all ink), long thin runs of ink along each axis kept
// (what a morphological opening with a long thin kernel keeps), runs touching in adjacent rows
// joined into pieces, pieces on one line joined across small breaks, and what is too short or
// too thick to be a rule dropped (letters' strokes, blots, pictures). Done with run-length scans
// of the grey bytes: on a 200-dpi page (1700×2200) about 100 ms here, where OpenCV would cost a
// 0.5 s load and 75 MB that a scan never needs.
//
// Coordinates: pixels of the image, origin top left; a horizontal rule lies at the centre of its
// rows (y0 === y1), a vertical one at the centre of its columns (x0 === x1), its ends at the outer
// edges of its first and last pixels.

/** An 8-bit grey image, one byte a pixel, row by row. */
export type GreyImage = { data: Uint8Array; width: number; height: number };

export type FoundLines = {
  lines: RulingLine[];
  /**
   * The image with the rules' own pixels (and one pixel either side, their anti-aliased edge)
   * painted white: what Tesseract is given, as rules through a table read as letters or hide
   * the cells (a ruled table read with its rules: 8 of 24 cells; without: all 24).
   */
  erased: Uint8Array;
};

// Ink: darker than this share of the mean of the square around it, and by at least INK_STEP
// grey levels (flat paper's noise is neither). Light grey rules, printed faint and then scanned
// or photographed, are only 40-55 levels under their paper (200-210 on paper evened to 250):
// at 0.8 they were missed or found in broken pieces, and their columns read as one. Measured on
// the generated set's scans and photos (seed 1, cell F1 of the cases with faint rules): photo
// ruled-2 0.360 at 0.8, 0.542 at 0.85, 0.955 at 0.9; photo two-tables 0.789, 0.803, 0.864; scan
// two-tables 0.831, 0.898, 0.898; photo invoice-2 0.384, 0.684, 0.765. On light paper the step
// decides; the share still keeps a dark photo's shadow side from becoming all ink.
const INK_SHARE = 0.9;
const INK_STEP = 24;
// The square's half side, as a share of the page's shorter side (17 px at 200 dpi): wider than
// a rule is thick, so the paper around a rule sets its mean.
const WINDOW = 0.01;
// A run may bridge this many pixels of paper (JPEG and blur break a thin rule's core).
const RUN_GAP = 1;
// Runs shorter than this share of the page's side are no part of a rule (a letter's stroke is
// shorter, even in a heading).
const MIN_RUN = 0.025;
// A piece must be this long (share of the side) to be kept for joining...
const MIN_PIECE = 0.012;
// ...and a rule, once its pieces are joined, this long: horizontal rules span columns (4 % of
// the width), vertical ones at least a row or two (2.5 % of the height; a 16-pt heading's
// tallest letter is under 2 %).
const MIN_HORIZONTAL = 0.04;
const MIN_VERTICAL = 0.025;
// Thicker than this (share of the shorter side, at least MIN_THICK px) is a blot, not a rule.
const MAX_THICK = 0.006;
const MIN_THICK = 6;
// A piece may run off its axis by this slope (a page levelled to within a fraction of a degree).
const MAX_SLOPE = tan((0.5 * PI) / 180);
// Pieces within this distance across (px, or share of the shorter side) and this gap along
// (share of the side) are one rule: a rule broken by noise, dashed, or drawn twice.
const JOIN_ACROSS = 0.002;
const JOIN_ACROSS_MIN = 3;
const JOIN_ALONG = 0.015;
// Rules this close to the image's edge (share of the side) are the edge of the paper or of a
// scanner's lid, or the table around a straightened photo's page: dropped.
const EDGE = 0.008;
// A rule is painted out this many pixels beyond its ink (its anti-aliased or blurred edge).
const HALO = 2;

/** Ink marked against the local mean grey (a sliding square, summed column by column). */
export function inkMask({ data, width, height }: GreyImage): Uint8Array {
  const r = max(4, round(min(width, height) * WINDOW));
  const ink = new Uint8Array(width * height);
  const columns = new Int32Array(width);
  const rows = new Int32Array(width);
  // Column sums over rows [y - r, y + r], clipped to the image.
  for (let y = 0; y <= min(r, height - 1); y++)
    for (let x = 0; x < width; x++) columns[x] = (columns[x] ?? 0) + (data[y * width + x] ?? 0);
  for (let y = 0; y < height; y++) {
    const top = max(0, y - r);
    const bottom = min(height - 1, y + r);
    const h = bottom - top + 1;
    // Prefix sums of the column sums along the row.
    let run = 0;
    for (let x = 0; x < width; x++) {
      run += columns[x] ?? 0;
      rows[x] = run;
    }
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const left = max(0, x - r);
      const right = min(width - 1, x + r);
      const sum = (rows[right] ?? 0) - (left > 0 ? (rows[left - 1] ?? 0) : 0);
      const mean = sum / ((right - left + 1) * h);
      const v = data[row + x] ?? 255;
      if (v < mean * INK_SHARE && mean - v >= INK_STEP) ink[row + x] = 1;
    }
    // Slide the column sums down one row.
    const leaving = y - r;
    const entering = y + r + 1;
    if (leaving >= 0)
      for (let x = 0; x < width; x++)
        columns[x] = (columns[x] ?? 0) - (data[leaving * width + x] ?? 0);
    if (entering < height)
      for (let x = 0; x < width; x++)
        columns[x] = (columns[x] ?? 0) + (data[entering * width + x] ?? 0);
  }
  return ink;
}

/** The mask turned a quarter (columns become rows), so one scan finds both directions. */
function transpose(mask: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) out[x * height + y] = mask[row + x] ?? 0;
  }
  return out;
}

/** A run of ink along a row: row, first and last pixel. */
type Run = { row: number; from: number; to: number };

/** A rule along the rows of a (possibly transposed) mask, with the runs it is made of. */
type Piece = { across: number; from: number; to: number; thickness: number; runs: Run[] };

/**
 * Pieces of rules along the rows of `mask` (`width` long, `height` rows): long runs, joined to
 * those they touch in the rows above and below, kept when long, thin and nearly level.
 */
function pieces(mask: Uint8Array, width: number, height: number, minRun: number): Piece[] {
  const runs: Run[] = [];
  const rowStart = new Int32Array(height + 1);
  for (let y = 0; y < height; y++) {
    rowStart[y] = runs.length;
    const row = y * width;
    let x = 0;
    while (x < width) {
      if (!mask[row + x]) {
        x += 1;
        continue;
      }
      const from = x;
      let last = x;
      let gap = 0;
      for (x += 1; x < width; x++) {
        if (mask[row + x]) {
          last = x;
          gap = 0;
        } else if (++gap > RUN_GAP) break;
      }
      if (last - from + 1 >= minRun) runs.push({ row: y, from, to: last });
      x = last + 1;
    }
  }
  rowStart[height] = runs.length;
  // Runs joined with those they touch (or nearly, diagonally) in the row above: union-find.
  const parent = Int32Array.from(runs, (_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] ?? root;
    while (parent[i] !== root) {
      const next = parent[i] ?? root;
      parent[i] = root;
      i = next;
    }
    return root;
  };
  for (let y = 1; y < height; y++) {
    let j = rowStart[y - 1] ?? 0;
    const jEnd = rowStart[y] ?? 0;
    for (let i = rowStart[y] ?? 0; i < (rowStart[y + 1] ?? 0); i++) {
      const run = runs[i];
      if (!run) continue;
      while (j < jEnd && (runs[j]?.to ?? 0) + 1 < run.from) j += 1;
      for (let k = j; k < jEnd && (runs[k]?.from ?? 0) <= run.to + 1; k++) {
        const a = find(i);
        const b = find(k);
        if (a !== b) parent[a] = b;
      }
    }
  }
  const groups = new Map<number, Run[]>();
  runs.forEach((run, i) => {
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(run);
    else groups.set(root, [run]);
  });
  const found: Piece[] = [];
  for (const group of groups.values()) {
    let from = Infinity;
    let to = -Infinity;
    let top = Infinity;
    let bottom = -Infinity;
    let pixels = 0;
    let weighted = 0;
    for (const run of group) {
      const length = run.to - run.from + 1;
      from = min(from, run.from);
      to = max(to, run.to);
      top = min(top, run.row);
      bottom = max(bottom, run.row);
      pixels += length;
      weighted += run.row * length;
    }
    const length = to - from + 1;
    found.push({
      across: weighted / pixels + 0.5,
      from,
      to: to + 1,
      thickness: pixels / length,
      runs: group,
    });
    // Drift across: a level rule's rows, or a rule at a slight slope.
    const last = found.at(-1);
    if (last && bottom - top + 1 > last.thickness + 2 + length * MAX_SLOPE) found.pop();
  }
  return found;
}

/** Pieces on one line (close across, overlapping or a small gap apart along) joined. */
function join(found: Piece[], across: number, along: number): Piece[][] {
  const sorted = [...found].sort((a, b) => a.across - b.across || a.from - b.from);
  const groups: { across: number; from: number; to: number; pieces: Piece[] }[] = [];
  for (const piece of sorted) {
    const group = groups.find(
      (g) =>
        abs(g.across - piece.across) <= across &&
        piece.from <= g.to + along &&
        piece.to >= g.from - along,
    );
    if (group) {
      group.pieces.push(piece);
      group.from = min(group.from, piece.from);
      group.to = max(group.to, piece.to);
    } else {
      groups.push({ ...piece, pieces: [piece] });
    }
  }
  return groups.map((g) => g.pieces);
}

/** The rules along one axis of `mask` (rows of `width` pixels, `height` of them). */
function rulesAlong(
  mask: Uint8Array,
  width: number,
  height: number,
  shorter: number,
  minLength: number,
): Piece[][] {
  const maxThick = max(MIN_THICK, shorter * MAX_THICK);
  const kept = pieces(mask, width, height, max(8, round(width * MIN_RUN))).filter(
    (p) => p.to - p.from >= width * MIN_PIECE && p.thickness <= maxThick,
  );
  const edge = max(3, height * EDGE);
  return join(kept, max(JOIN_ACROSS_MIN, shorter * JOIN_ACROSS), width * JOIN_ALONG).filter(
    (group) => {
      const from = min(...group.map((p) => p.from));
      const to = max(...group.map((p) => p.to));
      const at = acrossOf(group);
      return to - from >= minLength && at >= edge && at <= height - edge;
    },
  );
}

/** Where a joined rule lies across: its pieces' positions weighted by their lengths. */
function acrossOf(group: Piece[]): number {
  let sum = 0;
  let weight = 0;
  for (const p of group) {
    sum += p.across * (p.to - p.from);
    weight += p.to - p.from;
  }
  return sum / weight;
}

const round1 = (v: number) => round(v * 10) / 10;

// Beside a rule, its paper is the median grey of a strip this wide (px beyond the painted
// part), in blocks this long along the rule (so that a photo's light may vary along it).
const PAPER_STRIP = 4;
const PAPER_BLOCK = 12;

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  return values[values.length >> 1] ?? 255;
}

/** The ruling lines of a page, and the page with them painted out. */
export function findRulingLines(image: GreyImage): FoundLines {
  const { width, height } = image;
  const shorter = min(width, height);
  const ink = inkMask(image);
  const horizontal = rulesAlong(ink, width, height, shorter, width * MIN_HORIZONTAL);
  const vertical = rulesAlong(
    transpose(ink, width, height),
    height,
    width,
    shorter,
    height * MIN_VERTICAL,
  );
  const lines: RulingLine[] = [];
  const { data } = image;
  const erased = Uint8Array.from(data);
  // A rule's pixels (and HALO either side, its soft edge) take the paper's grey beside it: the
  // lighter of the median greys of a strip on either side, block by block. (Painted white on a
  // grey photo, the rule's outline stayed and Tesseract read it as letters; painted pixel by
  // pixel with the lightest pixel beside it, letters close to a rule in rows of small print,
  // and a shaded row's edge, were copied into streaks that cost a real page most of a column.)
  // The vertical rules' sides are read after the horizontal ones are painted out, so that
  // where rules cross, paper is found.
  const grey = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height ? (erased[y * width + x] ?? 255) : 255;
  let paper = 255;
  const paint = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < width && y < height) erased[y * width + x] = paper;
  };
  /**
   * One run painted out, block by block along it: each block takes the lighter of the median
   * greys of the strips beside it (`at(along, ±d)`), and `set(along, d)` paints it.
   */
  const paintRun = (
    run: Run,
    beyond: number,
    at: (along: number, d: number) => number,
    set: (along: number, d: number) => void,
  ) => {
    for (let start = run.from - HALO; start <= run.to + HALO; start += PAPER_BLOCK) {
      const end = min(start + PAPER_BLOCK - 1, run.to + HALO);
      const before: number[] = [];
      const after: number[] = [];
      for (let along = start; along <= end; along++)
        for (let d = beyond; d < beyond + PAPER_STRIP; d++) {
          before.push(at(along, -d));
          after.push(at(along, d));
        }
      paper = max(median(before), median(after));
      for (let along = start; along <= end; along++)
        for (let d = -HALO; d <= HALO; d++) set(along, d);
    }
  };
  for (const group of horizontal) {
    const y = round1(acrossOf(group));
    lines.push({
      x0: min(...group.map((p) => p.from)),
      x1: max(...group.map((p) => p.to)),
      y0: y,
      y1: y,
    });
    for (const { runs, thickness } of group) {
      const beyond = ceil(thickness) + HALO + 1;
      for (const run of runs)
        paintRun(
          run,
          beyond,
          (along, d) => grey(along, run.row + d),
          (along, d) => paint(along, run.row + d),
        );
    }
  }
  for (const group of vertical) {
    const x = round1(acrossOf(group));
    lines.push({
      x0: x,
      x1: x,
      y0: min(...group.map((p) => p.from)),
      y1: max(...group.map((p) => p.to)),
    });
    // Transposed: a run's row is a column of the page.
    for (const { runs, thickness } of group) {
      const beyond = ceil(thickness) + HALO + 1;
      for (const run of runs)
        paintRun(
          run,
          beyond,
          (along, d) => grey(run.row + d, along),
          (along, d) => paint(run.row + d, along),
        );
    }
  }
  return { lines, erased };
}
