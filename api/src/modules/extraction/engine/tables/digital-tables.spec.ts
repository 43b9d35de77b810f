// The digital PDF table reader end to end on real PDFs made here with pdfkit: poppler's
// pdftotext and pdftocairo (in their children, under the engine's limits) read the words and
// ruling lines, findTables builds the tables, joinContinuedTables
// joins a table that runs over pages. Every expected cell is asserted.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_LIMITS } from '../limits.js';
import { findTables } from './find-tables.js';
import { joinContinuedTables } from './join-pages.js';
import type { FoundTable, LayoutPage } from './layout.js';
import { readPopplerLayout } from './poppler-layout.js';

// pdfkit ships no types; the few calls used here.
type Doc = {
  font(file: string): Doc;
  fontSize(size: number): Doc;
  text(text: string, x: number, y: number, options?: Record<string, unknown>): Doc;
  widthOfString(text: string): number;
  moveTo(x: number, y: number): Doc;
  lineTo(x: number, y: number): Doc;
  lineWidth(w: number): Doc;
  rect(x: number, y: number, w: number, h: number): Doc;
  stroke(): Doc;
  fill(color?: string): Doc;
  addPage(options?: Record<string, unknown>): Doc;
  on(event: 'data', cb: (chunk: Buffer) => void): Doc;
  on(event: 'end', cb: () => void): Doc;
  end(): void;
};
const PDFDocument = createRequire(import.meta.url)('pdfkit') as new (
  options?: Record<string, unknown>,
) => Doc;

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'digital-tables-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function makePdf(
  name: string,
  draw: (doc: Doc) => void,
  options: Record<string, unknown> = {},
): Promise<string> {
  const doc = new PDFDocument({ size: 'A4', margin: 0, ...options });
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.on('data', (c) => chunks.push(c));
  doc.font(FONT).fontSize(10);
  draw(doc);
  doc.end();
  await done;
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, Buffer.concat(chunks));
  return file;
}

/**
 * A ruled grid: horizontal rules at ys across xs, vertical rules at xs down ys, except the
 * vertical pieces listed in `open` ([row, boundary]: no rule at xs[boundary] in row `row`), which
 * makes a spanning cell.
 */
function grid(doc: Doc, xs: number[], ys: number[], open: [number, number][] = []): void {
  doc.lineWidth(0.8);
  const left = xs[0] ?? 0;
  const right = xs[xs.length - 1] ?? 0;
  for (const y of ys) doc.moveTo(left, y).lineTo(right, y).stroke();
  xs.forEach((x, b) => {
    for (let r = 0; r + 1 < ys.length; r++) {
      if (open.some(([or, ob]) => or === r && ob === b)) continue;
      doc
        .moveTo(x, ys[r] ?? 0)
        .lineTo(x, ys[r + 1] ?? 0)
        .stroke();
    }
  });
}

/** Cell texts written at a grid's cells (3 pt padding), a row of strings per row of the grid. */
function fill(doc: Doc, xs: number[], ys: number[], rows: (string | null)[][]): void {
  rows.forEach((row, r) =>
    row.forEach((text, c) => {
      if (text) doc.text(text, (xs[c] ?? 0) + 3, (ys[r] ?? 0) + 4, { lineBreak: false });
    }),
  );
}

async function layout(file: string, pages = [1]): Promise<LayoutPage[]> {
  // The engine's own child limits (address space and CPU), as it will run the reader.
  return readPopplerLayout(file, pages, {
    timeoutMs: 30_000,
    process: { memoryBytes: DEFAULT_LIMITS.childMemoryBytes, cpuSeconds: 30 },
  });
}

const rowsOf = (tables: FoundTable[]) => tables.map((t) => t.rows);

