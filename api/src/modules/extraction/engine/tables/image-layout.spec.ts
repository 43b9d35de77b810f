import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import sharp from 'sharp';
import {
  ORDER_TABLE,
  photographed,
  scanned,
  tablePage,
  type TablePage,
} from '../../../../testing/table-image.js';
import { openCvLoaded } from '../page-outline.js';
import { Tesseract } from '../tesseract.js';
import { parseWords, readImageLayout, type ImageLayoutOptions } from './image-layout.js';
import type { LayoutPage, PageWord } from './layout.js';

// Images of a table page, drawn with known rules and cells (testing/table-image.ts), read with
// real Tesseract: the rules found must be the drawn grid, and each cell's words must fall in
// that cell of the grid found. (A test-only check of words in cells, not the table finder.)

jest.setTimeout(180_000);

const horizontals = (page: LayoutPage) =>
  page.lines.filter((l) => l.y0 === l.y1).sort((a, b) => a.y0 - b.y0);
const verticals = (page: LayoutPage) =>
  page.lines.filter((l) => l.x0 === l.x1).sort((a, b) => a.x0 - b.x0);

/**
 * `found` as `scale · drawn + offset` (least squares): how far each position found lies from
 * the drawn one so mapped. A straightened photo's page has its own size; a scan levelled on a
 * larger canvas its own offset.
 */
function fit(drawn: number[], found: number[]): { scale: number; offset: number; worst: number } {
  const n = drawn.length;
  const mx = drawn.reduce((s, v) => s + v, 0) / n;
  const my = found.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  drawn.forEach((x, i) => {
    sxy += (x - mx) * ((found[i] ?? 0) - my);
    sxx += (x - mx) ** 2;
  });
  const scale = sxy / sxx;
  const offset = my - scale * mx;
  const worst = Math.max(...drawn.map((x, i) => Math.abs(scale * x + offset - (found[i] ?? 0))));
  return { scale, offset, worst };
}

/** The words whose centres fall in each cell of the grid xs × ys, by row, left to right. */
function cells(words: PageWord[], xs: number[], ys: number[]): PageWord[][][] {
  const grid = ys.slice(1).map(() => xs.slice(1).map((): PageWord[] => []));
  for (const word of words) {
    const cx = (word.x0 + word.x1) / 2;
    const cy = (word.y0 + word.y1) / 2;
    const column = xs.findIndex((x, i) => i + 1 < xs.length && cx >= x && cx < (xs[i + 1] ?? 0));
    const row = ys.findIndex((y, i) => i + 1 < ys.length && cy >= y && cy < (ys[i + 1] ?? 0));
    if (column >= 0 && row >= 0) grid[row]?.[column]?.push(word);
  }
  for (const row of grid) for (const cell of row) cell.sort((a, b) => a.x0 - b.x0);
  return grid;
}

const text = (cell: PageWord[]) => cell.map((w) => w.text).join(' ');

/** The page's rules are the drawn grid: count, position (within `tolerance` px), extent. */
function expectGrid(page: LayoutPage, drawn: TablePage, tolerance: number) {
  const h = horizontals(page);
  const v = verticals(page);
  expect(h.map((l) => l.y0)).toHaveLength(drawn.ys.length);
  expect(v.map((l) => l.x0)).toHaveLength(drawn.xs.length);
  const across = fit(
    drawn.xs,
    v.map((l) => l.x0),
  );
  const down = fit(
    drawn.ys,
    h.map((l) => l.y0),
  );
  expect(across.worst).toBeLessThanOrEqual(tolerance);
  expect(down.worst).toBeLessThanOrEqual(tolerance);
  // Each rule runs the table's width or height, as drawn.
  const x = (at: number) => across.scale * at + across.offset;
  const y = (at: number) => down.scale * at + down.offset;
  for (const line of h) {
    expect(Math.abs(line.x0 - x(drawn.xs[0] ?? 0))).toBeLessThanOrEqual(tolerance + 3);
    expect(Math.abs(line.x1 - x(drawn.xs.at(-1) ?? 0))).toBeLessThanOrEqual(tolerance + 3);
  }
  for (const line of v) {
    expect(Math.abs(line.y0 - y(drawn.ys[0] ?? 0))).toBeLessThanOrEqual(tolerance + 3);
    expect(Math.abs(line.y1 - y(drawn.ys.at(-1) ?? 0))).toBeLessThanOrEqual(tolerance + 3);
  }
  return { across, down, xs: v.map((l) => l.x0), ys: h.map((l) => l.y0) };
}

