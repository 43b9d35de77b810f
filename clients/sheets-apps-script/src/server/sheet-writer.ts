// The result into the spreadsheet: a NEW sheet named after the file, each table written with one
// setValues (one call per block, not per cell: Apps Script charges per call), an invoice's fields
// above its line items. Cells are written as text a person would type, except that text a sheet
// would run as a formula is kept as text.
import type { InvoiceView, TableView, TablesResultView } from 'contracts';

/** Google Sheets' longest sheet name. */
export const SHEET_NAME_MAX = 100;

type Block = { values: string[][] };

// Characters sheet names cannot hold in Excel (kept out so the sheet survives an .xlsx export).
const FORBIDDEN = /[[\]*?/\\:]|\p{Cc}/gu;

/** The file's name without its extension, made a valid sheet name (never empty). */
export function sheetBaseName(fileName: string): string {
  const withoutExtension = fileName.replace(/\.(pdf|png|jpe?g|webp|tiff?|gif|bmp|hei[cf])$/i, '');
  const cleaned = withoutExtension
    .replace(FORBIDDEN, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '')
    .trim();
  return (cleaned || 'Tables').slice(0, SHEET_NAME_MAX).trim();
}

/** A name no sheet of the spreadsheet has (Sheets compares names without case): "x", "x (2)"… */
export function uniqueSheetName(base: string, taken: string[]): string {
  const used = new Set(taken.map((name) => name.toLowerCase()));
  if (!used.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const name = `${base.slice(0, SHEET_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    if (!used.has(name.toLowerCase())) return name;
  }
}

// The characters a sheet reads as the start of a formula (as the API's CSV export does).
const FORMULA_START = /^ *[=+\-@\t\r]/;
const PLAIN_NUMBER = /^ *[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?%? *$/;

/**
 * A cell as written: a formula-like text gets a leading ' (shown as text, not run), a plain
 * number (-5.00) stays a number; digits with a leading zero (an id, 00123) stay as printed.
 */
export function cellValue(text: string): string {
  if (FORMULA_START.test(text) && !(PLAIN_NUMBER.test(text) && /\d/.test(text))) return `'${text}`;
  if (/^0\d+$/.test(text.trim())) return `'${text}`;
  return text;
}

/** Rows padded to the widest, so the block is the rectangle setValues needs. */
export function rectangle(rows: string[][], minWidth = 1): string[][] {
  const width = Math.max(minWidth, ...rows.map((row) => row.length));
  return rows.map((row) => Array.from({ length: width }, (_, i) => cellValue(row[i] ?? '')));
}

const titled = (title: string, rows: string[][]): string[][] => [[title], ...rows];

const tableTitle = (table: TableView, n: number): string => {
  const pages = table.pages.length > 1 ? table.pages : [table.page];
  const where =
    pages.length > 1 ? `pages ${pages[0]}–${pages[pages.length - 1]}` : `page ${pages[0]}`;
  return `Table ${n} (${where})`;
};

const FIELD_LABELS: [keyof InvoiceView['fields'], string][] = [
  ['vendor', 'Vendor'],
  ['invoiceNumber', 'Invoice number'],
  ['invoiceDate', 'Invoice date'],
  ['currency', 'Currency'],
  ['subtotal', 'Subtotal'],
  ['tax', 'Tax'],
  ['total', 'Total'],
  ['amountDue', 'Amount due'],
];

function checkLine(check: InvoiceView['check']): string {
  if (check.ok === true) return 'The line items add up to the stated totals';
  if (check.ok === false) return check.problems.join('; ') || 'The line items do not add up';
  return 'Not checked (the totals could not be read)';
}

const sameTable = (a: TableView, b: TableView): boolean =>
  a.page === b.page && JSON.stringify(a.rows) === JSON.stringify(b.rows);

/**
 * The blocks of one result, top to bottom. One table alone is written as it is; several get a
 * title row each. An invoice: its fields (label, value), the totals check, then its line items,
 * then any other table found.
 */
export function resultBlocks(result: TablesResultView): Block[] {
  const blocks: Block[] = [];
  const invoice = result.invoice;
  let tables = result.tables;
  if (invoice) {
    const fields = FIELD_LABELS.map(([key, label]) => [label, invoice.fields[key] ?? '']);
    blocks.push({ values: rectangle([...fields, ['Check', checkLine(invoice.check)]]) });
    const items = invoice.lineItems;
    if (items) {
      blocks.push({ values: rectangle(titled('Line items', items.rows)) });
      // The line items are one of the tables found: not written twice.
      tables = tables.filter((table) => !sameTable(table, items));
    }
  }
  const titledTables = blocks.length > 0 || tables.length > 1;
  tables.forEach((table, i) => {
    const rows = titledTables ? titled(tableTitle(table, i + 1), table.rows) : table.rows;
    if (rows.length > 0) blocks.push({ values: rectangle(rows) });
  });
  return blocks;
}

export type Written = { sheetName: string; tables: number; rows: number };

/** Writes the result into a new sheet of the open spreadsheet; null when it holds nothing. */
export function writeResult(result: TablesResultView, fileName: string): Written | null {
  const blocks = resultBlocks(result);
  if (blocks.length === 0) return null;
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const taken = spreadsheet.getSheets().map((sheet) => sheet.getName());
  const sheetName = uniqueSheetName(sheetBaseName(fileName), taken);
  const sheet = spreadsheet.insertSheet(sheetName);
  let row = 1;
  let rows = 0;
  for (const block of blocks) {
    const width = block.values[0]?.length ?? 1;
    sheet.getRange(row, 1, block.values.length, width).setValues(block.values);
    row += block.values.length + 1; // one empty row between blocks
    rows += block.values.length;
  }
  sheet.activate();
  return { sheetName, tables: result.tables.length, rows };
}