describe('digital PDF tables', () => {
  it('reads a ruled table: a spanning header in its first cell, a multi-line cell as one cell', async () => {
    const xs = [50, 170, 260, 350];
    const ys = [100, 120, 140, 175, 195];
    const file = await makePdf('ruled', (doc) => {
      doc.text('Sales report for the year, not part of any table.', 50, 60, { lineBreak: false });
      // Row 0: "Product" then one cell spanning the two amount columns.
      grid(doc, xs, ys, [[0, 2]]);
      doc.text('Product', 53, 104, { lineBreak: false });
      doc.text('Quarterly sales in euros', 173, 104, { lineBreak: false });
      fill(doc, xs, ys, [[], ['', 'Q1', 'Q2']]);
      // A two-line cell.
      doc.text('Steel bolts', 53, 144, { lineBreak: false });
      doc.text('(boxes of 100)', 53, 157, { lineBreak: false });
      doc.text('1,200.50', 173, 144, { lineBreak: false });
      doc.text('980.00', 263, 144, { lineBreak: false });
      doc.text('Nuts', 53, 179, { lineBreak: false });
      doc.text('15.00', 173, 179, { lineBreak: false });
      doc.text('17.25', 263, 179, { lineBreak: false });
    });
    const [page] = await layout(file);
    expect(page?.lines.length).toBeGreaterThan(0);
    const tables = findTables(page as LayoutPage);
    expect(tables).toHaveLength(1);
    expect(tables[0]).toMatchObject({ method: 'lattice', page: 1, pages: [1] });
    expect(tables[0]?.rows).toEqual([
      ['Product', 'Quarterly sales in euros', ''],
      ['', 'Q1', 'Q2'],
      ['Steel bolts (boxes of 100)', '1,200.50', '980.00'],
      ['Nuts', '15.00', '17.25'],
    ]);
    // A PDF's own words are exact: no confidence.
    expect(tables[0]?.confidence).toBeUndefined();
  });

  it('reads an unruled table from the alignment of its words, leaving the prose out', async () => {
    const file = await makePdf('stream', (doc) => {
      doc.text('Our members, listed by city. This sentence is prose, not a table.', 50, 60, {
        lineBreak: false,
      });
      const rows = [
        ['Name', 'City', 'Joined', 'Fee'],
        ['Ann Lee', 'Oslo', '2019-04-01', '10.00'],
        ['Bob de Vries', 'Den Haag', '2020-11-15', '120.50'],
        ['Cy Twombly', 'Rome', '2021-01-09', '7.25'],
        ['Dora Maar', 'Paris', '', '99.99'],
      ];
      const xs = [50, 180, 290, 400];
      rows.forEach((row, r) =>
        row.forEach((text, c) => {
          if (!text) return;
          // The last column right-aligned at 460, as amounts are.
          const x = c === 3 ? 460 - doc.widthOfString(text) : (xs[c] ?? 0);
          doc.text(text, x, 100 + r * 16, { lineBreak: false });
        }),
      );
      doc.text('Fees are in euros and are due each January.', 50, 220, { lineBreak: false });
    });
    const [page] = await layout(file);
    expect(page?.lines).toEqual([]);
    const tables = findTables(page as LayoutPage);
    expect(tables.map((t) => t.method)).toEqual(['stream']);
    expect(tables[0]?.rows).toEqual([
      ['Name', 'City', 'Joined', 'Fee'],
      ['Ann Lee', 'Oslo', '2019-04-01', '10.00'],
      ['Bob de Vries', 'Den Haag', '2020-11-15', '120.50'],
      ['Cy Twombly', 'Rome', '2021-01-09', '7.25'],
      ['Dora Maar', 'Paris', '', '99.99'],
    ]);
  });

  it("keeps an invoice's totals under its item table apart: their labels span the item columns", async () => {
    const file = await makePdf('totals', (doc) => {
      const items = [
        ['Description', 'Qty', 'Unit price', 'Amount'],
        ['Cable installation (metres)', '4', '£2.33', '£9.32'],
        ['Ergonomic office chair', '2', '£227.82', '£455.64'],
        ['Laptop docking station', '6', '£151.78', '£910.68'],
      ];
      const right = [0, 330, 390, 520];
      items.forEach((row, r) =>
        row.forEach((text, c) => {
          const x = c === 0 ? 50 : (right[c] ?? 0) - doc.widthOfString(text);
          doc.text(text, x, 100 + r * 16, { lineBreak: false });
        }),
      );
      // The totals' labels start under the quantity and run under the price.
      const totals = [
        ['Subtotal', '£1,375.64'],
        ['Tax (5%)', '£68.78'],
        ['Amount due', '£1,444.42'],
      ];
      totals.forEach(([label = '', amount = ''], r) => {
        doc.text(label, 310, 180 + r * 16, { lineBreak: false });
        doc.text(amount, 520 - doc.widthOfString(amount), 180 + r * 16, { lineBreak: false });
      });
    });
    const [page] = await layout(file);
    expect(rowsOf(findTables(page as LayoutPage))).toEqual([
      [
        ['Description', 'Qty', 'Unit price', 'Amount'],
        ['Cable installation (metres)', '4', '£2.33', '£9.32'],
        ['Ergonomic office chair', '2', '£227.82', '£455.64'],
        ['Laptop docking station', '6', '£151.78', '£910.68'],
      ],
      [
        ['Subtotal', '£1,375.64'],
        ['Tax (5%)', '£68.78'],
        ['Amount due', '£1,444.42'],
      ],
    ]);
  });

  it('joins an unruled cell wrapped onto a second line, keeping rows spaced like rows', async () => {
    const file = await makePdf('wrapped', (doc) => {
      const xs = [50, 120, 330, 420];
      const line = (r: number, cells: string[], dy = 0) =>
        cells.forEach((t, c) => {
          if (t) doc.text(t, xs[c] ?? 0, 100 + r * 24 + dy, { lineBreak: false });
        });
      line(0, ['SKU', 'Description', 'Qty', 'Price']);
      line(1, ['A-100', 'Hex bolt, zinc plated,', '40', '0.35']);
      line(1, ['', 'M8 x 40 mm'], 12);
      // The rows below move down by the wrapped line, as a writer lays them out.
      line(2, ['B-220', 'Washer', '200', '0.02'], 12);
      // A group label spaced as a row: a row of its own.
      line(3, ['Tools'], 12);
      line(4, ['C-310', 'Torque wrench 1/2"', '1', '89.00'], 12);
    });
    const [page] = await layout(file);
    const tables = findTables(page as LayoutPage);
    expect(rowsOf(tables)).toEqual([
      [
        ['SKU', 'Description', 'Qty', 'Price'],
        ['A-100', 'Hex bolt, zinc plated, M8 x 40 mm', '40', '0.35'],
        ['B-220', 'Washer', '200', '0.02'],
        ['Tools', '', '', ''],
        ['C-310', 'Torque wrench 1/2"', '1', '89.00'],
      ],
    ]);
  });

  it('keeps two unruled tables apart where the columns change; two columns of prose are no table', async () => {
    const put = (doc: Doc, rows: string[][], xs: number[], y0: number) =>
      rows.forEach((row, r) =>
        row.forEach((t, c) => doc.text(t, xs[c] ?? 0, y0 + r * 16, { lineBreak: false })),
      );
    const file = await makePdf('two-stream', (doc) => {
      put(
        doc,
        [
          ['Name', 'Role', 'Since'],
          ['Ann', 'Chef', '2019'],
          ['Bob', 'Waiter', '2021'],
        ],
        [50, 150, 250],
        100,
      );
      // A caption at the rows' own spacing: only the change of columns separates the tables.
      doc.text('Stock by warehouse and month', 50, 148, { lineBreak: false });
      put(
        doc,
        [
          ['Item', 'Oslo', 'Rome', 'Lima', 'Total'],
          ['Salt', '1', '2', '3', '6'],
          ['Rice', '4', '5', '6', '15'],
        ],
        [50, 120, 190, 260, 330],
        164,
      );
      const words = 'the quick brown fox jumps over the lazy dog and keeps running far away';
      const list = words.split(' ');
      for (let r = 0; r < 10; r++) {
        doc.text(list.slice(r % 5, (r % 5) + 7).join(' '), 50, 400 + r * 13, { lineBreak: false });
        doc.text(list.slice(r % 4, (r % 4) + 6).join(' '), 320, 400 + r * 13, { lineBreak: false });
      }
    });
    const [page] = await layout(file);
    expect(rowsOf(findTables(page as LayoutPage))).toEqual([
      [
        ['Name', 'Role', 'Since'],
        ['Ann', 'Chef', '2019'],
        ['Bob', 'Waiter', '2021'],
      ],
      [
        ['Item', 'Oslo', 'Rome', 'Lima', 'Total'],
        ['Salt', '1', '2', '3', '6'],
        ['Rice', '4', '5', '6', '15'],
      ],
    ]);
  });

  it('keeps two ruled tables on one page apart', async () => {
    const file = await makePdf('two', (doc) => {
      const xa = [50, 150, 250];
      const ya = [80, 100, 120, 140];
      grid(doc, xa, ya);
      fill(doc, xa, ya, [
        ['Code', 'Country'],
        ['NO', 'Norway'],
        ['IT', 'Italy'],
      ]);
      doc.text('The second table lists rates.', 50, 160, { lineBreak: false });
      const xb = [50, 130, 210, 290];
      const yb = [190, 210, 230];
      grid(doc, xb, yb);
      fill(doc, xb, yb, [
        ['Year', 'Rate', 'Index'],
        ['2024', '4.5%', '101.2'],
      ]);
    });
    const [page] = await layout(file);
    const tables = findTables(page as LayoutPage);
    expect(rowsOf(tables)).toEqual([
      [
        ['Code', 'Country'],
        ['NO', 'Norway'],
        ['IT', 'Italy'],
      ],
      [
        ['Year', 'Rate', 'Index'],
        ['2024', '4.5%', '101.2'],
      ],
    ]);
    expect(tables.map((t) => t.method)).toEqual(['lattice', 'lattice']);
  });

  it('joins a table that continues on the next page under a repeated header', async () => {
    const xs = [50, 200, 300];
    const header = ['Item', 'Qty'];
    const file = await makePdf('pages', (doc) => {
      const ys1 = [600, 620, 640, 660, 680];
      grid(doc, xs, ys1);
      fill(doc, xs, ys1, [header, ['Apples', '3'], ['Pears', '5'], ['Plums', '8']]);
      doc.addPage({ size: 'A4', margin: 0 });
      doc.font(FONT).fontSize(10);
      const ys2 = [60, 80, 100, 120];
      grid(doc, xs, ys2);
      fill(doc, xs, ys2, [header, ['Figs', '13'], ['Kiwis', '21']]);
      doc.text('A different table below, same width but its own header.', 50, 300, {
        lineBreak: false,
      });
    });
    const pages = await layout(file, [1, 2]);
    expect(pages.map((p) => p.page)).toEqual([1, 2]);
    const found = pages.flatMap((p) => findTables(p));
    expect(found).toHaveLength(2);
    const joined = joinContinuedTables(found);
    expect(joined).toHaveLength(1);
    expect(joined[0]).toMatchObject({ page: 1, pages: [1, 2] });
    expect(joined[0]?.rows).toEqual([
      ['Item', 'Qty'],
      ['Apples', '3'],
      ['Pears', '5'],
      ['Plums', '8'],
      ['Figs', '13'],
      ['Kiwis', '21'],
    ]);
  });

  it('joins a continuation by the rows it repeats, or header-less at the top of the next page when page heights are known', () => {
    const piece = (page: number, y0: number, y1: number, rows: string[][]): FoundTable => ({
      page,
      pages: [page],
      rows,
      method: 'lattice',
      bbox: { x0: 50, y0, x1: 300, y1 },
    });
    const first = piece(1, 500, 800, [
      ['Item', 'Qty'],
      ['Apples', '3'],
    ]);
    const next = piece(2, 40, 120, [
      ['Figs', '13'],
      ['Kiwis', '21'],
    ]);
    const heights = { 1: 842, 2: 842 };
    expect(joinContinuedTables([first, next], { pageHeights: heights })).toEqual([
      {
        ...first,
        pages: [1, 2],
        rows: [
          ['Item', 'Qty'],
          ['Apples', '3'],
          ['Figs', '13'],
          ['Kiwis', '21'],
        ],
      },
    ]);
    // Without page heights, or when the second starts lower down, or has another width: apart.
    expect(joinContinuedTables([first, next])).toHaveLength(2);
    expect(
      joinContinuedTables([first, { ...next, bbox: { ...next.bbox, y0: 400 } }], {
        pageHeights: heights,
      }),
    ).toHaveLength(2);
    expect(
      joinContinuedTables([first, { ...next, rows: [['Figs', '13', 'x']] }], {
        pageHeights: heights,
      }),
    ).toHaveLength(2);
    // A title row above the header on the first page only, then both repeated: dropped.
    const titled = { ...first, rows: [['Fruit stock', ''], ...first.rows] };
    const again = { ...next, bbox: { ...next.bbox, y0: 300 } };
    expect(
      joinContinuedTables([titled, { ...again, rows: [['Item', 'Qty'], ...next.rows] }])[0]?.rows,
    ).toEqual([
      ['Fruit stock', ''],
      ['Item', 'Qty'],
      ['Apples', '3'],
      ['Figs', '13'],
      ['Kiwis', '21'],
    ]);
    expect(
      joinContinuedTables([
        titled,
        { ...again, rows: [...titled.rows.slice(0, 2), ...next.rows] },
      ])[0]?.rows,
    ).toEqual([
      ['Fruit stock', ''],
      ['Item', 'Qty'],
      ['Apples', '3'],
      ['Figs', '13'],
      ['Kiwis', '21'],
    ]);
    // Not on the next page: apart.
    expect(
      joinContinuedTables([first, { ...next, page: 3, pages: [3] }], { pageHeights: heights }),
    ).toHaveLength(2);
  });

  it('reads a Hebrew table in logical order: letters inside a word, words inside a cell', async () => {
    // Hebrew reads right to left: the first column is the rightmost, and a cell's first word is
    // its rightmost. Each word is drawn on its own at its place, as many PDF writers do.
    const xs = [100, 220, 340, 460];
    const ys = [100, 120, 140, 160];
    const cells = [
      ['שם', 'עיר', 'סכום'],
      ['דוד כהן', 'תל אביב', '120'],
      ['שרה לוי', 'באר שבע', '75.5'],
    ];
    const file = await makePdf('hebrew', (doc) => {
      grid(doc, xs, ys);
      cells.forEach((row, r) =>
        row.forEach((text, c) => {
          // Column c's right edge, minus padding; words laid out leftwards.
          let right = (xs[xs.length - 1 - c] ?? 0) - 3;
          for (const word of text.split(' ')) {
            const w = doc.widthOfString(word);
            doc.text(word, right - w, (ys[r] ?? 0) + 4, { lineBreak: false });
            right -= w + doc.widthOfString(' ');
          }
        }),
      );
    });
    const [page] = await layout(file);
    // A word comes out in logical order (pdftotext gives a right-to-left word's glyphs in page
    // order; the reader reverses them).
    expect(page?.words.map((w) => w.text)).toEqual(expect.arrayContaining(['סכום', 'אביב']));
    const tables = findTables(page as LayoutPage);
    expect(tables).toHaveLength(1);
    // Columns in page order (left to right), as Tabula writes them; each cell in reading order.
    expect(tables[0]?.rows).toEqual(cells.map((row) => [...row].reverse()));
  });

  it('reads an unruled table inside a plain frame by its alignment, not as one big cell', async () => {
    const file = await makePdf('frame', (doc) => {
      // A box with a rule under the header, whose lower cell holds the whole body.
      doc.lineWidth(0.8).rect(40, 90, 400, 100).stroke();
      doc.moveTo(40, 114).lineTo(440, 114).stroke();
      // And a rule down its right part (a notes column left empty): a 2 × 2 "grid".
      doc.moveTo(400, 90).lineTo(400, 190).stroke();
      const rows = [
        ['Region', 'Units', 'Revenue'],
        ['North', '12', '1,400'],
        ['South', '7', '980'],
        ['West', '30', '3,050'],
      ];
      rows.forEach((row, r) =>
        row.forEach((t, c) => doc.text(t, 50 + c * 120, 100 + r * 18, { lineBreak: false })),
      );
    });
    const [page] = await layout(file);
    expect(page?.lines).toHaveLength(6);
    const tables = findTables(page as LayoutPage);
    expect(tables.map((t) => t.method)).toEqual(['stream']);
    expect(tables[0]?.rows).toEqual([
      ['Region', 'Units', 'Revenue'],
      ['North', '12', '1,400'],
      ['South', '7', '980'],
      ['West', '30', '3,050'],
    ]);
  });

  it('gives a page without text no words (the caller reads it by OCR), a damaged file FILE_CORRUPT, a locked one PDF_ENCRYPTED', async () => {
    const file = await makePdf('blank', (doc) => {
      // A scan-like page: a picture and a stray page number, too little text to read it by.
      doc.rect(50, 50, 200, 100).fill('#333333');
      doc.fill('#000000').text('7', 290, 800, { lineBreak: false });
      doc.addPage({ size: 'A4', margin: 0 });
      doc.font(FONT).fontSize(10).text('Only page two has words.', 50, 50, { lineBreak: false });
    });
    const pages = await layout(file, [1, 2]);
    expect(pages.map((p) => ({ page: p.page, words: p.words.length }))).toEqual([
      { page: 1, words: 0 },
      { page: 2, words: 5 },
    ]);
    expect(pages[0]).toMatchObject({
      source: 'pdf-text',
      lines: [],
      width: 595.28,
      height: 841.89,
    });
    expect(pages[1]?.words[0]).toMatchObject({ text: 'Only' });
    expect(pages[1]?.words[0]?.x0).toBeCloseTo(50, 0);
    const broken = path.join(dir, 'broken.pdf');
    await writeFile(broken, '%PDF-1.7\nthis is not a PDF body\n');
    await expect(layout(broken)).rejects.toMatchObject({ code: 'FILE_CORRUPT' });
    const locked = await makePdf(
      'locked',
      (doc) => doc.text('Secret table', 50, 50, { lineBreak: false }),
      { userPassword: 'hunter2' },
    );
    await expect(layout(locked)).rejects.toMatchObject({ code: 'PDF_ENCRYPTED' });
  });

  it('puts words and lines in one frame on a turned page whose crop box is smaller than its media box', async () => {
    const file = await makePdf('turned', (doc) => {
      doc.text('Hello', 100, 100, { lineBreak: false });
      doc.lineWidth(1).moveTo(100, 130).lineTo(400, 130).stroke();
      // pdfkit writes no CropBox or Rotate of its own: set them on the page's dictionary.
      const page = (doc as unknown as { page: { dictionary: { data: Record<string, unknown> } } })
        .page;
      page.dictionary.data.CropBox = [50, 100, 545, 741];
      page.dictionary.data.Rotate = 90;
    });
    const [page] = await layout(file);
    // The page as shown: the crop box (495 × 641 pt) turned a quarter clockwise.
    expect(page).toMatchObject({ width: 641, height: 495 });
    // The rule (user space y 711.89, x 100-400) runs down the shown page, left of the word.
    expect(page?.lines).toEqual([{ x0: 611.89, y0: 50, x1: 611.89, y1: 350 }]);
    const hello = page?.words.find((w) => w.text === 'Hello');
    expect(hello?.x0).toBeGreaterThan(611.89);
    expect(hello?.x1).toBeCloseTo(641.89, 1);
    expect(hello?.y0).toBeCloseTo(50, 0);
  });

  it('reads an unruled table on shaded stripes by its words, not as a column of boxes', async () => {
    const rows = [
      ['Name', 'City', 'Fee'],
      ['Ann', 'Oslo', '10'],
      ['Bob', 'Rome', '20'],
      ['Cy', 'Lima', '30'],
    ];
    const file = await makePdf('stripes', (doc) => {
      rows.forEach((row, r) => {
        // Touching bands, alternately grey and white: their edges read as rules.
        doc.rect(45, 96 + r * 18, 300, 18).fill(r % 2 ? '#ffffff' : '#dddddd');
        doc.fill('#000000');
        row.forEach((t, c) => doc.text(t, 50 + c * 100, 100 + r * 18, { lineBreak: false }));
      });
    });
    const [page] = await layout(file);
    expect(page?.lines.length).toBeGreaterThanOrEqual(8);
    const tables = findTables(page as LayoutPage);
    expect(tables.map((t) => t.method)).toEqual(['stream']);
    expect(tables[0]?.rows).toEqual(rows);
  });

  it('reads an open grid: rules across the table and between columns, none at its sides', async () => {
    const xs = [40, 150, 250, 340];
    const ys = [100, 120, 140, 160];
    const rows = [
      ['Country', 'Capital', 'Population'],
      ['Norway', 'Oslo', '5.5 m'],
      ['Peru', 'Lima', '34 m'],
    ];
    const file = await makePdf('open', (doc) => {
      doc.lineWidth(0.8);
      for (const y of ys) doc.moveTo(40, y).lineTo(340, y).stroke();
      for (const x of [150, 250]) doc.moveTo(x, 100).lineTo(x, 160).stroke();
      fill(doc, xs, ys, rows);
    });
    const [page] = await layout(file);
    const tables = findTables(page as LayoutPage);
    expect(tables.map((t) => t.method)).toEqual(['lattice']);
    expect(tables[0]?.rows).toEqual(rows);
  });

  it('reads rules drawn as thin filled bars (as word processors draw them) as single lines', async () => {
    const xs = [60, 160, 260];
    const ys = [100, 122, 144];
    const rows = [
      ['Metal', 'Price'],
      ['Tin', '31.50'],
    ];
    const file = await makePdf('bars', (doc) => {
      // Bars 2.4 pt thick: their two long edges are further apart than two strokes of one rule.
      for (const y of ys) doc.rect(60 - 1.2, y - 1.2, 202.4, 2.4).fill('#000000');
      for (const x of xs) doc.rect(x - 1.2, 100 - 1.2, 2.4, 46.4).fill('#000000');
      fill(doc, xs, ys, rows);
    });
    const [page] = await layout(file);
    expect(page?.lines).toHaveLength(6);
    const tables = findTables(page as LayoutPage);
    expect(tables.map((t) => t.rows)).toEqual([rows]);
  });

  it('keeps a cell confidence for OCR words: the lowest of its words, null when empty', () => {
    const page: LayoutPage = {
      page: 1,
      width: 400,
      height: 200,
      source: 'ocr',
      words: [
        { text: 'Total', x0: 12, y0: 12, x1: 50, y1: 22, confidence: 91 },
        { text: 'due', x0: 55, y0: 12, x1: 75, y1: 22, confidence: 64 },
        { text: '12.00', x0: 112, y0: 12, x1: 150, y1: 22, confidence: 88 },
        { text: 'Paid', x0: 12, y0: 42, x1: 40, y1: 52, confidence: 95 },
      ],
      lines: [
        { x0: 10, y0: 10, x1: 210, y1: 10 },
        { x0: 10, y0: 30, x1: 210, y1: 30 },
        { x0: 10, y0: 60, x1: 210, y1: 60 },
        { x0: 10, y0: 10, x1: 10, y1: 60 },
        { x0: 110, y0: 10, x1: 110, y1: 60 },
        { x0: 210, y0: 10, x1: 210, y1: 60 },
      ],
    };
    const [table] = findTables(page);
    expect(table?.rows).toEqual([
      ['Total due', '12.00'],
      ['Paid', ''],
    ]);
    expect(table?.confidence).toEqual([
      [64, 88],
      [95, null],
    ]);
  });

  it('reads an unruled table from OCR word boxes, tight as Tesseract draws them', () => {
    // Lowercase words are only x-high (7 px at a 14 px em), spaces about 4 px, columns 40 px apart.
    const word = (text: string, x0: number, y0: number, tall: boolean, confidence = 90) => ({
      text,
      x0,
      x1: x0 + text.length * 7,
      y0: tall ? y0 : y0 + 3,
      y1: y0 + 10,
      confidence,
    });
    const words = [
      word('Id', 10, 10, true),
      word('Unit', 130, 10, true),
      word('Cost', 230, 10, true),
      // The body's words all lowercase: their boxes alone would make a word space look wide.
      word('oak', 10, 40, false),
      word('ash', 35, 40, false),
      word('pair', 130, 40, false),
      word('some', 230, 40, false, 71),
      word('sea', 10, 70, false),
      word('cure', 35, 70, false),
      word('one', 130, 70, false),
      word('none', 230, 70, false),
    ];
    const [table] = findTables({
      page: 1,
      width: 400,
      height: 120,
      source: 'ocr',
      words,
      lines: [],
    });
    expect(table?.rows).toEqual([
      ['Id', 'Unit', 'Cost'],
      ['oak ash', 'pair', 'some'],
      ['sea cure', 'one', 'none'],
    ]);
    expect(table?.confidence).toEqual([
      [90, 90, 90],
      [90, 90, 71],
      [90, 90, 90],
    ]);
  });

  it('reads only the area asked for', async () => {
    const file = await makePdf('area', (doc) => {
      const rows = [
        ['North', '10', '20'],
        ['South', '30', '40'],
        ['East', '50', '60'],
      ];
      rows.forEach((row, r) =>
        row.forEach((t, c) => doc.text(t, 60 + c * 90, 100 + r * 16, { lineBreak: false })),
      );
      rows.forEach((row, r) =>
        row.forEach((t, c) => doc.text(t, 60 + c * 90, 400 + r * 16, { lineBreak: false })),
      );
    });
    const [page] = await layout(file);
    const all = findTables(page as LayoutPage);
    expect(all).toHaveLength(2);
    const cropped = findTables(page as LayoutPage, { area: { x0: 40, y0: 390, x1: 400, y1: 450 } });
    expect(rowsOf(cropped)).toEqual([
      [
        ['North', '10', '20'],
        ['South', '30', '40'],
        ['East', '50', '60'],
      ],
    ]);
    expect(cropped[0]?.bbox.y0).toBeGreaterThan(390);
  });
});
