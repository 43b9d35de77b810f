// The line items among the tables found on an invoice's pages: the table whose header names
// descriptions, quantities, prices and amounts (or whose last column is mostly amounts), its
// amount column, and which of its rows are items rather than totals printed inside it.
import type { FoundTable } from './layout.js';
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
