import sharp from 'sharp';

// Math's members as module bindings: the pixel loops call them per pixel, and looking the global
// `Math` up in a loop is ~100x slower where the API tests run this code (Jest's vm context).
const { ceil, floor, max, min, round } = Math;

// Steps for hard pages, run only after an unsure first reading (see read-text.ts): the light
// evened out, small print enlarged. Each measures the image first and does nothing when it
// finds nothing to repair.

// The background is estimated on a copy this wide, where print has blurred into light grey.
const BACKGROUND_WIDTH = 400;
// Evened out when the page's background varies by this fraction of its brightest part (a
// receipt photo at 0.24 read worse evened out; shaded pages measure 0.5 and more).
const UNEVEN = 0.3;
const PAPER = 0.85;
const NOT_PAPER = 0.35;
const TABLE_SHARE = 0.1;

/**
 * How unevenly the page is lit: (bright - dark) / bright of its background, estimated as the
 * local maximum of a small grey copy (print is darker than the paper around it). 0 on a flat scan.
 */
export async function backgroundUnevenness(image: Buffer): Promise<number> {
  return (await measureLight(image)).unevenness;
}

/**
 * Where the ink is on a small copy of the page (1: darker than INK of the paper around it), and
 * the width of the page it was made from (to place the reading's word boxes on it).
 */
export type InkMap = { data: Uint8Array; width: number; height: number; pageWidth: number };

// Darker than this share of its background is ink.
const INK = 0.7;

/** The page's unevenness of light (backgroundUnevenness) and its ink, from one small grey copy. */
export async function measureLight(image: Buffer): Promise<{ unevenness: number; ink: InkMap }> {
  const { data, small, width, height, pageWidth } = await backgroundMap(image);
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < ink.length; i++) ink[i] = (small[i] ?? 0) < (data[i] ?? 0) * INK ? 1 : 0;
  return { unevenness: unevenness(data), ink: { data: ink, width, height, pageWidth } };
}

/**
 * The share of the page's ink that lies in the boxes of the words read ([left, top, right,
 * bottom] in the page's pixels); 1 when there is no ink. Text that Tesseract's layout analysis
 * dropped (a line askew or letter-spaced, read as an image or not at all) leaves ink uncovered.
 */
export function inkCovered(ink: InkMap, boxes: readonly (readonly number[])[]): number {
  const scale = ink.width / ink.pageWidth;
  const covered = new Uint8Array(ink.data.length);
  for (const [left = 0, top = 0, right = 0, bottom = 0] of boxes) {
    const x0 = max(0, floor(left * scale) - 1);
    const x1 = min(ink.width - 1, ceil(right * scale) + 1);
    const y0 = max(0, floor(top * scale) - 1);
    const y1 = min(ink.height - 1, ceil(bottom * scale) + 1);
    for (let y = y0; y <= y1; y++) covered.fill(1, y * ink.width + x0, y * ink.width + x1 + 1);
  }
  let total = 0;
  let inside = 0;
  for (let i = 0; i < ink.data.length; i++) {
    if (!ink.data[i]) continue;
    total += 1;
    inside += covered[i] ?? 0;
  }
  return total === 0 ? 1 : inside / total;
}

function unevenness(data: Uint8Array): number {
  const sorted = Uint8Array.from(data).sort();
  const dark = sorted[floor(sorted.length * 0.05)] ?? 0;
  const bright = sorted[floor(sorted.length * 0.95)] ?? 0;
  if (bright === 0) return 0;
  // A page photographed on a table (much of the frame far darker than any paper): its light is
  // left to the page outline's crop, as evening the table as well read such photos worse (the
  // slanted-photo fixture: CER 0.420 plain, 0.694 evened).
  const notPaper = sorted.findIndex((v) => v >= bright * NOT_PAPER);
  if (notPaper > sorted.length * TABLE_SHARE) return 0;
  return (bright - dark) / bright;
}

export const isUneven = (unevenness: number): boolean => unevenness >= UNEVEN;

/**
 * The paper's brightness over a small grey copy: a 7x7 maximum (print removed), smoothed; with the
 * copy itself and the page's width.
 */
async function backgroundMap(image: Buffer): Promise<{
  data: Uint8Array;
  small: Uint8Array;
  width: number;
  height: number;
  pageWidth: number;
}> {
  const pageWidth = (await sharp(image).metadata()).width;
  const small = await sharp(image)
    .greyscale()
    .resize({ width: BACKGROUND_WIDTH, kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = small.info;
  const brightest = new Uint8Array(width * height);
  const r = 3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = 0;
      for (let dy = -r; dy <= r; dy++) {
        const yy = min(height - 1, max(0, y + dy));
        for (let dx = -r; dx <= r; dx++) {
          const xx = min(width - 1, max(0, x + dx));
          const v = small.data[yy * width + xx] ?? 0;
          if (v > m) m = v;
        }
      }
      brightest[y * width + x] = m;
    }
  }
  const smooth = await sharp(brightest, { raw: { width, height, channels: 1 } })
    .blur(2)
    .extractChannel(0) // sharp writes a raw grey image out as three channels otherwise
    .raw()
    .toBuffer();
  return { data: smooth, small: small.data, width, height, pageWidth };
}

/**
 * The page in grey with its background divided out: shadows and uneven light become white paper,
 * print keeps its contrast against what surrounds it.
 */
export async function evenBackground(image: Buffer): Promise<Buffer> {
  const map = await backgroundMap(image);
  const grey = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = grey.info;
  const background = await sharp(map.data, {
    raw: { width: map.width, height: map.height, channels: 1 },
  })
    .resize(width, height, { kernel: 'linear', fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  // Darker than this share of the brightest paper is no paper (a table around a photographed
  // page): left white, not evened into texture that Tesseract reads as words.
  const sorted = Uint8Array.from(map.data).sort();
  const notPaper = (sorted[floor(sorted.length * 0.95)] ?? 255) * NOT_PAPER;
  const out = Buffer.alloc(width * height);
  for (let i = 0; i < out.length; i++) {
    if ((background[i] ?? 255) < notPaper) {
      out[i] = 255;
      continue;
    }
    // Paper up to 15 % darker than its surroundings (noise, banding of the shade) becomes white.
    const bg = max((background[i] ?? 255) * PAPER, 16);
    out[i] = min(255, round(((grey.data[i] ?? 0) * 255) / bg));
  }
  return sharp(out, { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

// Word boxes (ascender to descender, about twice the x-height) below this many pixels are small
// print for Tesseract, which reads best at an x-height of 20 px or more; enlarged to this height.
const SMALL_TEXT = 26;
const TARGET_TEXT = 40;
const MAX_ENLARGE = 3;

/** By how much to enlarge print whose words are `textHeight` px high; 1 when large enough. */
export function enlargement(textHeight: number): number {
  if (textHeight <= 0 || textHeight >= SMALL_TEXT) return 1;
  return min(MAX_ENLARGE, round((TARGET_TEXT / textHeight) * 10) / 10);
}

/** The image enlarged by `factor` (Lanczos), as a PNG. */
export async function enlarge(image: Buffer, factor: number): Promise<Buffer> {
  const { width } = await sharp(image).metadata();
  return sharp(image)
    .resize({ width: round(width * factor), kernel: 'lanczos3' })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
