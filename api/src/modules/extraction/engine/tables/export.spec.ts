import ExcelJS from 'exceljs';
import { parseCsv } from './csv.js';
import {
  neutraliseCell,
  safeDownloadName,
  sheetNames,
  tablesToCsv,
  tablesToXlsx,
  typeCell,
} from './export.js';

// Every formula start OWASP lists, each as the reader could return it.
const INJECTIONS = ['=1+1', '+SUM(A1:A9)', '-cmd|/C calc', '@x', '\tx', '\rx', ' =HYPERLINK("x")'];

async function readBack(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return workbook;
}

function sheetAt(workbook: ExcelJS.Workbook, index: number): ExcelJS.Worksheet {
  const sheet = workbook.worksheets[index];
  if (!sheet) throw new Error(`no sheet ${String(index)}`);
  return sheet;
}

describe('tablesToCsv', () => {
  const tables = [
    {
      rows: [
        ['Item', 'Amount'],
        ['Tea', '1,234.50'],
      ],
    },
    { rows: [['Total', '-5.00']] },
  ];

  it('writes the download form with a UTF-8 BOM and CRLF, tables apart by one blank line', () => {
    const csv = tablesToCsv(tables, { bom: true, eol: '\r\n' });
    expect(csv).toBe('\ufeffItem,Amount\r\nTea,"1,234.50"\r\n\r\nTotal,-5.00\r\n');
    expect([...Buffer.from(csv, 'utf8').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("writes the command's form with neither BOM nor CR", () => {
    expect(tablesToCsv(tables, { eol: '\n' })).toBe('Item,Amount\nTea,"1,234.50"\n\nTotal,-5.00\n');
    expect(tablesToCsv(tables, {})).toBe(tablesToCsv(tables, { bom: false, eol: '\n' }));
  });

  it('quotes commas, quotes and any line break inside a cell, so each row stays one record', () => {
    const csv = tablesToCsv([{ rows: [['a,b', 'say "hi"', 'two\nlines', 'x']] }], {
      eol: '\r\n',
    });
    expect(csv).toBe('"a,b","say ""hi""","two\nlines",x\r\n');
    expect(parseCsv(csv)).toEqual([['a,b', 'say "hi"', 'two\nlines', 'x']]);
  });

  it('leaves out tables without rows instead of writing extra blank lines', () => {
    expect(tablesToCsv([{ rows: [] }, { rows: [['a']] }, { rows: [] }], { eol: '\n' })).toBe('a\n');
  });

  it('neutralises every formula start with a leading apostrophe but leaves plain numbers', () => {
    const csv = tablesToCsv([{ rows: [[...INJECTIONS, '-5.00', '+3', '-$12.00', 'a=b']] }], {
      bom: true,
      eol: '\r\n',
    });
    expect(parseCsv(csv)).toEqual([
      [...INJECTIONS.map((cell) => `'${cell}`), '-5.00', '+3', '-$12.00', 'a=b'],
    ]);
  });
});

describe('typeCell', () => {
  it.each([
    ['-5.00', -5, '0.00'],
    ['1,234.50', 1234.5, '#,##0.00'],
    ['$12.00', 12, '"$"#,##0.00'],
    ['-$1,000', -1000, '"$"#,##0'],
    ['€3.5', 3.5, '"€"#,##0.0'],
    ['(1,234.50)', -1234.5, '#,##0.00;(#,##0.00)'],
    ['12.5%', 0.125, '0.0%'],
    ['1.1%', 0.011, '0.0%'],
    ['-3%', -0.03, '0%'],
    ['\u22127', -7, undefined],
    ['+3', 3, undefined],
    ['0.75', 0.75, '0.00'],
    ['2024', 2024, undefined],
  ])('reads %j as the number %p (format %p)', (text, value, numFmt) => {
    expect(typeCell(text)).toEqual(
      numFmt === undefined ? { kind: 'number', value } : { kind: 'number', value, numFmt },
    );
  });

  it('reads an ISO date as a date (UTC midnight), and nothing else as one', () => {
    expect(typeCell('2024-03-01')).toEqual({
      kind: 'date',
      value: new Date(Date.UTC(2024, 2, 1)),
      numFmt: 'yyyy-mm-dd',
    });
    expect(typeCell('2024-02-30').kind).toBe('text');
    expect(typeCell('03/04/2024').kind).toBe('text');
  });

  it.each([
    '007',
    '03/04/2024',
    '1.234,50',
    '1 234',
    '1,23',
    '12,3456',
    '1234567890123456',
    '$5%',
    '(-5)',
    '--5',
    '5-',
    '.5',
    'INV-0042',
    '',
  ])('keeps %j as text', (text) => {
    expect(typeCell(text)).toEqual({ kind: 'text', value: text });
  });
});

describe('neutraliseCell', () => {
  it.each(INJECTIONS)('prefixes %j', (cell) => {
    expect(neutraliseCell(cell)).toBe(`'${cell}`);
  });
  it.each(['-5.00', '+3', '-12%', 'Total', 'e=mc2'])('leaves %j as it is', (cell) => {
    expect(neutraliseCell(cell)).toBe(cell);
  });
});

describe('tablesToXlsx', () => {
  it('writes one sheet per table, with numbers and ISO dates typed and the rest text', async () => {
    const buffer = await tablesToXlsx(
      [
        {
          page: 1,
          rows: [
            ['Date', 'Code', 'Amount', 'Share', 'When'],
            ['2024-03-01', '007', '-5.00', '12.5%', '03/04/2024'],
            ['2024-03-02', '010', '1,234.50', '100%', 'tomorrow'],
          ],
        },
        { page: 2, rows: [['Total', '$12.00']] },
      ],
      { baseName: 'report' },
    );
    const workbook = await readBack(buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['report p1', 'report p2']);
    const [first, second] = [sheetAt(workbook, 0), sheetAt(workbook, 1)];

    expect(first.getCell('A1').value).toBe('Date');
    expect(first.getCell('A2').type).toBe(ExcelJS.ValueType.Date);
    expect(first.getCell('A2').value).toEqual(new Date(Date.UTC(2024, 2, 1)));
    expect(first.getCell('B2').type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell('B2').value).toBe('007');
    expect(first.getCell('C2').type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell('C2').value).toBe(-5);
    expect(first.getCell('C2').numFmt).toBe('0.00');
    expect(first.getCell('C3').value).toBe(1234.5);
    expect(first.getCell('C3').numFmt).toBe('#,##0.00');
    expect(first.getCell('D2').value).toBe(0.125);
    expect(first.getCell('D2').numFmt).toBe('0.0%');
    expect(first.getCell('E2').value).toBe('03/04/2024');
    expect(first.getCell('E3').value).toBe('tomorrow');

    expect(second.getCell('A1').value).toBe('Total');
    expect(second.getCell('B1').value).toBe(12);
    expect(second.getCell('B1').numFmt).toBe('"$"#,##0.00');
  });

  it('writes formula-like text as neutralised text, never a formula, and -5.00 as a number', async () => {
    const workbook = await readBack(
      await tablesToXlsx([{ page: 1, rows: [[...INJECTIONS, '-5.00', '+3']] }], {
        baseName: 'x',
      }),
    );
    const row = sheetAt(workbook, 0).getRow(1);
    // XML reads a bare CR as a line feed: '\rx' comes back as '\nx', its apostrophe kept.
    INJECTIONS.forEach((cell, c) => {
      expect(row.getCell(c + 1).type).toBe(ExcelJS.ValueType.String);
      expect(row.getCell(c + 1).value).toBe(`'${cell.replace('\r', '\n')}`);
    });
    expect(row.getCell(INJECTIONS.length + 1).value).toBe(-5);
    expect(row.getCell(INJECTIONS.length + 2).value).toBe(3);
  });

  it('drops characters XML cannot hold so that the file still opens', async () => {
    const rows = [['a\u0000b\u0007c', 'lone \uD800 half', 'not \uFFFE a character', '😀 kept']];
    const workbook = await readBack(await tablesToXlsx([{ page: 1, rows }], { baseName: 'x' }));
    const row = sheetAt(workbook, 0).getRow(1);
    expect([1, 2, 3, 4].map((c) => row.getCell(c).value)).toEqual([
      'abc',
      'lone  half',
      'not  a character',
      '😀 kept',
    ]);
  });

  it('writes one empty sheet when no table was found', async () => {
    const workbook = await readBack(await tablesToXlsx([], { baseName: 'x' }));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Tables']);
  });
});

describe('sheetNames', () => {
  it('names each table after the file and its page, numbering several tables on a page', () => {
    expect(sheetNames([{ page: 1 }, { page: 2 }, { page: 2 }, { page: 3 }], 'Q3 results')).toEqual([
      'Q3 results p1',
      'Q3 results p2.1',
      'Q3 results p2.2',
      'Q3 results p3',
    ]);
  });

  it("keeps Excel's rules: no []:*?/\\, no edge apostrophes, at most 31 characters", () => {
    const [name = ''] = sheetNames([{ page: 12 }], "'a[b]c:d*e?f/g\\h' and a very long tail here");
    expect(name).toBe("a b c d e f g h' and a very p12");
    expect(name.length).toBeLessThanOrEqual(31);
    expect(name).not.toMatch(/[[\]:*?/\\]/);
  });

  it('drops control and bidi format characters from the name', () => {
    expect(sheetNames([{ page: 1 }], 'a\u0000b\u202Ec\u200Fd')).toEqual(['abcd p1']);
  });

  it('never cuts a character in two when clipping', () => {
    // ' p10' leaves 27 UTF-16 units: 13 emoji (26), not 13 and half of one.
    const [name] = sheetNames([{ page: 10 }], '😀'.repeat(20));
    expect(name).toBe(`${'😀'.repeat(13)} p10`);
  });

  it('falls back to "Table" for a blank or unusable name, and keeps clipped names unique', () => {
    expect(sheetNames([{ page: 1 }], ' ::// ')).toEqual(['Table p1']);
    const long = 'x'.repeat(40);
    const names = sheetNames([{ page: 1 }, { page: 1 }, { page: 11 }, { page: 2 }], long);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(4);
    expect(names.every((n) => n.length === 31)).toBe(true);
  });

  it('writes sheets Excel accepts even from a hostile base name', async () => {
    const workbook = await readBack(
      await tablesToXlsx(
        [
          { page: 1, rows: [['a']] },
          { page: 1, rows: [['b']] },
        ],
        { baseName: '[History]' },
      ),
    );
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'History p1.1',
      'History p1.2',
    ]);
  });
});

describe('safeDownloadName', () => {
  it.each([
    ['invoice.pdf', 'csv', 'invoice.csv'],
    ['../../etc/passwd', 'csv', 'passwd.csv'],
    ['C:\\Users\\me\\scan 1.png', 'xlsx', 'scan 1.xlsx'],
    ['a\u0000b\u001fc.pdf', 'csv', 'abc.csv'],
    ['"quoted" \'name\'.pdf', 'csv', 'quoted name.csv'],
    ['فاتورة مارس.pdf', 'xlsx', 'فاتورة مارس.xlsx'],
    ['report\u202Efdp.exe', 'csv', 'reportfdp.csv'],
    ['..', 'csv', 'tables.csv'],
    ['', 'xlsx', 'tables.xlsx'],
    ['/', 'csv', 'tables.csv'],
    ['CON.pdf', 'csv', 'CON_.csv'],
    ['a<b>c|d?.pdf', 'csv', 'abcd.csv'],
  ] as const)('%j as %s is %j', (fileName, ext, expected) => {
    expect(safeDownloadName(fileName, ext)).toBe(expected);
  });

  it('clips a long name to 100 characters', () => {
    expect(safeDownloadName(`${'n'.repeat(300)}.pdf`, 'csv')).toBe(`${'n'.repeat(100)}.csv`);
  });
});
