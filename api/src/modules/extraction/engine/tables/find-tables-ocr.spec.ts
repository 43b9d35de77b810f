import { findTables } from './find-tables.js';
import type { LayoutPage, PageWord, RulingLine } from './layout.js';

// The table finder on a page read from pixels: its rules are what the image showed, and a faint
// rule may be found in pieces. (The words and rules are given here as an OCR page has them, so
// that exactly one piece of one rule is missing; image-layout.spec reads real images.)

const word = (text: string, x0: number, y0: number, confidence?: number): PageWord => ({
  text,
  x0,
  y0,
  x1: x0 + text.length * 14,
  y1: y0 + 24,
  ...(confidence === undefined ? {} : { confidence }),
});

// A grid of three columns (x 100, 400, 700, 1000) and four rows (y 100, 160, ..., 340). The rule
// between the first two columns is found only over the first two rows (y 100 to 220).
const H = [100, 160, 220, 280, 340];
const lines: RulingLine[] = [
  ...H.map((y) => ({ x0: 100, x1: 1000, y0: y, y1: y })),
  { x0: 100, x1: 100, y0: 100, y1: 340 },
  { x0: 400, x1: 400, y0: 100, y1: 220 },
  { x0: 700, x1: 700, y0: 100, y1: 340 },
  { x0: 1000, x1: 1000, y0: 100, y1: 340 },
];

function page(confidence: number | undefined, third: PageWord[]): LayoutPage {
  return {
    page: 1,
    width: 1100,
    height: 500,
    source: confidence === undefined ? 'pdf-text' : 'ocr',
    lines,
    words: [
      word('Month', 120, 118, confidence),
      word('Name', 420, 118, confidence),
      word('Days', 720, 118, confidence),
      word('January', 120, 178, confidence),
      word('Janvier', 420, 178, confidence),
      word('31', 720, 178, confidence),
      ...third,
      word('March', 120, 298, confidence),
      word('Mars', 420, 298, confidence),
      word('31', 720, 298, confidence),
    ],
  };
}

describe('findTables on a page read from pixels', () => {
  it('keeps two cells apart where a piece of their rule was lost and no word lies across it', () => {
    const third = [
      word('February', 120, 238, 90),
      word('Fevrier', 420, 238, 90),
      word('28', 720, 238, 90),
    ];
    const [table] = findTables(page(90, third));
    expect(table?.rows).toEqual([
      ['Month', 'Name', 'Days'],
      ['January', 'Janvier', '31'],
      ['February', 'Fevrier', '28'],
      ['March', 'Mars', '31'],
    ]);
  });

  it('keeps a cell spanning two columns whole when its text lies across the missing rule', () => {
    // One long note over both columns, across x = 400.
    const third = [word('Leap years add one day here', 150, 238, 90), word('29', 720, 238, 90)];
    const [table] = findTables(page(90, third));
    expect(table?.rows[2]).toEqual(['Leap years add one day here', '', '29']);
    expect(table?.rows[3]).toEqual(['March', 'Mars', '31']);
  });

  it("reads a PDF's own missing rule as a spanning cell, as drawn", () => {
    // A digital page's rules are exactly what was drawn: no rule, no border.
    const third = [word('February', 120, 238), word('Fevrier', 420, 238), word('28', 720, 238)];
    const [table] = findTables(page(undefined, third));
    expect(table?.rows[2]).toEqual(['February Fevrier', '', '28']);
  });
});
