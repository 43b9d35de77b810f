import path from 'node:path';
import {
  tablesToCsv,
  tablesToXlsx,
  type TablesResult,
} from '../modules/extraction/engine/index.js';
import type { ExtractTablesOptions } from './extract-tables-args.js';

// What `npm run extract-tables` writes for each --format, from the reader's result. CSV and XLSX
// are the API downloads' code (engine/tables/export.ts); CSV in its plain form for a terminal.

/**
 * --format json: each table's page and rows as printed, and with --invoice the invoice's fields,
 * its line items (page and rows) and the totals check.
 */
export function tablesJson(result: TablesResult, invoice: boolean): string {
  const out: Record<string, unknown> = {
    tables: result.tables.map(({ page, rows }) => ({ page, rows })),
  };
  if (invoice && result.invoice) {
    const { fields, lineItems, check } = result.invoice;
    out.invoice = {
      ...fields,
      lineItems: lineItems ? { page: lineItems.page, rows: lineItems.rows } : null,
      check,
    };
  }
  // One line, as the issue writes it: for jq or a program, not for reading by eye.
  return `${JSON.stringify(out)}\n`;
}

/** The command's output in the format asked for: text, or the XLSX file's bytes. */
export async function tablesOutput(
  result: TablesResult,
  options: Pick<ExtractTablesOptions, 'file' | 'format' | 'invoice'>,
): Promise<string | Buffer> {
  switch (options.format) {
    case 'json':
      return tablesJson(result, options.invoice);
    case 'csv':
      return tablesToCsv(result.tables, { eol: '\n' });
    case 'xlsx':
      // Sheets are named after the file (its name without folder or extension) and the page.
      return tablesToXlsx(result.tables, {
        baseName: path.basename(options.file, path.extname(options.file)),
      });
  }
}
