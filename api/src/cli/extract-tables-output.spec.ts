import ExcelJS from 'exceljs';
import type { FoundTable, TablesResult } from '../modules/extraction/engine/index.js';
import { tablesJson, tablesOutput } from './extract-tables-output.js';

// The command's three outputs from one reader result, as the reader returns it (the reader's
// own tests check what it finds; the command's end-to-end test runs both together).
const table = (page: number, rows: string[][]): FoundTable => ({
  page,
  pages: [page],
  rows,
  method: 'lattice',
  bbox: { x0: 0, y0: 0, x1: 100, y1: 100 },
});
const items = table(1, [
  ['Item', 'Qty', 'Amount'],
  ['Tea', '2', '=cmd'],
]);
const result: TablesResult = {
  pageCount: 2,
  pages: [
    { page: 1, ok: true },
    { page: 2, ok: true },
  ],
  tables: [items, table(2, [['Total', '-5.00']])],
  invoice: {
    fields: {
      vendor: 'ACME Ltd',
      invoiceNumber: 'INV-0042',
      invoiceDate: '03/04/2024',
      currency: 'USD',
      subtotal: '$10.00',
      tax: '$1.00',
      total: '$11.00',
      amountDue: '$11.00',
    },
    lineItems: items,
    check: { ok: false, lineItemsSum: '9.00', problems: ['line items sum to 9.00, not 10.00'] },
  },
};

describe('tablesJson', () => {
  it('prints each table as its page and rows only, on one line', () => {
    expect(tablesJson(result, false)).toBe(
      '{"tables":[{"page":1,"rows":[["Item","Qty","Amount"],["Tea","2","=cmd"]]},' +
        '{"page":2,"rows":[["Total","-5.00"]]}]}\n',
    );
    expect(JSON.parse(tablesJson(result, false))).toEqual({
      tables: [
        { page: 1, rows: items.rows },
        { page: 2, rows: [['Total', '-5.00']] },
      ],
    });
  });

  it('adds the invoice with --invoice: fields as printed, line items and the totals check', () => {
    expect((JSON.parse(tablesJson(result, true)) as { invoice: unknown }).invoice).toEqual({
      vendor: 'ACME Ltd',
      invoiceNumber: 'INV-0042',
      invoiceDate: '03/04/2024',
      currency: 'USD',
      subtotal: '$10.00',
      tax: '$1.00',
      total: '$11.00',
      amountDue: '$11.00',
      lineItems: { page: 1, rows: items.rows },
      check: { ok: false, lineItemsSum: '9.00', problems: ['line items sum to 9.00, not 10.00'] },
    });
  });

  it('prints no invoice key without --invoice, nor when the reader gave none', () => {
    expect(JSON.parse(tablesJson(result, false))).not.toHaveProperty('invoice');
    const { invoice: _none, ...tablesOnly } = result;
    expect(JSON.parse(tablesJson(tablesOnly, true))).not.toHaveProperty('invoice');
  });
});

describe('tablesOutput', () => {
  it('prints CSV without BOM or CR, tables apart by a blank line, formulas neutralised', async () => {
    expect(await tablesOutput(result, { file: 'x.pdf', format: 'csv', invoice: false })).toBe(
      "Item,Qty,Amount\nTea,2,'=cmd\n\nTotal,-5.00\n",
    );
  });

  it('writes XLSX with one sheet per table named after the file', async () => {
    const bytes = await tablesOutput(result, {
      file: '/some/folder/March invoice.pdf',
      format: 'xlsx',
      invoice: false,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'March invoice p1',
      'March invoice p2',
    ]);
    expect(workbook.worksheets[1]?.getCell('B1').value).toBe(-5);
  });
});
