import { parseCsv } from './csv.js';

describe('parseCsv (RFC 4180)', () => {
  it('reads plain fields, CRLF or LF records, and no trailing empty record', () => {
    expect(parseCsv('a,b\r\nc,d\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseCsv('a,,c')).toEqual([['a', '', 'c']]);
  });

  it('reads quoted fields holding commas, line breaks and doubled quotes', () => {
    expect(parseCsv('"x, y","line\nbreak","say ""hi"""\n""')).toEqual([
      ['x, y', 'line\nbreak', 'say "hi"'],
      [''],
    ]);
  });

  it('skips a byte order mark and refuses an unclosed quote', () => {
    expect(parseCsv('\ufeffa,b')).toEqual([['a', 'b']]);
    expect(() => parseCsv('"open')).toThrow('not closed');
  });
});
