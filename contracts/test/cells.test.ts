import { neutraliseCell, rowsToTsv, tablesToTsv, typeCell } from '../src/cells.js';

describe('neutraliseCell', () => {
  it.each(['=SUM(A1:A2)', '+cmd|calc', '-2+3', '@SUM(1)', '\t=1', ' =1'])(
    'puts a quote before the formula-like %j',
    (cell) => {
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
    },
  );

  it.each(['-5.00', '+3', '−1,234.50', 'Total', ''])('leaves %j as it is', (cell) => {
    expect(neutraliseCell(cell)).toBe(cell);
  });
});

describe('typeCell', () => {
  it('reads a grouped currency amount as a number with its format', () => {
    expect(typeCell('$1,234.50')).toEqual({ kind: 'number', value: 1234.5, numFmt: '"$"#,##0.00' });
  });

  it('keeps a leading-zero code as text', () => {
    expect(typeCell('007')).toEqual({ kind: 'text', value: '007' });
  });
});

describe('rowsToTsv', () => {
  it('joins cells with tabs and rows with CRLF, formulas neutralised', () => {
    expect(
      rowsToTsv([
        ['Item', 'Amount'],
        ['=HYPERLINK("x")', '-5.00'],
      ]),
    ).toBe('Item\tAmount\r\n"\'=HYPERLINK(""x"")"\t-5.00');
  });

  it('quotes a cell holding a tab or a line break so it stays one cell', () => {
    expect(rowsToTsv([['a\tb', 'line 1\nline 2', 'plain']])).toBe(
      '"a\tb"\t"line 1\nline 2"\tplain',
    );
  });
});

describe('tablesToTsv', () => {
  it('separates tables by a blank line and skips empty ones', () => {
    expect(tablesToTsv([[['a', 'b']], [], [['c']]])).toBe('a\tb\r\n\r\nc');
  });
});
