// Amounts and currencies as printed on invoices: "$1,234.50", "1.234,50 €", "(12.00)", "USD 99".
// Money is kept in integer cents so that sums never drift as binary fractions do.

/** Which character a document uses before its cents. */
export type DecimalStyle = '.' | ',';

const SYMBOLS: [string, string][] = [
  // Longest first: "CA$" must win over "$".
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['C$', 'CAD'],
  ['AU$', 'AUD'],
  ['A$', 'AUD'],
  ['NZ$', 'NZD'],
  ['HK$', 'HKD'],
  ['SG$', 'SGD'],
  ['S$', 'SGD'],
  ['R$', 'BRL'],
  ['CN¥', 'CNY'],
  ['RMB', 'CNY'],
  ['Rs.', 'INR'],
  ['Rs', 'INR'],
  ['zł', 'PLN'],
  ['$', 'USD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['₩', 'KRW'],
  ['₽', 'RUB'],
  ['₺', 'TRY'],
];

const CODES = new Set([
  'USD',
  'EUR',
  'GBP',
  'INR',
  'JPY',
  'CNY',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'SGD',
  'HKD',
  'ZAR',
  'MXN',
  'BRL',
  'KRW',
  'RUB',
  'TRY',
  'AED',
]);

/** Letters Tesseract reads in place of digits. */
const DIGIT_LOOKALIKES: Record<string, string> = {
  O: '0',
  o: '0',
  l: '1',
  I: '1',
  '|': '1',
  S: '5',
};

/**
 * Replaces look-alike letters by digits in each run of letters and digits that holds a digit and
 * nothing but digits and look-alikes ("2O25" → "2025", "1,234.5O" → "1,234.50"); a run of
 * letters ("INV", "March") is left alone.
 */
export function fixOcrDigits(text: string): string {
  return text.replace(/[\p{L}\p{N}|]+/gu, (run) => {
    if (!/\d/.test(run) || !/^[\dOolI|S]+$/.test(run)) return run;
    return run.replace(/[OolI|S]/g, (c) => DIGIT_LOOKALIKES[c] ?? c);
  });
}

/** The ISO code a word names or begins/ends with ("$1.00" → USD, "(EUR)" → EUR), if any. */
export function currencyOf(word: string): string | null {
  const t = word.replace(/^[([:]+|[)\]:.,]+$/g, '');
  // Codes only as written in capitals, or prose would be read as money ("Europe").
  if (CODES.has(t.slice(0, 3)) && !/^[A-Za-z]/.test(t.slice(3))) return t.slice(0, 3);
  if (CODES.has(t.slice(-3)) && !/[A-Za-z]/.test(t.slice(-4, -3))) return t.slice(-3);
  for (const [symbol, code] of SYMBOLS) {
    if (/^[A-Za-z]/.test(symbol)) {
      // A lettered symbol ("Rs", "zł") only as a whole word or stuck to the number.
      const re = new RegExp(`^${escape(symbol)}(?=$|[\\d\\s.-])|(?<=\\d\\s?)${escape(symbol)}$`);
      if (re.test(t)) return code;
    } else if (t.includes(symbol)) {
      return code;
    }
  }
  return null;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The decimal style most of the document's unambiguous amounts use ("1,234.50" and "12.50" vote
 * '.', "1.234,50" and "12,50" vote ','), for amounts that could be either ("1.234").
 */
export function decimalStyleOf(texts: string[]): DecimalStyle {
  let dot = 0;
  let comma = 0;
  for (const text of texts) {
    const digits = text.replace(/[^\d.,]/g, '').replace(/^[.,]+|[.,]+$/g, '');
    if (!/^\d/.test(digits)) continue;
    const seps = digits.replace(/\d/g, '');
    if (!seps) continue;
    const last = seps.slice(-1);
    const after = digits.length - digits.lastIndexOf(last) - 1;
    let vote: string | null = null;
    if (new Set(seps).size > 1)
      vote = last; // "1,234.50": the last one is decimal
    else if (seps.length > 1)
      vote = last === '.' ? ',' : '.'; // "1,234,567": grouping
    else if (after !== 3) vote = last; // "12.50"; "1.234" casts no vote
    if (vote === '.') dot++;
    else if (vote === ',') comma++;
  }
  return comma > dot ? ',' : '.';
}

export type ParsedAmount = { cents: number; currency: string | null };

/**
 * Reads one amount as printed, or null when the text is not one: a currency symbol or code
 * before or after, a sign ("-", "−", trailing "-", brackets or "CR" for a credit), grouping by
 * ",", ".", "'", thin or plain spaces. `style` settles "1.234" (thousands or decimals); `ocr`
 * reads look-alike letters as digits first. Percentages and dates are not amounts.
 */
export function parseAmount(
  text: string,
  style: DecimalStyle = '.',
  ocr = false,
): ParsedAmount | null {
  let t = text.normalize('NFKC').trim();
  if (ocr) t = fixOcrDigits(t);
  if (!t || t.includes('%')) return null;
  let currency: string | null = null;
  for (const part of t.split(/\s+/)) currency ??= currencyOf(part);
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  }
  if (/(\d|\s)CR$/i.test(t)) {
    negative = true;
    t = t.replace(/\s*CR$/i, '');
  }
  // Strip the currency (codes and symbols) wherever it stands, then the sign.
  t = t.replace(/[A-Z]{3}/g, (c) => (CODES.has(c) ? '' : c));
  for (const [symbol] of SYMBOLS) t = t.split(symbol).join('');
  t = t.replace(/[\s\u00a0\u2009\u202f]+/g, ' ').trim();
  if (/^[-−–]/.test(t) || /[-−–]$/.test(t)) {
    negative = true;
    t = t.replace(/^[-−–]\s*|\s*[-−–]$/g, '');
  }
  // What is left must be digits and grouping only.
  if (!/^\d[\d.,' ]*$/.test(t) || /[.,' ]$/.test(t) || / \d{1,2}$/.test(t)) return null;
  // A long run of digits with no grouping is an id or a barcode, not an amount.
  if (/^\d{8,}$/.test(t)) return null;
  const digits = t.replace(/ /g, "'");
  const last = Math.max(digits.lastIndexOf('.'), digits.lastIndexOf(','));
  let whole = digits;
  let fraction = '';
  if (last >= 0) {
    const sep = digits.charAt(last);
    const after = digits.length - last - 1;
    const sepsBefore = digits.slice(0, last).replace(/[\d']/g, '');
    const decimal =
      sepsBefore.length > 0
        ? !sepsBefore.includes(sep) // "1,234.50": the last, different one is decimal
        : after !== 3 || sep === style; // "12.50" decimal; "1.234" by the document's style
    if (decimal) {
      whole = digits.slice(0, last);
      fraction = digits.slice(last + 1);
    }
  }
  // Grouping must be in threes (or India's lakh and crore: 1,23,45,678.00), or this is a date,
  // a phone number or an id, not money.
  const groups = whole.split(/[.,']/);
  const western = groups.slice(1).every((g) => g.length === 3) && (groups[0] ?? '').length <= 3;
  const indian = /^\d{1,2}(,\d{2})+,\d{3}$/.test(whole);
  if (groups.length > 1 && !western && !indian) return null;
  if (new Set(whole.replace(/\d/g, '')).size > 1 || /[.,']/.test(fraction)) return null;
  const units = BigInt(groups.join('') || '0');
  // More than two decimals (a unit price of 0.125) is rounded half up to the cent.
  const scaled = BigInt((fraction + '000').slice(0, 3));
  const cents = units * 100n + (scaled + 5n) / 10n;
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return { cents: negative ? -Number(cents) : Number(cents), currency };
}

/** Cents as a plain decimal string: 123450 → "1234.50", -5 → "-0.05". */
export function centsToPlain(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents grouped in the document's style: 123450 → "1,234.50" or "1.234,50". */
export function centsToDisplay(cents: number, style: DecimalStyle): string {
  const [whole = '', fraction = ''] = centsToPlain(Math.abs(cents)).split('.');
  const group = style === '.' ? ',' : '.';
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, group);
  return `${cents < 0 ? '-' : ''}${grouped}${style}${fraction}`;
}
