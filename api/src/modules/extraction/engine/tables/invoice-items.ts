// The line items among the tables found on an invoice's pages: the table whose header names
// descriptions, quantities, prices and amounts (or whose last column is mostly amounts), its
// amount column, and which of its rows are items rather than totals printed inside it.
import type { FoundTable, PageWord } from './layout.js';
import { MONEY_KINDS, matchLabel, normaliseWord, type LabelKind } from './invoice-labels.js';
import { currencyOf, parseAmount, type DecimalStyle } from './money.js';

const HEADER_WORDS: Record<'desc' | 'qty' | 'price' | 'amount', string[]> = {
  desc: [
    'description',
    'item',
    'items',
    'product',
    'service',
    'services',
    'details',
    'particulars',
    'article',
    'beschreibung',
    'bezeichnung',
    'artikel',
    'leistung',
    'désignation',
    'designation',
    'libellé',
    'descripción',
    'descripcion',
    'concepto',
    'producto',
  ],
  qty: [
    'qty',
    'quantity',
    'units',
    'hours',
    'hrs',
    'menge',
    'anzahl',
    'stk',
    'quantité',
    'qté',
    'cantidad',
    'cant',
  ],
  price: [
    'price',
    'rate',
    'cost',
    'each',
    'preis',
    'einzelpreis',
    'prix',
    'p.u',
    'precio',
    'tarif',
  ],
  amount: ['amount', 'total', 'subtotal', 'sum', 'betrag', 'gesamt', 'summe', 'montant', 'importe'],
};

/** Which kinds of column a header row names (each kind counted once). */
function headerKinds(row: string[], ocr: boolean): Set<string> {
  const kinds = new Set<string>();
  for (const cell of row) {
    const words = cell.split(/[\s/]+/).map((w) => normaliseWord(w, ocr));
    for (const [kind, names] of Object.entries(HEADER_WORDS)) {
      if (words.some((w) => names.includes(w))) kinds.add(kind);
    }
  }
  return kinds;
}

export type LineItems = {
  table: FoundTable;
  /** The column whose amounts are summed: the right-most one that is mostly amounts. */
  amountColumn: number | null;
  /** Indexes into table.rows of the rows that are items. */
  itemRows: number[];
  /** Totals printed as the table's last rows ("Subtotal | 1,234.50"), read as labelled values. */
  summary: { kind: LabelKind; rank: number; text: string; cents: number }[];
};

/** A cell's text, trimmed ('' past the end of a short row). */
export const cellAt = (table: FoundTable, row: number, column: number): string =>
  (table.rows[row]?.[column] ?? '').trim();

const isEmpty = (row: string[]) => row.every((c) => !c.trim());

/**
 * A row that is a total printed inside the table: its first filled cell is a money label and
 * nothing but a rate or currency is left beside the label ("VAT 20%"), with few cells filled.
 * "Tax consulting | 2 | 100.00 | 200.00" is an item.
 */
