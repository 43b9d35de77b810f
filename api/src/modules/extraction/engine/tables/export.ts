import { createRequire } from 'node:module';
import type { Workbook } from 'exceljs';
import { neutraliseCell, typeCell, type TypedCell } from 'contracts';

// The table reader's downloads and the command line's csv/xlsx output, one code for both (issue
// 21, items 2 and 3): CSV through csv-stringify, XLSX through exceljs. A cell someone's
// spreadsheet could run as a formula is neutralised in both (OWASP's CSV injection advice: a
// leading ' before =, +, -, @, tab or CR), but a plain number such as -5.00 is left a number.

type CsvStringify = typeof import('csv-stringify/sync');
type ExcelJs = typeof import('exceljs');

// Loaded on first use, not with the engine: `npm run extract` imports the engine's front door
// and must not pay for the downloads' libraries (exceljs alone takes ~0.2 s to load). CSV stays
// synchronous, so its (CommonJS-built) library is required rather than imported.
const requireHere = createRequire(import.meta.url);
let csvLibrary: CsvStringify | undefined;
const csvStringify = (): CsvStringify =>
  (csvLibrary ??= requireHere('csv-stringify/sync') as CsvStringify);
const loadExcelJs = async (): Promise<ExcelJs> => (await import('exceljs')).default;

// Typing and neutralising a cell live in contracts (cells.ts): the converter's copied text uses
// the same rules in the browser.
export { neutraliseCell, typeCell, type TypedCell };

/**
 * The tables as CSV, separated by one blank line. The download form has a UTF-8 BOM and CRLF
 * line ends (what Excel needs to read UTF-8 and what RFC 4180 says); the command's form has
 * neither. Formula-like cells are neutralised.
 */
export function tablesToCsv(
  tables: { rows: string[][] }[],
  options: { bom?: boolean; eol?: '\r\n' | '\n' },
): string {
  const eol = options.eol ?? '\n';
  const { stringify } = csvStringify();
  const blocks = tables
    .filter((table) => table.rows.length > 0)
    .map((table) =>
      stringify(
        table.rows.map((row) => row.map(neutraliseCell)),
        // Any line break inside a cell is quoted, whichever the record delimiter: by default
        // csv-stringify quotes only its own delimiter, and a lone \n would split the row in Excel.
        { record_delimiter: eol, quoted_match: /[\r\n]/ },
      ),
    );
  return `${options.bom ? '\ufeff' : ''}${blocks.join(eol)}`;
}

// Excel's rules for a sheet name: 1 to 31 characters, none of []:*?/\, not starting or ending
// with an apostrophe, unique regardless of case, and not "History" (Excel keeps that one).
// Control and format characters (bidi overrides) are dropped too.
const SHEET_NAME_MAX = 31;
const SHEET_FORBIDDEN = /[[\]:*?/\\]/g;
const SHEET_INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

function sheetBase(baseName: string): string {
  return baseName
    .replace(SHEET_INVISIBLE, '')
    .replace(SHEET_FORBIDDEN, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '')
    .trim();
}

/** The first `max` UTF-16 units of `text`, not cutting a character (surrogate pair) in two. */
function clip(text: string, max: number): string {
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out.trimEnd();
}

/**
 * One sheet name per table: the base name and the table's page ("Report p2", "Report p2.2" for a
 * page's second table), clipped to Excel's length. They are unique without a check: every name
 * ends in its own " p<page>[.<k>]", which cannot end another (no suffix holds " p" but at its
 * start), and none can be "History".
 */
export function sheetNames(tables: { page: number }[], baseName: string): string[] {
  const base = sheetBase(baseName) || 'Table';
  const perPage = new Map<number, number>();
  for (const { page } of tables) perPage.set(page, (perPage.get(page) ?? 0) + 1);
  const seenOnPage = new Map<number, number>();
  return tables.map(({ page }) => {
    const k = (seenOnPage.get(page) ?? 0) + 1;
    seenOnPage.set(page, k);
    const suffix = ` p${String(page)}${(perPage.get(page) ?? 0) > 1 ? `.${String(k)}` : ''}`;
    return `${clip(base, SHEET_NAME_MAX - suffix.length)}${suffix}`;
  });
}

// XML 1.0 (the format's) cannot hold most control characters, U+FFFE/U+FFFF nor a lone
// surrogate; exceljs drops the first but writes the others, and the file will not open. (With
// the u flag a surrogate pair is one character: [\uD800-\uDFFF] finds only lone halves.)
// Excel's cell holds at most 32,767 characters.
const NOT_IN_XML = /[^\P{Cc}\t\n\r]|[\uFFFE\uFFFF\uD800-\uDFFF]/gu;
const CELL_MAX = 32_767;

/**
 * The tables as an XLSX workbook, one sheet per table: numbers and ISO dates typed as such with
 * a display format like the printed one, everything else text (formula-like text neutralised).
 */
export async function tablesToXlsx(
  tables: { page: number; rows: string[][] }[],
  options: { baseName: string },
): Promise<Buffer> {
  const { Workbook: WorkbookClass } = await loadExcelJs();
  const workbook: Workbook = new WorkbookClass();
  const names = sheetNames(tables, options.baseName);
  tables.forEach((table, t) => {
    const sheet = workbook.addWorksheet(names[t]);
    const widths: number[] = [];
    table.rows.forEach((row, r) => {
      row.forEach((raw, c) => {
        const text = raw.replace(NOT_IN_XML, '');
        const typed = typeCell(text);
        const cell = sheet.getCell(r + 1, c + 1);
        if (typed.kind === 'text') cell.value = clip(neutraliseCell(text), CELL_MAX);
        else {
          cell.value = typed.value;
          if (typed.numFmt) cell.numFmt = typed.numFmt;
        }
        widths[c] = Math.max(widths[c] ?? 0, text.length);
      });
    });
    // Columns wide enough to read, within reason.
    widths.forEach((width, c) => {
      sheet.getColumn(c + 1).width = Math.min(60, Math.max(8, width + 2));
    });
  });
  // A workbook needs a sheet to open at all: no table found gives one empty sheet.
  if (tables.length === 0) workbook.addWorksheet('Tables');
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// Quotes, Windows' forbidden characters and the bidirectional controls that can make a name read
// as another (a right-to-left override turning "cod.exe" around), besides control characters.
const NAME_FORBIDDEN = /["'`<>:|?*\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
const NAME_MAX = 100;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * The download's file name from the uploaded file's: its last path part without its extension,
 * without control characters, quotes or characters a file system refuses, clipped to a sane
 * length; "tables" when nothing is left.
 */
export function safeDownloadName(fileName: string, ext: 'csv' | 'xlsx'): string {
  const last = fileName.split(/[/\\]/).pop() ?? '';
  const stem = last.normalize('NFC').replace(/\.[^.]*$/, '');
  let clean = stem
    .replace(NAME_FORBIDDEN, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  clean = clip(clean, NAME_MAX).replace(/[\s.]+$/, '');
  if (WINDOWS_RESERVED.test(clean)) clean = `${clean}_`;
  return `${clean || 'tables'}.${ext}`;
}
