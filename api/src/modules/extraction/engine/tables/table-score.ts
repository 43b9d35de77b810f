// How close a read table is to the expected one (issue 21, item 5): cell precision, recall and F1,
// and the share of expected rows read exactly. Pure code, shared by the engine's specs and
// `npm run bench:tables` (through the engine's front door).
//
// Cells are compared after normalising (NFKC, bidi marks stripped, whitespace collapsed); empty
// rows and columns are dropped first, so a table read with an extra blank column or line is not
// punished for it. Only non-empty cells count: a cell is right when the predicted table holds the
// same text in the place aligned to it.
//
// Alignment. Row and column order matter, but a reader may miss or add rows and columns, so the
// predicted table is aligned to the expected one by two monotonic sequence alignments (the
// Needleman-Wunsch recurrence with free gaps, maximising total similarity):
//   1. rows, where two rows' similarity is the number of cells they share as bags (column places
//      are not known yet);
//   2. columns, where two columns' similarity is the number of aligned row pairs whose cells in
//      those columns are equal.
// Then rows are aligned again with the column mapping known (similarity: equal cells in mapped
// places) and columns again, while that raises the number of right cells. Each step is exact for
// its own similarity, and the loop only keeps improvements, so the result is a sound lower bound
// of the best joint alignment, found in O(rows² · cols + cols² · rows) per pass.
//
// A table split over pages: an expected table may be matched by any run of consecutive predicted
// tables joined (rows one after the other); the run that scores the best F1 is taken (the
// shortest on a tie). Predicted tables outside that run are the caller's to judge.

export type Table = readonly (readonly string[])[];

export type TableScore = {
  /** Right cells / non-empty predicted cells (of the run matched); 0 when nothing was predicted. */
  precision: number;
  /** Right cells / non-empty expected cells; 1 when both are empty. */
  recall: number;
  f1: number;
  /** Share of expected rows whose aligned predicted row holds exactly the same cells. */
  rowsExact: number;
  expectedCells: number;
  predictedCells: number;
  rightCells: number;
  /** The run of predicted tables matched, [first, last] inclusive; null when none was given. */
  matched: [number, number] | null;
};

// Left-to-right and right-to-left marks, embeddings and overrides, isolates, and Arabic's letter mark.
const BIDI_MARKS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export function normaliseCell(text: string): string {
  return text.normalize('NFKC').replace(BIDI_MARKS, '').replace(/\s+/g, ' ').trim();
}

/** Cells normalised, rows padded to one width, empty rows and empty columns dropped. */
export function cleanTable(table: Table): string[][] {
  const rows = table.map((row) => row.map(normaliseCell)).filter((row) => row.some(Boolean));
  const width = Math.max(0, ...rows.map((row) => row.length));
  const keep = Array.from({ length: width }, (_, c) => c).filter((c) => rows.some((r) => r[c]));
  return rows.map((row) => keep.map((c) => row[c] ?? ''));
}

/** The best monotonic pairing of a[i] with b[j] (free gaps), pairs of positive similarity only. */
function align(n: number, m: number, sim: (i: number, j: number) => number): [number, number][] {
  // score[i * (m + 1) + j]: the best total pairing a[0..i) with b[0..j).
  const score = new Float64Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => score[i * (m + 1) + j] ?? 0;
  const pairSim = new Float64Array(n * m);
  for (let i = 0; i < n; i++) for (let j = 0; j < m; j++) pairSim[i * m + j] = sim(i, j);
  const simAt = (i: number, j: number) => pairSim[i * m + j] ?? 0;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const pair = simAt(i - 1, j - 1);
      score[i * (m + 1) + j] = Math.max(
        at(i - 1, j),
        at(i, j - 1),
        pair > 0 ? at(i - 1, j - 1) + pair : 0,
      );
    }
  }
  const pairs: [number, number][] = [];
  for (let i = n, j = m; i > 0 && j > 0;) {
    if (at(i, j) === at(i - 1, j)) i--;
    else if (at(i, j) === at(i, j - 1)) j--;
    else pairs.push([--i, --j]);
  }
  return pairs.reverse();
}

