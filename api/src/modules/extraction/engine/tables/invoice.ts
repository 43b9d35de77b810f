// Invoice mode: the fields an invoice states (vendor, number, date, currency, subtotal, tax,
// total, amount due) read from its pages' positioned words, its line items picked among the
// tables found, and the items' amounts checked against the stated totals: a mismatch is
// reported, never smoothed over. Values are returned as printed on the page.
import type { FoundTable, InvoiceFields, InvoiceResult, LayoutPage, PageWord } from './layout.js';
import { MONEY_KINDS, isTitle, matchLabel, type LabelKind } from './invoice-labels.js';
import { linesOf, overlapX, type Line, type Segment, type Word } from './invoice-layout.js';
import { findLineItems, splitMergedRows, type LineItems } from './invoice-items.js';
import { checkTotals, type Stated } from './invoice-check.js';
import {
  currencyOf,
  decimalStyleOf,
  fixOcrDigits,
  parseAmount,
  type DecimalStyle,
} from './money.js';

type Value = { text: string; cents?: number };
type Candidate = Value & { kind: LabelKind; rank: number; order: number; label: string };

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|' +
  'oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|januar|februar|märz|mai|juni|juli|oktober|dezember|' +
  'janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|enero|' +
  'febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre';
const DATE = new RegExp(
  [
    `\\b\\d{4}[./-]\\d{1,2}[./-]\\d{1,2}\\b`,
    `\\b\\d{1,2}[./-]\\d{1,2}[./-]\\d{2,4}\\b`,
    `\\b(?:${MONTHS})\\.? \\d{1,2}(?:st|nd|rd|th)?,? \\d{4}\\b`,
    `\\b\\d{1,2}(?:st|nd|rd|th|er)?\\.? (?:de )?(?:${MONTHS})\\.?,? (?:de )?\\d{4}\\b`,
  ].join('|'),
  'iu',
);

