import { parseExtractTablesArgs } from './extract-tables-args.js';

describe('parseExtractTablesArgs', () => {
  it('reads a file alone as every page, tables mode, JSON to standard output', () => {
    expect(parseExtractTablesArgs(['report.pdf'])).toEqual({
      kind: 'run',
      options: { file: 'report.pdf', invoice: false, format: 'json' },
    });
  });

  it('reads --page N as the one-page range N-N', () => {
    expect(parseExtractTablesArgs(['a.pdf', '--page', '3'])).toEqual({
      kind: 'run',
      options: { file: 'a.pdf', pages: { first: 3, last: 3 }, invoice: false, format: 'json' },
    });
  });

  it('reads --pages A-B, --invoice, --format and --out, in any order', () => {
    expect(
      parseExtractTablesArgs([
        '--invoice',
        '--pages',
        '2-5',
        'a.pdf',
        '--format=xlsx',
        '--out',
        'o.xlsx',
      ]),
    ).toEqual({
      kind: 'run',
      options: {
        file: 'a.pdf',
        pages: { first: 2, last: 5 },
        invoice: true,
        format: 'xlsx',
        out: 'o.xlsx',
      },
    });
    expect(parseExtractTablesArgs(['a.png', '--pages', '4-4', '--format', 'csv'])).toEqual({
      kind: 'run',
      options: { file: 'a.png', pages: { first: 4, last: 4 }, invoice: false, format: 'csv' },
    });
  });

  it('answers --help and -h with help', () => {
    expect(parseExtractTablesArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseExtractTablesArgs(['a.pdf', '-h'])).toEqual({ kind: 'help' });
  });

  it.each([
    [[], 'FILE is missing.'],
    [['a.pdf', 'b.pdf'], 'One FILE only (got 2).'],
    [['a.pdf', '--page', '1', '--pages', '1-2'], 'Give --page or --pages, not both.'],
    [['a.pdf', '--page', '0'], '--page must be a page number from 1 (got "0").'],
    [['a.pdf', '--page', '2.5'], '--page must be a page number from 1 (got "2.5").'],
    [['a.pdf', '--page', 'x'], '--page must be a page number from 1 (got "x").'],
    [
      ['a.pdf', '--pages', '5-2'],
      '--pages must be a range A-B of page numbers with A ≤ B (got "5-2").',
    ],
    [
      ['a.pdf', '--pages', '0-2'],
      '--pages must be a range A-B of page numbers with A ≤ B (got "0-2").',
    ],
    [
      ['a.pdf', '--pages', '3'],
      '--pages must be a range A-B of page numbers with A ≤ B (got "3").',
    ],
    [
      ['a.pdf', '--pages', '1-2-3'],
      '--pages must be a range A-B of page numbers with A ≤ B (got "1-2-3").',
    ],
    [['a.pdf', '--format', 'pdf'], '--format must be json, csv or xlsx (got "pdf").'],
    [['a.pdf', '--format', 'xlsx'], '--format xlsx writes a file: give --out PATH.'],
    [['a.pdf', '--out='], '--out needs a path.'],
  ])('refuses %j: %s', (args, message) => {
    expect(parseExtractTablesArgs(args)).toEqual({ kind: 'error', message });
  });

  it("refuses an unknown flag or a flag without its value in node:util's words", () => {
    const message = (args: string[]) => {
      const parsed = parseExtractTablesArgs(args);
      return parsed.kind === 'error' ? parsed.message : `not refused: ${parsed.kind}`;
    };
    expect(message(['a.pdf', '--sheet', 'x'])).toBe("Unknown option '--sheet'.");
    expect(message(['a.pdf', '--page'])).toContain("Option '--page <value>' argument missing");
    const flagWithValue = parseExtractTablesArgs(['a.pdf', '--invoice=yes']);
    expect(flagWithValue.kind).toBe('error');
  });
});