/**
 * Each cell of the grid found holds the words of the drawn cell: every cell but `misread` read
 * exactly, and a misread cell flagged by a low confidence; no word of the table elsewhere.
 */
function expectCells(page: LayoutPage, xs: number[], ys: number[], misread = 0) {
  const grid = cells(page.words, xs, ys);
  let exact = 0;
  ORDER_TABLE.forEach((row, r) =>
    row.forEach((want, c) => {
      const cell = grid[r]?.[c] ?? [];
      if (text(cell) === want) exact += 1;
      else expect(Math.min(...cell.map((w) => w.confidence ?? 100))).toBeLessThan(50);
    }),
  );
  expect(exact).toBeGreaterThanOrEqual(24 - misread);
  // The words of the table are all inside it: none read into the prose around it.
  const inside = grid.flat(2).length;
  const outside = page.words.filter(
    (w) => (w.y0 + w.y1) / 2 > (ys[0] ?? 0) && (w.y0 + w.y1) / 2 < (ys.at(-1) ?? 0),
  ).length;
  expect(outside).toBe(inside);
}

describe('readImageLayout', () => {
  let dir: string;
  let tesseract: Tesseract;
  let ruled: TablePage;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'image-layout-'));
    tesseract = new Tesseract({ binary: 'tesseract', timeoutMs: 60_000, tempDir: () => dir });
    ruled = await tablePage(ORDER_TABLE, { ruled: true });
  });
  afterAll(async () => {
    await tesseract.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const read = (image: Buffer, options: Partial<ImageLayoutOptions> = {}) =>
    readImageLayout(image, tesseract, { page: 1, maxPixels: 50_000_000, ...options }, dir);

  it('finds the drawn grid of a ruled table, and reads every cell with the rules painted out (an image turned by its EXIF orientation read upright)', async () => {
    // Stored on its side, with the tag saying to turn it 90° clockwise for display.
    const sideways = await sharp(ruled.image)
      .rotate(270)
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 92 })
      .toBuffer();
    const page = await read(sideways);
    expect(page).toMatchObject({ page: 1, width: 1700, height: 2200, source: 'ocr' });
    // The same frame as the drawing: positions to the pixel.
    const { across, down, xs, ys } = expectGrid(page, ruled, 1);
    expect(across.scale).toBeCloseTo(1, 2);
    expect(down.scale).toBeCloseTo(1, 2);
    expect(Math.abs(across.offset)).toBeLessThanOrEqual(1);
    expectCells(page, xs, ys);
    // Every word has Tesseract's confidence, and the prose is read too.
    expect(page.words.every((w) => typeof w.confidence === 'number')).toBe(true);
    expect(page.words.map((w) => w.text).slice(0, 3)).toEqual(['Quarterly', 'order', 'summary']);
    // A clean page never loads OpenCV (only a photo's outline needs it).
    expect(openCvLoaded()).toBe(false);
  });

  it('finds no rules on an unruled page (letters, a bold heading), and reads its cells', async () => {
    const unruled = await tablePage(ORDER_TABLE, { ruled: false });
    const page = await read(unruled.image);
    expect(page.lines).toEqual([]);
    expectCells(page, unruled.xs, unruled.ys);
  });

  it('levels a scan turned 1°, blurred and saved as JPEG, whose hairline rules it left faint grey: the grid found, the cells read', async () => {
    // 1-px rules, blurred by the scanner to 50-60 grey levels under the paper: at a stricter
    // ink threshold (darker than 0.8 of the paper) they were lost or found in broken pieces;
    // unlevelled, no rule is found at all.
    const hairline = await tablePage(ORDER_TABLE, { ruled: true, ruleWidth: 1 });
    const page = await read(await scanned(hairline, 1), { scan: true });
    // Levelled on a larger canvas: same scale, another offset.
    const { across, down, xs, ys } = expectGrid(page, hairline, 2);
    expect(across.scale).toBeCloseTo(1, 2);
    expect(down.scale).toBeCloseTo(1, 2);
    expectCells(page, xs, ys);
    expect(openCvLoaded()).toBe(false);
  });

  it('reads the cells of shaded rows, scanned (the paper evened out)', async () => {
    // The header and every other row printed on grey, as many tables are.
    const banded = await tablePage(ORDER_TABLE, { ruled: true, banded: true });
    const page = await read(await scanned(banded, -1.5), { scan: true });
    const { xs, ys } = expectGrid(page, banded, 2);
    expectCells(page, xs, ys);
  });

  it('reads a Hebrew table again with the Hebrew model, in its own letters', async () => {
    // Read in English only, Hebrew comes out as unsure Latin garbage ("nyX", "TKI!"); the page
    // is read again with the script's models, English kept for the Latin words and numbers.
    const months = [
      ['חודש', 'עונה', 'ימים'],
      ['ינואר', 'חורף', '31'],
      ['פברואר', 'חורף', '28'],
      ['מרץ', 'אביב', '31'],
      ['אפריל', 'אביב', '30'],
      ['מאי', 'אביב', '31'],
    ];
    // A Hebrew page: its heading and prose in Hebrew too (on a mostly English page, a few
    // unsure Hebrew words do not set off the second reading).
    const hebrew = await tablePage(months, {
      ruled: true,
      prose: {
        heading: 'חודשי השנה',
        above: [
          'הטבלה שלהלן מציגה את חודשי השנה, את העונה שבה הם חלים ואת מספר הימים בכל חודש.',
          'בשנה מעוברת יש בחודש פברואר יום נוסף, והמספרים שבטבלה אינם משתנים.',
        ],
        below: 'הנתונים נאספו מלוח השנה הגרגוריאני הנהוג ברוב מדינות העולם.',
      },
    });
    const page = await read(await scanned(hebrew, 1), { scan: true });
    const { xs, ys } = expectGrid(page, hebrew, 2);
    const grid = cells(page.words, xs, ys);
    // Tesseract's direction marks around words are left out (parseWords).
    const texts = grid.map((row) => row.map(text));
    const exact = months.flat().filter((want, k) => texts[Math.floor(k / 3)]?.[k % 3] === want);
    // Read with the English model only, only the numbers come out right (5 of the 18).
    expect(exact.length).toBeGreaterThanOrEqual(15);
  });

  it('straightens a phone photo of the page (slant, shade, JPEG): the grid found, the cells read', async () => {
    const page = await read(await photographed(ruled), { photo: true });
    const { across, down, xs, ys } = expectGrid(page, ruled, 3);
    // The page warped to a rectangle of its own size, its proportions kept.
    expect(across.scale / down.scale).toBeCloseTo(1, 1);
    expectCells(page, xs, ys);
  });

  it('cancels: an aborted reading rejects', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(read(ruled.image, { signal: controller.signal })).rejects.toThrow();
  });
});

