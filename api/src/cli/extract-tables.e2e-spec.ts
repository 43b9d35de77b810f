import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jest } from '@jest/globals';
import ExcelJS from 'exceljs';
import { ensureApiBuild } from '../testing/api-build.js';
import { fixture } from '../testing/fixtures.js';
import { invoicePdf, tablePdf } from '../testing/table-pdf.js';

// `npm run extract-tables` as a person runs it (the root script, then scripts/extract-tables.mjs
// on the built API): the mistakes refused before the engine reads anything, each with status 1,
// its message and the usage line; then what it prints and writes for real PDFs made here with
// pdfkit (every cell known): JSON, CSV and XLSX, a page range, an invoice's fields and check, and
// the engine's refusals as CODE: message.
jest.setTimeout(180_000);

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const USAGE = 'Usage: npm run extract-tables -- FILE [--page N | --pages A-B]';
const PDF = fixture('pdf-digital/pdfminer_simple1.pdf');

// Page 1 a ruled table whose `=1+1` the downloads must neutralise and whose -5.00 stays a number;
// page 2 an unruled one with a code (007, text) and a date.
const PAGE_1 = [
  ['Item', 'Qty', 'Amount'],
  ['Tea', '2', '=1+1'],
  ['Coffee', '1', '-5.00'],
];
const PAGE_2 = [
  ['Code', 'Date'],
  ['007', '2024-03-01'],
];
let dir: string;
let tables: string;
let invoice: string;

beforeAll(async () => {
  ensureApiBuild(ROOT);
  dir = mkdtempSync(path.join(os.tmpdir(), 'cli-tables-'));
  tables = path.join(dir, 'table.pdf');
  writeFileSync(
    tables,
    await tablePdf([
      [{ kind: 'table', ruled: true, x: 60, y: 80, widths: [120, 60, 90], rows: PAGE_1 }],
      [{ kind: 'table', ruled: false, x: 60, y: 80, widths: [120, 120], rows: PAGE_2 }],
    ]),
  );
  invoice = path.join(dir, 'invoice.pdf');
  writeFileSync(invoice, await invoicePdf('$30.00'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

// 'PDF' in a case's arguments stands for a real one-page digital PDF (short test names).
const run = (args: string[]) =>
  spawnSync(
    process.execPath,
    ['scripts/extract-tables.mjs', ...args.map((a) => (a === 'PDF' ? PDF : a))],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );

describe('npm run extract-tables', () => {
  it('is the root package script, and answers --help with its usage', () => {
    const result = spawnSync('npm', ['run', '--silent', 'extract-tables', '--', '--help'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(USAGE);
  });

  it.each([
    [[], 'FILE is missing.'],
    [['PDF', '--page', '1', '--pages', '1-2'], 'Give --page or --pages, not both.'],
    [['PDF', '--pages', '3-1'], '--pages must be a range A-B of page numbers with A ≤ B'],
    [['PDF', '--format', 'xlsx'], '--format xlsx writes a file: give --out PATH.'],
    [['PDF', '--bogus'], "Unknown option '--bogus'."],
  ])('refuses %j with status 1, its message and the usage', (args, message) => {
    const result = run(args);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain(USAGE);
  });

  it('says which file it cannot read, with status 1', () => {
    const missing = path.join(ROOT, 'test-fixtures', 'no-such-file.pdf');
    const result = run([missing, '--page', '2']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`Cannot read ${missing}\n`);
  });

  it('prints every table of a PDF as JSON, or only the pages asked for', () => {
    const all = run([tables]);
    expect(all.stderr).toBe('');
    expect(all.status).toBe(0);
    expect(JSON.parse(all.stdout)).toEqual({
      tables: [
        { page: 1, rows: PAGE_1 },
        { page: 2, rows: PAGE_2 },
      ],
    });
    const second = run([tables, '--page', '2']);
    expect(JSON.parse(second.stdout)).toEqual({ tables: [{ page: 2, rows: PAGE_2 }] });
    const first = run([tables, '--pages', '1-1']);
    expect(JSON.parse(first.stdout)).toEqual({ tables: [{ page: 1, rows: PAGE_1 }] });
  });

  it('prints CSV with formulas neutralised, or writes it and an XLSX file with --out', async () => {
    const csv = "Item,Qty,Amount\nTea,2,'=1+1\nCoffee,1,-5.00\n\nCode,Date\n007,2024-03-01\n";
    const printed = run([tables, '--format', 'csv']);
    expect(printed.status).toBe(0);
    expect(printed.stdout).toBe(csv);
    const csvFile = path.join(dir, 'out.csv');
    const written = run([tables, '--format', 'csv', '--out', csvFile]);
    expect([written.status, written.stdout]).toEqual([0, '']);
    expect(readFileSync(csvFile, 'utf8')).toBe(csv);

    const xlsxFile = path.join(dir, 'out.xlsx');
    const xlsx = run([tables, '--format', 'xlsx', '--out', xlsxFile]);
    expect([xlsx.status, xlsx.stdout, xlsx.stderr]).toEqual([0, '', '']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsxFile);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['table p1', 'table p2']);
    const [one, two] = book.worksheets;
    expect(one?.getCell('C2').value).toBe("'=1+1");
    expect(one?.getCell('C3').value).toBe(-5);
    expect(one?.getCell('C3').numFmt).toBe('0.00');
    expect(two?.getCell('A2').value).toBe('007');
    expect(two?.getCell('B2').value).toEqual(new Date(Date.UTC(2024, 2, 1)));
  });

  it("reads an invoice's fields and reports totals that do not add up", () => {
    const result = run([invoice, '--invoice']);
    expect(result.status).toBe(0);
    const printed = JSON.parse(result.stdout) as {
      invoice: Record<string, unknown> & { check: { ok: boolean; problems: string[] } };
    };
    // The fields beside the line items and the check, as the command's JSON writes them.
    expect(printed.invoice).toMatchObject({
      vendor: 'Northwind Traders',
      invoiceNumber: 'INV-1042',
      invoiceDate: '2025-03-03',
      subtotal: '$25.50',
      total: '$30.00',
      lineItems: { page: 1 },
    });
    const items = printed.invoice.lineItems as { rows: string[][] };
    expect(items.rows).toContainEqual(['Widget', '2', '$10.00', '$20.00']);
    expect(printed.invoice.check.ok).toBe(false);
    expect(printed.invoice.check.problems.join(' ')).toMatch(/30\.00/);
  });

  it("answers the engine's refusals as CODE: message with status 1, and a path it cannot write", () => {
    const empty = path.join(dir, 'empty.pdf');
    writeFileSync(empty, '');
    const text = path.join(dir, 'notes.pdf');
    writeFileSync(text, 'just some words, not a PDF at all\n');
    for (const [args, message] of [
      [[empty], /^FILE_EMPTY: /],
      [[text], /^UNSUPPORTED_FILE: /],
      [[tables, '--page', '9'], /^[A-Z_]+: .*\b2\b/],
      [
        [tables, '--format', 'csv', '--out', path.join(dir, 'no', 'such', 'x.csv')],
        /^Cannot write/,
      ],
    ] as const) {
      const result = run([...args]);
      expect([result.status, result.stdout]).toEqual([1, '']);
      expect(result.stderr).toMatch(message);
    }
  });
});
