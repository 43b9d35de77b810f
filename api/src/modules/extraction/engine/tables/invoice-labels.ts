// The words invoices print before their fields, in English and a few other common languages, and
// how a run of printed words is matched against them (longest label first, so "Total Due" is
// the amount due and not the total, and "VAT No." is an id and not the tax).

/** What a label announces. `other` labels are matched only so that they are not misread. */
export type LabelKind =
  | 'number'
  | 'date'
  | 'subtotal'
  | 'tax'
  | 'total'
  | 'amountDue'
  | 'shipping'
  | 'discount'
  | 'paid'
  | 'vendor'
  | 'billTo'
  | 'other';

/** The kinds whose value is an amount. */
export const MONEY_KINDS: ReadonlySet<LabelKind> = new Set([
  'subtotal',
  'tax',
  'total',
  'amountDue',
  'shipping',
  'discount',
  'paid',
]);

type Label = { kind: LabelKind; tokens: string[]; rank: number };

// "#", "No.", "Nr.", "N°", "Number", "Nummer", "Número" all read as one token, "#".
const NUMBER_WORDS = new Set([
  '#',
  'no',
  'nr',
  'n°',
  'nº',
  'num',
  'number',
  'nummer',
  'numero',
  'numéro',
  'número',
  'núm',
]);

// rank 2: a label that names the invoice's own field; rank 1: a generic one ("Date", "Total").
const TABLE: [LabelKind, number, string[]][] = [
  [
    'number',
    2,
    [
      'invoice #',
      'inv #',
      'invoice id',
      'rechnung #',
      'rechnungsnummer',
      'rechnungs-nr',
      'facture #',
      '# facture',
      '# de facture',
      '# de la facture',
      'factura #',
      '# factura',
      '# de factura',
      'bill #',
    ],
  ],
  [
    'date',
    2,
    [
      'invoice date',
      'date of issue',
      'issue date',
      'date issued',
      'billing date',
      'rechnungsdatum',
      'date de facture',
      'date de la facture',
      "date d'émission",
      'fecha de factura',
      'fecha de emisión',
      'fecha factura',
    ],
  ],
  ['date', 1, ['date', 'dated', 'datum', 'fecha']],
  // The title alone before the number: "Invoice 2025-117", "Rechnung RE-42".
  ['number', 1, ['invoice', 'rechnung', 'facture', 'factura']],
  [
    'subtotal',
    2,
    [
      'subtotal',
      'sub-total',
      'sub total',
      'net total',
      'total net',
      'net amount',
      'total excl',
      'total excluding',
      'total before tax',
      'zwischensumme',
      'nettobetrag',
      'nettosumme',
      'summe netto',
      'gesamt netto',
      'netto',
      'sous-total',
      'sous total',
      'total ht',
      'montant ht',
      'base imponible',
      'importe neto',
      'neto',
    ],
  ],
  [
    'tax',
    2,
    [
      'tax',
      'taxes',
      'sales tax',
      'total tax',
      'tax total',
      'tax amount',
      'vat',
      'vat amount',
      'total vat',
      'gst',
      'hst',
      'pst',
      'qst',
      'mwst',
      'ust',
      'umsatzsteuer',
      'mehrwertsteuer',
      'tva',
      'montant tva',
      'total tva',
      'iva',
      'igv',
    ],
  ],
  [
    'total',
    2,
    [
      'grand total',
      'invoice total',
      'total amount',
      'total incl',
      'total including',
      'gesamtbetrag',
      'gesamtsumme',
      'rechnungsbetrag',
      'bruttobetrag',
      'endbetrag',
      'total ttc',
      'montant total',
      'montant ttc',
      'importe total',
      'total general',
    ],
  ],
  ['total', 1, ['total', 'gesamt', 'summe', 'brutto', 'importe']],
  [
    'amountDue',
    2,
    [
      'amount due',
      'balance due',
      'total due',
      'amount payable',
      'total payable',
      'balance',
      'please pay',
      'due amount',
      'zu zahlen',
      'zahlbetrag',
      'offener betrag',
      'montant dû',
      'montant du',
      'net à payer',
      'reste à payer',
      'total à payer',
      'importe a pagar',
      'total a pagar',
      'saldo',
    ],
  ],
  ['shipping', 2, ['shipping', 'shipping & handling', 'freight', 'versand', 'versandkosten']],
  ['shipping', 2, ['frais de port', 'envío', 'envio']],
  ['discount', 2, ['discount', 'rabatt', 'remise', 'descuento']],
  ['paid', 2, ['amount paid', 'paid', 'payments', 'payment received', 'bezahlt', 'payé']],
  ['vendor', 2, ['from', 'vendor', 'seller', 'supplier', 'issued by', 'billed by']],
  ['billTo', 2, ['bill to', 'billed to', 'invoice to', 'sold to', 'ship to', 'customer']],
  ['billTo', 2, ['rechnungsempfänger', 'kunde', 'client', 'facturer à', 'cliente']],
  [
    'other',
    3,
    [
      'due date',
      'payment due',
      'date due',
      'due',
      'delivery date',
      'order date',
      'ship date',
      'service date',
      'period',
      'po #',
      'p.o #',
      'purchase order',
      'order #',
      'customer #',
      'customer id',
      'account #',
      'account',
      'reference',
      'ref',
      'tax id',
      'tax #',
      'vat #',
      'vat id',
      'vat reg',
      'vat registration',
      'gst #',
      'gstin',
      'abn',
      'ust-idnr',
      'ust-id',
      'steuernummer',
      'fälligkeitsdatum',
      'fällig am',
      'lieferdatum',
      'leistungsdatum',
      "date d'échéance",
      'échéance',
      'fecha de vencimiento',
      'vencimiento',
      'terms',
      'payment terms',
      'page',
      'tax rate',
      'vat rate',
      'iban',
      'swift',
      'bic',
      'phone',
      'tel',
      'email',
    ],
  ],
];

