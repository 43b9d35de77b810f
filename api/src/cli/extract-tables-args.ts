import { parseArgs } from 'node:util';

// The arguments of `npm run extract-tables`, checked before any file is read: a pure function,
// so that each mistake a person can make has its own message and test.
export const EXTRACT_TABLES_USAGE =
  'Usage: npm run extract-tables -- FILE [--page N | --pages A-B] [--invoice] ' +
  '[--format json|csv|xlsx] [--out PATH]';

export type TablesFormat = 'json' | 'csv' | 'xlsx';

export type ExtractTablesOptions = {
  file: string;
  /** The pages asked for, inclusive; all pages when absent. */
  pages?: { first: number; last: number };
  invoice: boolean;
  format: TablesFormat;
  /** Where to write the output; standard output when absent (never for xlsx). */
  out?: string;
};

export type ParsedArgs =
  | { kind: 'run'; options: ExtractTablesOptions }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

const FORMATS: readonly TablesFormat[] = ['json', 'csv', 'xlsx'];
const WHOLE = /^[1-9]\d{0,5}$/;
const RANGE = /^([1-9]\d{0,5})-([1-9]\d{0,5})$/;

/** Reads the command's arguments (those after the script's path). */
export function parseExtractTablesArgs(args: string[]): ParsedArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        page: { type: 'string' },
        pages: { type: 'string' },
        invoice: { type: 'boolean' },
        format: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // node:util's own words, first sentence: "Unknown option '--x'." (its advice on positionals
    // starting with '-' does not apply to a file name), "Option '--page <value>' argument missing".
    // (Read as a shape: under jest node:util's errors come from another realm than Error.)
    const { message } = error as { message: string };
    return { kind: 'error', message: message.replace(/\. .*$/s, '.') };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (positionals.length === 0) return { kind: 'error', message: 'FILE is missing.' };
  if (positionals.length > 1) {
    return { kind: 'error', message: `One FILE only (got ${String(positionals.length)}).` };
  }
  const file = positionals[0] ?? '';
  if (values.page !== undefined && values.pages !== undefined) {
    return { kind: 'error', message: 'Give --page or --pages, not both.' };
  }
  let pages: ExtractTablesOptions['pages'];
  if (values.page !== undefined) {
    if (!WHOLE.test(values.page)) {
      return {
        kind: 'error',
        message: `--page must be a page number from 1 (got "${values.page}").`,
      };
    }
    pages = { first: Number(values.page), last: Number(values.page) };
  }
  if (values.pages !== undefined) {
    const range = RANGE.exec(values.pages);
    const [first, last] = range ? [Number(range[1]), Number(range[2])] : [0, 0];
    if (!range || first > last) {
      return {
        kind: 'error',
        message: `--pages must be a range A-B of page numbers with A ≤ B (got "${values.pages}").`,
      };
    }
    pages = { first, last };
  }
  const format = values.format ?? 'json';
  if (!FORMATS.includes(format as TablesFormat)) {
    return {
      kind: 'error',
      message: `--format must be json, csv or xlsx (got "${format}").`,
    };
  }
  if (values.out === '') return { kind: 'error', message: '--out needs a path.' };
  if (format === 'xlsx' && values.out === undefined) {
    return { kind: 'error', message: '--format xlsx writes a file: give --out PATH.' };
  }
  return {
    kind: 'run',
    options: {
      file,
      ...(pages ? { pages } : {}),
      invoice: values.invoice ?? false,
      format: format as TablesFormat,
      ...(values.out === undefined ? {} : { out: values.out }),
    },
  };
}
