// A small RFC 4180 reader (no CSV parser is among the project's packages): fields separated by
// commas, records by CRLF or LF; a field in double quotes may hold commas, line breaks and doubled
// quotes. Used by `npm run bench:tables` to read the expected tables.
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let open = false; // something of the current record was read
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (; i < text.length; i++) {
    const ch = text.charAt(i);
    open = true;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') field += text.charAt(++i);
      else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endField();
      rows.push(row);
      row = [];
      open = false;
    } else field += ch;
  }
  if (quoted) throw new Error('CSV: a quoted field is not closed');
  if (open) {
    endField();
    rows.push(row);
  }
  return rows;
}
