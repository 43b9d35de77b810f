import sharp from 'sharp';
import { homography, photographedCorners, type Point } from './page-photo.js';

// Math's members as module bindings: the pixel loops call them per pixel, and looking the global
// `Math` up in a loop is ~100x slower where the API tests run this code (Jest's vm context).
const { floor, round, sin } = Math;

// A page with a table on it, drawn here as SVG (DejaVu Sans) and rendered by sharp at 200 dpi, so
// that where every ruling line and every cell lies is known to the pixel; then the same page as a
// scanner gives it (turned a degree, a little blurred, JPEG) and as a phone photographs it (seen
// at a slant on a table, shaded from one side, JPEG).

export type TablePage = {
  /** The page as a PNG, white paper, black ink. */
  image: Buffer;
  width: number;
  height: number;
  /** The x of each vertical and the y of each horizontal rule, left to right, top to bottom. */
  xs: number[];
  ys: number[];
  /** The cells' text, row by row. */
  cells: string[][];
};

export type TableOptions = {
  /** Draw the grid (a ruled table) or not (the same cells, aligned only). */
  ruled: boolean;
  /** Shade every other row grey (the header and odd rows), as many printed tables do. */
  banded?: boolean;
  /** The rules' width in pixels (3 unless given): a hairline, once scanned, is a faint grey. */
  ruleWidth?: number;
  /** The heading and the lines of prose around the table (English unless given). */
  prose?: { heading: string; above: [string, string]; below: string };
};

