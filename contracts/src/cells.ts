// What a table cell is when it reaches a spreadsheet, one code for every way out (issue 22): the
// API's CSV and XLSX downloads (api/.../engine/tables/export.ts) and the converter's copied
// tab-separated text. A cell someone's spreadsheet could run as a formula is neutralised (OWASP's
// CSV injection advice: a leading ' before =, +, -, @, tab or CR), but a plain number such as
// -5.00 is left a number. Pure, so the browser and Node run the same rules.

/** A cell as a spreadsheet should hold it: a number (with its display format), a date or text. */
export type TypedCell =
  | { kind: 'number'; value: number; numFmt?: string }
  | { kind: 'date'; value: Date; numFmt: string }
  | { kind: 'text'; value: string };

// A plain number as printed: an optional sign (ASCII or the minus sign U+2212), an optional
// currency symbol, digits with no leading zero (007 is a code, not seven) and either no grouping
// or commas every three digits, an optional decimal point, an optional percent sign; or the same
// in accounting parentheses for a negative. 1.234,50 and 1 234 are left alone: whether their
// separators group or mark decimals depends on the document's locale.
const NUMBER =
  /^(?<open>\()?(?<sign>[+\-\u2212])?(?<currency>[$€£¥₹])?(?<sign2>[+\-\u2212])?(?<int>0|[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*)(?:\.(?<frac>\d+))?(?<percent>%)?(?<close>\))?$/u;
// Beyond 15 significant digits a spreadsheet's number loses digits: such a cell is an id.
const MAX_DIGITS = 15;
// Only ISO dates are unambiguous: 03/04/2024 is March or April depending on who wrote it.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function asNumber(text: string): TypedCell | null {
  const m = NUMBER.exec(text)?.groups;
  if (!m) return null;
  const { open, sign, currency, sign2, int = '', frac, percent, close } = m;
  if (Boolean(open) !== Boolean(close)) return null;
  if (open && (sign || sign2)) return null;
  if (sign && sign2) return null;
  if (currency && percent) return null;
  const digits = int.replaceAll(',', '') + (frac ?? '');
  if (digits.replace(/^0+/, '').length > MAX_DIGITS) return null;
  const negative = Boolean(open) || [sign, sign2].some((s) => s === '-' || s === '\u2212');
  // A percentage is scaled in decimal (e-2), not divided: 1.1 / 100 is 0.011000000000000001.
  const magnitude = Number(`${int.replaceAll(',', '')}.${frac ?? '0'}${percent ? 'e-2' : ''}`);
  const value = (negative ? -magnitude : magnitude) || 0;
  // The display format keeps what was printed: decimals, grouping, currency, percent, brackets.
  const grouped = int.includes(',') || Boolean(currency);
  let format = `${grouped ? '#,##0' : '0'}${frac ? `.${'0'.repeat(frac.length)}` : ''}`;
  if (currency) format = `"${currency}"${format}`;
  if (percent) format += '%';
  if (open) format = `${format};(${format})`;
  const plain = format === '0';
  return plain ? { kind: 'number', value } : { kind: 'number', value, numFmt: format };
}

function asDate(text: string): TypedCell | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Excel has no dates before 1900; and 2024-02-30 is not a date.
  if (year < 1900) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { kind: 'date', value: date, numFmt: 'yyyy-mm-dd' };
}

/** What a cell clearly is: a number, an ISO date, or else text. */
export function typeCell(cell: string): TypedCell {
  const text = cell.trim();
  return asNumber(text) ?? asDate(text) ?? { kind: 'text', value: cell };
}

// The characters a spreadsheet reads as the start of a formula (or that hide one after them).
const FORMULA_START = /^ *[=+\-@\t\r]/;

/**
 * The cell made safe to open in a spreadsheet: text a spreadsheet would run as a formula gets a
 * leading ', a plain number (-5.00, +3) is left as it is.
 */
export function neutraliseCell(cell: string): string {
  if (!FORMULA_START.test(cell)) return cell;
  return typeCell(cell).kind === 'number' ? cell : `'${cell}`;
}

// A cell holding the separator, a line break or a quote is quoted as Excel and Google Sheets
// read pasted text (the quotes inside doubled), so it stays one cell.
const TSV_QUOTE = /[\t\r\n"]/;

/**
 * Rows as tab-separated text that pastes into any spreadsheet, one line a row (CRLF, as Excel
 * puts on the clipboard), formula-like cells neutralised as in the downloads.
 */
export function rowsToTsv(rows: readonly (readonly string[])[]): string {
  return rows
    .map((row) =>
      row
        .map((raw) => {
          const cell = neutraliseCell(raw);
          return TSV_QUOTE.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
        })
        .join('\t'),
    )
    .join('\r\n');
}

/** Several tables as one paste: each table's rows, a blank line between tables. */
export function tablesToTsv(tables: readonly (readonly (readonly string[])[])[]): string {
  return tables
    .filter((rows) => rows.length > 0)
    .map(rowsToTsv)
    .join('\r\n\r\n');
}