function sharedCells(a: readonly string[], b: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const cell of a) if (cell) counts.set(cell, (counts.get(cell) ?? 0) + 1);
  let shared = 0;
  for (const cell of b) {
    const left = counts.get(cell);
    if (left) {
      shared++;
      counts.set(cell, left - 1);
    }
  }
  return shared;
}

const countCells = (table: string[][]) =>
  table.reduce((n, row) => n + row.filter(Boolean).length, 0);

type Alignment = {
  rows: [number, number][];
  cols: [number, number][];
  right: number;
};

function alignTables(expected: string[][], predicted: string[][]): Alignment {
  const width = (t: string[][]) => t[0]?.length ?? 0;
  // 1 when expected[r][c] is a non-empty cell and predicted[p][d] holds the same text.
  const hit = (r: number, c: number, p: number, d: number) => {
    const want = expected[r]?.[c];
    return want && want === predicted[p]?.[d] ? 1 : 0;
  };
  const alignCols = (rows: [number, number][]) =>
    align(width(expected), width(predicted), (c, d) =>
      rows.reduce((n, [r, p]) => n + hit(r, c, p, d), 0),
    );
  const right = (rows: [number, number][], cols: [number, number][]) =>
    rows.reduce((n, [r, p]) => n + cols.reduce((k, [c, d]) => k + hit(r, c, p, d), 0), 0);
  let rows = align(expected.length, predicted.length, (r, p) =>
    sharedCells(expected[r] ?? [], predicted[p] ?? []),
  );
  let cols = alignCols(rows);
  let best: Alignment = { rows, cols, right: right(rows, cols) };
  for (;;) {
    const mapped = cols;
    rows = align(expected.length, predicted.length, (r, p) =>
      mapped.reduce((n, [c, d]) => n + hit(r, c, p, d), 0),
    );
    cols = alignCols(rows);
    const next = right(rows, cols);
    if (next <= best.right) return best;
    best = { rows, cols, right: next };
  }
}

function rowsExact(expected: string[][], predicted: string[][], a: Alignment): number {
  const byExpected = new Map(a.rows);
  const colOf = new Map(a.cols);
  const mappedPredicted = new Set(a.cols.map(([, d]) => d));
  let exact = 0;
  expected.forEach((row, r) => {
    const p = byExpected.get(r);
    if (p === undefined) return;
    const got = predicted[p] ?? [];
    const same =
      row.every((cell, c) => {
        const d = colOf.get(c);
        return (d === undefined ? '' : got[d]) === cell;
      }) && got.every((cell, d) => !cell || mappedPredicted.has(d));
    if (same) exact++;
  });
  return expected.length === 0 ? 1 : exact / expected.length;
}

function scoreOne(expected: string[][], predicted: string[][]) {
  const a = alignTables(expected, predicted);
  const expectedCells = countCells(expected);
  const predictedCells = countCells(predicted);
  const precision = predictedCells === 0 ? (expectedCells === 0 ? 1 : 0) : a.right / predictedCells;
  const recall = expectedCells === 0 ? 1 : a.right / expectedCells;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return {
    precision,
    recall,
    f1,
    rowsExact: rowsExact(expected, predicted, a),
    expectedCells,
    predictedCells,
    rightCells: a.right,
  };
}

/** Scores the expected table against the best run of consecutive predicted tables, joined. */
export function scoreTable(expectedTable: Table, predictedTables: readonly Table[]): TableScore {
  const expected = cleanTable(expectedTable);
  let best: TableScore = {
    ...scoreOne(expected, []),
    matched: null,
  };
  for (let first = 0; first < predictedTables.length; first++) {
    for (let last = first; last < predictedTables.length; last++) {
      const joined = cleanTable(predictedTables.slice(first, last + 1).flat());
      const score = scoreOne(expected, joined);
      if (best.matched === null || score.f1 > best.f1) best = { ...score, matched: [first, last] };
    }
  }
  return best;
}