const DPI = 200;
const PAGE = { width: round(8.5 * DPI), height: 11 * DPI };
const FONT = (10 / 72) * DPI; // 10 pt
const LEFT = 150;
const TOP = 420;
const COLUMNS = [520, 260, 300, 300];
const ROW = 72;
const PAD = 16;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page: a heading and a paragraph of prose, the table, a line of prose under it. */
export async function tablePage(cells: string[][], options: TableOptions): Promise<TablePage> {
  const xs = [LEFT];
  for (const w of COLUMNS) xs.push((xs.at(-1) ?? 0) + w);
  const ys = cells.map((_, i) => TOP + i * ROW);
  ys.push(TOP + cells.length * ROW);
  const text: string[] = [];
  const put = (x: number, y: number, s: string, size = FONT, weight = 'normal') =>
    text.push(
      `<text x="${String(x)}" y="${String(y)}" font-family="DejaVu Sans" font-size="${String(size)}" font-weight="${weight}">${escape(s)}</text>`,
    );
  const prose = options.prose ?? {
    heading: 'Quarterly order summary',
    above: [
      'The figures below were taken from the order book on the first of the month.',
      'Prices are per unit and exclude tax; amounts are rounded to the cent.',
    ],
    below: 'Orders placed after the twentieth are counted next month.',
  };
  put(LEFT, 200, prose.heading, FONT * 1.6, 'bold');
  put(LEFT, 280, prose.above[0]);
  put(LEFT, 330, prose.above[1]);
  cells.forEach((row, r) =>
    row.forEach((cell, c) => {
      // Numbers right-aligned in their cell, as printed tables do.
      const numeric = c > 0 && r > 0;
      const x = numeric ? (xs[c + 1] ?? 0) - PAD : (xs[c] ?? 0) + PAD;
      const anchor = numeric ? ' text-anchor="end"' : '';
      text.push(
        `<text x="${String(x)}" y="${String((ys[r] ?? 0) + ROW / 2 + FONT * 0.36)}"${anchor} font-family="DejaVu Sans" font-size="${String(FONT)}"${r === 0 ? ' font-weight="bold"' : ''}>${escape(cell)}</text>`,
      );
    }),
  );
  put(LEFT, (ys.at(-1) ?? 0) + 110, prose.below);
  const rules: string[] = [];
  const bands = options.banded
    ? ys
        .slice(0, -1)
        .filter((_, r) => r % 2 === 0)
        .map(
          (y) =>
            `<rect x="${String(xs[0])}" y="${String(y)}" width="${String((xs.at(-1) ?? 0) - (xs[0] ?? 0))}" height="${String(ROW)}" fill="#bdbdbd"/>`,
        )
    : [];
  if (options.ruled) {
    const [x0, x1, y0, y1] = [xs[0] ?? 0, xs.at(-1) ?? 0, ys[0] ?? 0, ys.at(-1) ?? 0];
    for (const x of xs)
      rules.push(
        `<line x1="${String(x)}" y1="${String(y0)}" x2="${String(x)}" y2="${String(y1)}"/>`,
      );
    for (const y of ys)
      rules.push(
        `<line x1="${String(x0)}" y1="${String(y)}" x2="${String(x1)}" y2="${String(y)}"/>`,
      );
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${String(PAGE.width)}" height="${String(PAGE.height)}">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>${bands.join('')}` +
    `<g stroke="#000000" stroke-width="${String(options.ruleWidth ?? 3)}">${rules.join('')}</g>` +
    `<g fill="#000000">${text.join('')}</g></svg>`;
  const image = await sharp(Buffer.from(svg)).greyscale().png().toBuffer();
  return { image, ...PAGE, xs, ys, cells };
}

/** The page as a flatbed scanner gives it: turned by `degrees`, a little blurred, a JPEG. */
export async function scanned(page: TablePage, degrees = 1): Promise<Buffer> {
  const turned = await sharp(page.image)
    .rotate(degrees, { background: '#ffffff' })
    .png()
    .toBuffer();
  return sharp(turned).blur(0.8).jpeg({ quality: 70 }).toBuffer();
}

/**
 * The page photographed by a phone: lying on a brown table, tilted back by 18° and turned 6°
 * sideways and 4° in its plane, its height filling 72 % of a 2400×3200 photo, the light
 * falling off to 55 % across it, a JPEG.
 */
export async function photographed(page: TablePage): Promise<Buffer> {
  const [width, height] = [2400, 3200];
  const corners = photographedCorners(
    page.width / page.height,
    { width, height },
    { tilt: 18, turn: 6, roll: 4, fill: 0.72 },
  );
  const { data: src } = await sharp(page.image)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pageCorners: Point[] = [
    [0, 0],
    [page.width, 0],
    [page.width, page.height],
    [0, page.height],
  ];
  const h = homography(corners, pageCorners);
  const at = (i: number) => h[i] ?? 0;
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cx = x + 0.5;
      const cy = y + 0.5;
      const w = at(6) * cx + at(7) * cy + 1;
      const px = (at(0) * cx + at(1) * cy + at(2)) / w - 0.5;
      const py = (at(3) * cx + at(4) * cy + at(5)) / w - 0.5;
      // Light falling off from the top left to the bottom right.
      const light = 1 - 0.45 * ((x / width + y / height) / 2);
      const o = (y * width + x) * 3;
      if (px >= 0 && py >= 0 && px < page.width - 1 && py < page.height - 1) {
        const x0 = floor(px);
        const y0 = floor(py);
        const fx = px - x0;
        const fy = py - y0;
        const v = (xx: number, yy: number) => src[yy * page.width + xx] ?? 0;
        const value =
          v(x0, y0) * (1 - fx) * (1 - fy) +
          v(x0 + 1, y0) * fx * (1 - fy) +
          v(x0, y0 + 1) * (1 - fx) * fy +
          v(x0 + 1, y0 + 1) * fx * fy;
        // Paper a little warm.
        out[o] = round(value * light);
        out[o + 1] = round(value * 0.98 * light);
        out[o + 2] = round(value * 0.93 * light);
      } else {
        const grain = 18 * sin(y / 9 + sin(x / 140) * 3);
        out[o] = round((112 + grain) * light);
        out[o + 1] = round((78 + grain) * light);
        out[o + 2] = round((50 + grain) * light);
      }
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .blur(0.7)
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** The table the specs draw: an order list, a text column and three of numbers. */
export const ORDER_TABLE: string[][] = [
  ['Item', 'Quantity', 'Unit price', 'Amount'],
  ['Paper clips', '12', '0.45', '5.40'],
  ['Stapler', '2', '14.90', '29.80'],
  ['Printer paper', '5', '6.25', '31.25'],
  ['Envelopes', '200', '0.08', '16.00'],
  ['Ink cartridge', '3', '27.50', '82.50'],
];