describe('parseWords', () => {
  it("keeps level-5 words with their boxes and confidences, and drops empty ones, rules' remains and unsure specks", () => {
    const row = (level: number, box: number[], conf: number, word: string) =>
      [level, 1, 1, 1, 1, 1, ...box, conf, word].join('\t');
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      row(1, [0, 0, 1700, 2200], -1, ''),
      row(5, [168, 446, 60, 28], 96.4321, 'Item'),
      row(5, [300, 446, 4, 60], 31, '|'),
      row(5, [400, 446, 10, 20], -1, ' '),
      row(5, [882, 517, 33, 27], 97, '12'),
      // An underline stuck to a word, a speck between columns, a printed dash.
      row(5, [168, 517, 90, 28], 91, 'Zones___'),
      row(5, [300, 517, 20, 8], 31, '~~'),
      row(5, [700, 517, 12, 4], 93, '-'),
    ].join('\n');
    expect(parseWords(tsv)).toEqual([
      { text: 'Item', x0: 168, y0: 446, x1: 228, y1: 474, confidence: 96.4 },
      { text: '12', x0: 882, y0: 517, x1: 915, y1: 544, confidence: 97 },
      { text: 'Zones', x0: 168, y0: 517, x1: 258, y1: 545, confidence: 91 },
      { text: '-', x0: 700, y0: 517, x1: 712, y1: 521, confidence: 93 },
    ]);
  });
});