// Tesseract's digits inside words of letters: "Tota1", "Subt0tal", "5ales".
const LETTER_LOOKALIKES: Record<string, string> = { '1': 'l', '0': 'o', '5': 's', '|': 'l' };

/**
 * A word as labels are compared: NFKC, lower case, outer brackets and trailing ":" "." ","
 * dropped, any number word read as "#". On OCR pages, digits among letters are read as letters.
 */
export function normaliseWord(text: string, ocr = false): string {
  let t = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/^[([]+|[)\]:.,;]+$/g, '');
  if (ocr && /\p{L}/u.test(t)) {
    const letters = t.match(/\p{L}/gu)?.length ?? 0;
    if (letters * 2 >= t.length) t = t.replace(/[105|]/g, (c) => LETTER_LOOKALIKES[c] ?? c);
  }
  return NUMBER_WORDS.has(t) ? '#' : t;
}

const LABELS: Label[] = TABLE.flatMap(([kind, rank, phrases]) =>
  phrases.map((phrase) => ({ kind, rank, tokens: phrase.split(' ').map((w) => normaliseWord(w)) })),
);

/** Whether two words are at most one edit (substitution, insertion, deletion) apart. */
function closeEnough(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  // One substitution, insertion or deletion at the first difference, the rest equal.
  return (
    a.slice(i + 1) === b.slice(i + 1) ||
    a.slice(i) === b.slice(i + 1) ||
    a.slice(i + 1) === b.slice(i)
  );
}

export type LabelMatch = { kind: LabelKind; rank: number; start: number; end: number };

/**
 * The longest label that the words `norms[start..]` begin with, skipping a leading rate
 * ("19% MwSt"). On OCR pages a label word may differ by one letter ("lnvoice", "TAXI").
 */
export function matchLabel(norms: string[], start = 0, ocr = false): LabelMatch | null {
  let from = start;
  while (from < norms.length && /^\(?[\d.,]+%\)?$/.test(norms[from] ?? '')) from++;
  let best: LabelMatch | null = null;
  for (const label of LABELS) {
    const n = label.tokens.length;
    if (from + n > norms.length || (best && n <= best.end - best.start)) continue;
    const ok = label.tokens.every((token, k) => {
      const word = norms[from + k] ?? '';
      if (word === token || !ocr) return word === token;
      // A short label only with one stray character after it ("TAXI" for "TAX"): one edit
      // inside four letters would make "must" the German "mwst".
      return token.length >= 5 ? closeEnough(word, token) : word.slice(0, -1) === token;
    });
    if (ok) best = { kind: label.kind, rank: label.rank, start: from, end: from + n };
  }
  return best;
}

/** Document titles, never a vendor's name. */
const TITLES = new Set([
  'invoice',
  'tax invoice',
  'commercial invoice',
  'proforma invoice',
  'pro forma invoice',
  'receipt',
  'bill',
  'statement',
  'quote',
  'credit note',
  'rechnung',
  'gutschrift',
  'facture',
  'factura',
]);

export function isTitle(norms: string[]): boolean {
  return TITLES.has(norms.join(' '));
}