/** Reads a value of the kind a label announces from the words after or near it. */
function valueOf(kind: LabelKind, words: Word[], ocr: boolean, style: DecimalStyle): Value | null {
  if (!words.length) return null;
  const texts = words.map((w) => (ocr ? fixOcrDigits(w.text) : w.text));
  if (MONEY_KINDS.has(kind)) return moneyIn(texts, style, ocr);
  const text = texts.join(' ').trim();
  if (kind === 'date') {
    const m = DATE.exec(text);
    return m ? { text: m[0] } : null;
  }
  if (kind === 'number') {
    const id = texts.map((t) => t.replace(/^[#:]+|[.,;:]+$/g, '')).find((t) => /\d/.test(t));
    return id ? { text: id } : null;
  }
  if (kind === 'vendor') return /\p{L}{2}/u.test(text) ? { text } : null;
  return null;
}

/** An amount with cents or a currency: "$5", "12.50", not "896400". */
const isPlainlyMoney = (text: string) => /[.,]\d{2}\b/.test(text) || /[^\d\s.,'()-]/.test(text);

/**
 * The last amount among a segment's words, with a currency word beside it ("$ 1,234.50",
 * "1.234,50 €") and French grouping ("1 234,50") joined back; a rate ("20%") is never one.
 */
function moneyIn(texts: string[], style: DecimalStyle, ocr: boolean): Value | null {
  const at = (k: number) => texts[k] ?? '';
  const isCurrency = (k: number) => Boolean(currencyOf(at(k))) && !/\d/.test(at(k));
  let found: Value | null = null;
  for (let i = 0; i < texts.length; i++) {
    if (!/\d/.test(at(i)) || at(i).includes('%')) continue;
    let start = i;
    let end = i + 1;
    // "1 234,50": a group of three digits after a number that has no cents yet.
    while (/^\d{3}([.,]\d+)?$/.test(at(end)) && !/[.,]\d{1,2}$/.test(at(end - 1))) end++;
    // Tesseract's "129, 15": cents split from their separator.
    const cents = ocr && /\d[.,]$/.test(at(end - 1)) && /^\d{2}$/.test(at(end));
    if (cents) end++;
    if (start > 0 && isCurrency(start - 1)) start--;
    if (end < texts.length && isCurrency(end)) end++;
    // "Please pay within 30 days": a bare number after or before a word of prose counts
    // something (days, items, months); an amount with cents or a currency stays an amount. (A
    // photo's uneven spacing may cut the sentence into segments, so either side tells.)
    const word = (k: number) => /^\p{L}{2}/u.test(at(k)) && !isCurrency(k);
    const counted = word(end) || (start > 0 && word(start - 1));
    if (counted && !isPlainlyMoney(texts.slice(start, end).join(' '))) {
      i = end - 1;
      continue;
    }
    const parts = texts.slice(start, end);
    const text = cents ? parts.join(' ').replace(/([.,]) (\d{2})\b/, '$1$2') : parts.join(' ');
    const amount = parseAmount(text, style, ocr);
    if (amount) found = { text, cents: amount.cents };
    i = end - 1;
  }
  return found;
}

/** The segment of the nearest line above or below (`step`) that lies under or over `span`. */
function nearSegment(lines: Line[], line: Line, span: Segment, step: 1 | -1): Segment | null {
  const at = lines.indexOf(line);
  const others = step === 1 ? lines.slice(at + 1) : lines.slice(0, at).reverse();
  for (const next of others) {
    if (next.page !== line.page) return null;
    const gap = step === 1 ? next.y0 - line.y1 : line.y0 - next.y1;
    if (gap > 2 * Math.max(line.height, next.height)) return null;
    const [under] = next.segments
      .map((s, k) => ({ s, k, overlap: overlapX(s, span) }))
      .filter((o) => o.overlap > 0)
      .sort((a, b) => b.overlap - a.overlap);
    if (!under) continue;
    // The value of a label to its left on its own line ("TOTAL   $4.00") is that label's.
    const left = next.segments[under.k - 1];
    return left && matchLabel(left.norms, 0, next.ocr) ? null : under.s;
  }
  return null;
}

type Found = { candidates: Candidate[]; used: Set<Segment>; billTo: Segment[] };

/**
 * Every labelled value on the pages: a label begins a segment, and its value is the rest of that
 * segment, else the next segments on the line, else the segment just below, else (captions under
 * values) the one just above. A label met on the way ends the search: it has a value of its own.
 */
function labelledValues(lines: Line[], style: DecimalStyle): Found {
  const found: Found = { candidates: [], used: new Set(), billTo: [] };
  const labelOf = (s: Segment, ocr: boolean) => matchLabel(s.norms, 0, ocr);
  lines.forEach((line, at) => {
    line.segments.forEach((seg, k) => {
      const m = labelOf(seg, line.ocr);
      if (!m) return;
      found.used.add(seg);
      if (m.kind === 'billTo') found.billTo.push(seg);
      if (m.kind === 'other' || m.kind === 'billTo') return;
      const take = (s: Segment, words: Word[]): Value | null => {
        const v = valueOf(m.kind, words, line.ocr, style);
        if (v) found.used.add(s);
        return v;
      };
      let value = take(seg, seg.words.slice(m.end));
      for (const right of line.segments.slice(k + 1, k + 3)) {
        if (value || labelOf(right, line.ocr)) break;
        value = take(right, right.words);
      }
      // A bare title ("Invoice 2025-117") names its number on its own line or not at all.
      const sameLineOnly = m.kind === 'number' && m.rank < 2;
      for (const step of [1, -1] as const) {
        if (value || sameLineOnly) break;
        const near = nearSegment(lines, line, seg, step);
        if (!near || labelOf(near, line.ocr)) continue;
        const v = take(near, near.words);
        // Above a label (a caption), only an amount that shows it is one: a receipt's item
        // codes stand above its SUBTOTAL too.
        if (step === 1 || !v?.text || !MONEY_KINDS.has(m.kind) || isPlainlyMoney(v.text)) value = v;
      }
      if (value) {
        const label = seg.words
          .slice(0, m.end)
          .map((w) => w.text)
          .join(' ');
        found.candidates.push({ ...value, kind: m.kind, rank: m.rank, order: at, label });
      }
    });
  });
  return found;
}

/**
 * The best candidate of a kind: the most specific label, then the first (number, date, vendor,
 * tax: the first of several rates) or the last (totals, printed at the foot of the invoice).
 */
function pick(candidates: Candidate[], kind: LabelKind): Candidate | null {
  const ofKind = candidates.filter((c) => c.kind === kind);
  if (!ofKind.length) return null;
  const rank = Math.max(...ofKind.map((c) => c.rank));
  const best = ofKind.filter((c) => c.rank === rank);
  return (MONEY_KINDS.has(kind) && kind !== 'tax' ? best[best.length - 1] : best[0]) ?? null;
}

/**
 * All the tax lines (GST and PST, VAT at 7 % and at 19 %) as one amount for the check; a tax
 * printed twice, same label and amount, counts once.
 */
function allTax(candidates: Candidate[]): Stated {
  const lines = new Map<string, Candidate>();
  for (const c of candidates) {
    if (c.kind === 'tax' && c.cents !== undefined) lines.set(`${c.label}|${c.text}`, c);
  }
  if (lines.size < 2) return null;
  const taxes = [...lines.values()];
  return {
    text: taxes.map((t) => t.text).join(' + '),
    cents: taxes.reduce((sum, t) => sum + (t.cents ?? 0), 0),
  };
}

/**
 * The vendor when no "From:" label names it: the tallest text near the top of the first page
 * that is no label, no value, no title ("INVOICE") and not the customer's block (below "Bill
 * to"); the topmost of equally tall ones.
 */
function vendorOf(
  lines: Line[],
  found: Found,
  page: LayoutPage | undefined,
  items: LineItems | null,
): string | null {
  if (!page) return null;
  // The top third of the page, and above the line items where they start higher.
  const tableTop = items?.table.page === page.page ? items.table.bbox.y0 : Infinity;
  const top = lines.filter(
    (l) => l.page === page.page && l.y0 < Math.min(page.height * 0.35, tableTop),
  );
  const inBillTo = (s: Segment) =>
    found.billTo.some(
      (b) => overlapX(s, b) > 0 && s.y0 > b.y0 && s.y0 - b.y1 < 8 * Math.max(b.height, 1),
    );
  let best: Segment | null = null;
  for (const line of top) {
    for (const seg of line.segments) {
      if (found.used.has(seg) || isTitle(seg.norms) || inBillTo(seg)) continue;
      if (!/\p{L}{2}/u.test(seg.text) || /@|www\.|https?:|^[+\d(]/i.test(seg.text)) continue;
      if (DATE.test(seg.text)) continue;
      if (!best || seg.size > best.size * 1.05) best = seg;
    }
  }
  return best?.text ?? null;
}

/** The currency's ISO code: the totals' own symbol or code first, then the most frequent one. */
function currencyIn(fieldTexts: string[], items: LineItems | null, pages: LayoutPage[]) {
  const allWords = pages.flatMap((p) => p.words.map((w) => w.text));
  const codes = allWords.map(currencyOf).filter((c): c is string => c !== null);
  // "$" alone reads as USD; a page that also names CAD or AUD means those dollars.
  const dollars = codes.find((c) => ['CAD', 'AUD', 'NZD', 'HKD', 'SGD'].includes(c));
  const refine = (c: string) => (c === 'USD' && dollars ? dollars : c);
  for (const text of fieldTexts) {
    for (const word of text.split(/\s+/)) {
      const c = currencyOf(word);
      if (c) return refine(c);
    }
  }
  const cells = items?.table.rows.flat().flatMap((c) => c.split(/\s+/)) ?? [];
  const counts = new Map<string, number>();
  for (const c of [...cells.map(currencyOf), ...codes]) {
    if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  const [top] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  return top ? refine(top[0]) : null;
}

const inside = (w: PageWord, t: FoundTable) => {
  const x = (w.x0 + w.x1) / 2;
  const y = (w.y0 + w.y1) / 2;
  const b = t.bbox;
  return x >= b.x0 - 1 && x <= b.x1 + 1 && y >= b.y0 - 1 && y <= b.y1 + 1;
};

/**
 * Reads an invoice from its pages' positioned words and the tables found on them (see the
 * file's head). Fields are null when not found; `check.ok` is null when nothing could be checked.
 */
export function readInvoice(pages: LayoutPage[], tables: FoundTable[]): InvoiceResult {
  const ordered = [...pages].sort((a, b) => a.page - b.page);
  const style = decimalStyleOf([
    ...ordered.flatMap((p) => p.words.map((w) => w.text)),
    ...tables.flatMap((t) => t.rows.flat()),
  ]);
  const picked = findLineItems(tables, style);
  // Item rows that a rule lost on a photo merged are split again by their words' lines.
  const split =
    picked &&
    splitMergedRows(
      picked.table,
      ordered.find((p) => p.page === picked.table.page)?.words ?? [],
      style,
    );
  const items =
    split && split !== picked.table ? (findLineItems([split], style) ?? picked) : picked;
  // The items' own words (its header's "Total", an item called "Tax advice") are no labels.
  const lines = ordered.flatMap((page) =>
    linesOf(page, (w) =>
      Boolean(items && items.table.page === page.page && inside(w, items.table)),
    ),
  );
  const found = labelledValues(lines, style);
  // Totals printed as the item table's last rows count when the page has none outside it.
  const fromTable: Candidate[] = (items?.summary ?? []).map((s) => ({
    ...s,
    rank: s.rank - 1,
    order: -1,
    label: s.kind,
  }));
  const candidates = [...found.candidates, ...fromTable];
  const money = (kind: LabelKind): Stated => {
    const c = pick(candidates, kind);
    return c && c.cents !== undefined ? { text: c.text, cents: c.cents } : null;
  };
  const fields: InvoiceFields = {
    vendor: pick(candidates, 'vendor')?.text ?? vendorOf(lines, found, ordered[0], items),
    invoiceNumber: pick(candidates, 'number')?.text ?? null,
    invoiceDate: pick(candidates, 'date')?.text ?? null,
    currency: null,
    subtotal: money('subtotal')?.text ?? null,
    tax: money('tax')?.text ?? null,
    total: money('total')?.text ?? null,
    amountDue: money('amountDue')?.text ?? null,
  };
  fields.currency = currencyIn(
    [fields.total, fields.amountDue, fields.subtotal, fields.tax].filter(
      (t): t is string => t !== null,
    ),
    items,
    ordered,
  );
  const check = checkTotals(
    items,
    {
      subtotal: money('subtotal'),
      tax: allTax(found.candidates) ?? money('tax'),
      total: money('total') ?? money('amountDue'),
      shipping: money('shipping'),
      discount: money('discount'),
    },
    style,
  );
  return { fields, lineItems: items ? withoutTotals(items) : null, check };
}

/**
 * The line items as delivered: the table up to its last item row. Totals printed as the table's
 * last rows ("Subtotal | 1,234.50") are fields of the invoice, not items for a spreadsheet.
 */
function withoutTotals(items: LineItems): FoundTable {
  const last = Math.max(...items.itemRows);
  const { table } = items;
  if (!Number.isFinite(last) || last >= table.rows.length - 1) return table;
  return {
    ...table,
    rows: table.rows.slice(0, last + 1),
    ...(table.confidence ? { confidence: table.confidence.slice(0, last + 1) } : {}),
  };
}