function summaryOf(
  row: string[],
  style: DecimalStyle,
  ocr: boolean,
): LineItems['summary'][number] | null {
  const filled = row.map((c) => c.trim()).filter(Boolean);
  const [first] = filled;
  if (!first || filled.length > 3) return null;
  const words = first.split(/\s+/);
  const m = matchLabel(
    words.map((w) => normaliseWord(w, ocr)),
    0,
    ocr,
  );
  if (!m || !MONEY_KINDS.has(m.kind)) return null;
  const rest = words.slice(m.end);
  if (rest.some((w) => !/%/.test(w) && !currencyOf(w) && !/^[:#(]/.test(w))) return null;
  for (const text of filled.slice(1).reverse()) {
    const amount = parseAmount(text, style, ocr);
    if (amount) return { kind: m.kind, rank: m.rank, text, cents: amount.cents };
  }
  return null;
}

/** The share of rows whose cell in `column` reads as an amount, among those filled there. */
function amountShare(table: FoundTable, rows: number[], column: number, style: DecimalStyle) {
  const ocr = Boolean(table.confidence);
  const filled = rows.filter((r) => cellAt(table, r, column));
  const amounts = filled.filter((r) => parseAmount(cellAt(table, r, column), style, ocr));
  return { share: filled.length ? amounts.length / filled.length : 0, count: amounts.length };
}

function readItems(table: FoundTable, style: DecimalStyle): LineItems & { score: number } {
  const ocr = Boolean(table.confidence);
  const header = table.rows[0] ?? [];
  const kinds = headerKinds(header, ocr);
  const width = Math.max(0, ...table.rows.map((r) => r.length));
  const summary: LineItems['summary'] = [];
  const body: number[] = [];
  const headerKey = header.join('\u0000');
  table.rows.forEach((row, r) => {
    // A header row, or one repeated where the table continues on the next page, is no item.
    if ((r === 0 && kinds.size > 0) || isEmpty(row)) return;
    if (r > 0 && row.join('\u0000') === headerKey) return;
    const total = summaryOf(row, style, ocr);
    if (total) summary.push(total);
    else body.push(r);
  });
  let amountColumn: number | null = null;
  for (let c = width - 1; c >= 0 && amountColumn === null; c--) {
    const { share, count } = amountShare(table, body, c, style);
    if (count > 0 && share >= 0.5) amountColumn = c;
  }
  // A header naming two kinds of column, one of them money, is line items; so is a table whose
  // last column is mostly amounts, less surely.
  let score = 0;
  if (kinds.size >= 2 && (kinds.has('amount') || kinds.has('price'))) score = 2 + kinds.size;
  else if (amountColumn !== null && amountColumn === width - 1 && width >= 2 && body.length) {
    score = amountShare(table, body, amountColumn, style).share >= 0.6 ? 1 : 0;
  }
  return { table, amountColumn, itemRows: body, summary, score };
}

/** The line-item table among `tables`, or null when none looks like one. */
export function findLineItems(tables: FoundTable[], style: DecimalStyle): LineItems | null {
  let best: (LineItems & { score: number }) | null = null;
  for (const table of tables) {
    const read = readItems(table, style);
    if (read.score === 0) continue;
    if (
      !best ||
      read.score > best.score ||
      (read.score === best.score && read.itemRows.length > best.itemRows.length)
    ) {
      best = read;
    }
  }
  if (!best) return null;
  const { table, amountColumn, itemRows, summary } = best;
  return { table, amountColumn, itemRows, summary };
}

/**
 * Item rows that a lost rule merged, split again. On a photographed ruled invoice a faint rule
 * between two rows may not be found, and the grid cell then holds both rows' text: the amount
 * cell reads "$544.44 $2,728.04", the quantity "3 7", the description both lines run together.
 * A row is split when its money cells each hold the same number (two or more) of amounts with
 * cents and its other number cells the same number of values or none; each amount's word on the
 * page gives its line's height, and every word of the row's other cells goes to the nearest
 * line (the page's words are found by text inside the table). A row whose words cannot all be
 * found, or that would leave a line without words, is kept as it is: a wrapped description
 * beside one amount is never split.
 */
export function splitMergedRows(
  table: FoundTable,
  words: PageWord[],
  style: DecimalStyle,
): FoundTable {
  const ocr = Boolean(table.confidence);
  const b = table.bbox;
  const inTable = words.filter((w) => {
    const x = (w.x0 + w.x1) / 2;
    const y = (w.y0 + w.y1) / 2;
    return x >= b.x0 - 1 && x <= b.x1 + 1 && y >= b.y0 - 1 && y <= b.y1 + 1;
  });
  const centre = (w: PageWord) => (w.y0 + w.y1) / 2;
  const rows: string[][] = [];
  const confidence: (number | null)[][] = [];
  table.rows.forEach((row, r) => {
    const split = splitRow(row, inTable, style, ocr, centre);
    for (const part of split ?? [row]) {
      rows.push(part);
      if (table.confidence) confidence.push(table.confidence[r] ?? []);
    }
  });
  if (rows.length === table.rows.length) return table;
  return { ...table, rows, ...(table.confidence ? { confidence } : {}) };
}

function splitRow(
  row: string[],
  words: PageWord[],
  style: DecimalStyle,
  ocr: boolean,
  centre: (w: PageWord) => number,
): string[][] | null {
  const tokens = row.map((c) => c.trim().split(/\s+/).filter(Boolean));
  const numeric = tokens.map(
    (ts) => ts.length > 0 && ts.every((t) => parseAmount(t, style, ocr) !== null),
  );
  const withCents = (ts: string[]) => ts.every((t) => /[.,]\d{2}$/.test(t));
  const money = tokens.filter((ts, c) => numeric[c] && ts.length >= 2 && withCents(ts));
  const k = money[0]?.length ?? 0;
  if (k < 2 || money.some((ts) => ts.length !== k)) return null;
  if (tokens.some((ts, c) => numeric[c] && ts.length !== k)) return null;
  // Each line's height, from the words of the first money cell, top to bottom.
  const used = new Set<PageWord>();
  const take = (text: string, near: (w: PageWord) => number) => {
    const found = words
      .filter((w) => !used.has(w) && w.text === text)
      .sort((a, c) => near(a) - near(c))[0];
    if (found) used.add(found);
    return found;
  };
  const anchors = (money[0] ?? []).map((t) => take(t, (w) => w.y0));
  if (anchors.some((w) => !w)) return null;
  // The amounts of one cell stand in one column: a like amount found elsewhere is no anchor.
  const [first] = anchors;
  if (first && anchors.some((w) => w && (w.x1 < first.x0 || w.x0 > first.x1))) return null;
  const ys = anchors.map((w) => centre(w as PageWord));
  const height = Math.max(...anchors.map((w) => (w as PageWord).y1 - (w as PageWord).y0));
  if (ys.some((y, i) => i > 0 && y - (ys[i - 1] ?? y) < 0.8 * height)) return null;
  const lineOf = (y: number) => {
    let best = 0;
    ys.forEach((ly, i) => {
      if (Math.abs(y - ly) < Math.abs(y - (ys[best] ?? ly))) best = i;
    });
    return best;
  };
  // Only words within the merged row's own band are candidates.
  const band = (w: PageWord) => {
    const y = centre(w);
    return y < (ys[0] ?? 0) - height || y > (ys[k - 1] ?? 0) + height ? Infinity : 0;
  };
  const parts: string[][] = Array.from({ length: k }, () => row.map(() => ''));
  for (let c = 0; c < row.length; c++) {
    const ts = tokens[c] ?? [];
    if (!ts.length) continue;
    if (numeric[c]) {
      ts.forEach((t, i) => {
        const part = parts[i];
        if (part) part[c] = t;
      });
      continue;
    }
    const lines: string[][] = Array.from({ length: k }, () => []);
    for (const t of ts) {
      const w = take(t, band);
      if (!w || band(w) === Infinity) return null;
      lines[lineOf(centre(w))]?.push(t);
    }
    if (lines.some((l) => l.length === 0)) return null;
    lines.forEach((l, i) => {
      const part = parts[i];
      if (part) part[c] = l.join(' ');
    });
  }
  return parts;
}
