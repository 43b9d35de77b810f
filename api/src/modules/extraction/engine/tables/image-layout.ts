import sharp from 'sharp';
import { checkImage, decodeUpright, deskew, detectSkew, heicToPng } from '../image-prep.js';
import { straightenPage } from '../page-outline.js';
import { evenBackground } from '../page-repair.js';
import type { Tesseract } from '../tesseract.js';
import type { LayoutPage, PageWord } from './layout.js';
import { findRulingLines } from './ruling-lines.js';

// An image (an upload, a scanned PDF page rendered by the page source, a phone photo) as the
// table reader sees a page: Tesseract's words with their boxes and confidences, and the ruling
// lines found in the pixels, both in the frame of the page as repaired (upright, straightened,
// levelled), so that words fall in the cells the lines draw.

export type ImageLayoutOptions = {
  /** The page number (an image is page 1; a PDF page rendered here, its number). */
  page: number;
  maxPixels: number;
  /** A scanned page: levelled when fed in askew. */
  scan?: boolean;
  /** A camera photo: a page seen at a slant on a table is straightened first. */
  photo?: boolean;
  /** Cancels the reading (Tesseract's process is killed). */
  signal?: AbortSignal;
};

// Tesseract's page segmentation for tables, read with the rules painted out. Measured on the
// specs' order table (28 words in its 24 cells), words of the table read exactly:
//   with its rules, clean page:   psm 3: 12, 4: 4, 6: 0, 11: 0, 12: 3 (rules read as letters);
//   painted out, clean page:      psm 3, 4, 6: 28; 11, 12: 25 (single-digit cells lost);
//   painted out, scan (1°, JPEG): psm 3: 23 (a column lost), 4: 27, 6: 27, 11, 12: 25;
//   painted out, photo:           psm 3, 4, 6: 28; 11, 12: 25.
// And on two real ruled pages (Tabula's test PDFs rendered at 200 dpi), words of the PDF's own
// text layer found (bag of words): spanning_cells, with rules: psm 3 0.996, 6 0.324; painted
// out: 3 0.840, 6 0.996. frx_2012_disclosure (7-pt print in 21-px rows, shaded rows), with
// rules: 3 0.832, 6 0.095; painted out: 3 0.725, 6 0.641 (small print: Tesseract is unsure
// of it whatever the mode). psm 6 (one uniform block of text) is the best of them over all
// five pages, and was the quickest (1.0-1.3 s a page here; 3: 1.0-1.5 s, 12: 1.4-2.4 s).
const PSM = 6;

/** Words that are only the remains of a rule (a vertical rule read as "|", an underline as "_"). */
const RULE_REMAINS = /^[|_\u2014\u2500\u2502]+$/;

/** The page's words and ruling lines (see the file's head); source 'ocr'. */
export async function readImageLayout(
  image: Buffer,
  tesseract: Tesseract,
  options: ImageLayoutOptions,
  workDir: string,
): Promise<LayoutPage> {
  const { maxPixels, signal } = options;
  const info = await checkImage(image, maxPixels);
  // Upright as the camera meant it (EXIF) and decoded once: the rules are looked for in the
  // pixels anyway. HEIC is decoded by heic-decode (sharp's libvips has no HEVC decoder).
  let page = await decodeUpright(
    info.format === 'heif' ? await heicToPng(image) : image,
    maxPixels,
  );
  signal?.throwIfAborted();
  // A phone photo of a page at a slant: the page warped to a rectangle (its rules parallel
  // again) and the table around it cropped away; OpenCV is loaded only for this.
  if (options.photo) {
    const straight = await straightenPage(page, { maxPixels }).catch(() => null);
    if (straight) page = straight.image;
  }
  // Levelled: rules are found along the image's axes only, and a page turned by 1° drifts 30 px
  // over a 1700-px rule. Measured on every page, not only scans (a small grey copy, ~80 ms),
  // as a photo straightened by its outline, or an image not called a scan, may still be askew.
  const skew = await detectSkew(page).catch(() => 0);
  if (skew !== 0) page = await deskew(page, skew);
  // The paper's light evened out on every page (the grey divided by the paper's brightness
  // around it: shading and tinted rows become white paper, print keeps its contrast). The text
  // reader does so only on unevenly lit pages, but tables are often printed on shaded rows,
  // which Tesseract dropped whole (the specs' banded table: 3 of 6 rows lost, 28/28 words
  // evened), and a straightened photo's paper is grey and darker to one side (measured 0.24, under
  // the text reader's 0.3: 3 amounts of the darker column lost or misread; all right evened).
  // Words of a real ruled page with shaded rows found (Tabula's frx_2012_disclosure, 200 dpi,
  // rules painted out, psm 6): 0.641 as it came, 0.966 evened; the scan of the specs: 27 of 28
  // words of its table, 28 evened. Cost: about 0.3 s a page here.
  page = await evenBackground(page);
  signal?.throwIfAborted();
  const { data, info: size } = await sharp(page)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = size;
  const grey = new Uint8Array(data.buffer, data.byteOffset, width * height);
  const { lines, erased } = findRulingLines({ data: grey, width, height });
  // Tesseract reads the page with its rules painted out (see PSM above).
  const forOcr =
    lines.length > 0
      ? await sharp(erased, { raw: { width, height, channels: 1 } })
          .png({ compressionLevel: 1 })
          .toBuffer()
      : page;
  const tsv = await tesseract.words(forOcr, workDir, { psm: PSM, ...(signal ? { signal } : {}) });
  return { page: options.page, width, height, source: 'ocr', words: parseWords(tsv), lines };
}

/**
 * The words of Tesseract's TSV (level 5 rows): text, box (left, top, right, bottom, in the
 * image's pixels) and confidence. Empty words and the remains of rules are left out.
 */
export function parseWords(tsv: string): PageWord[] {
  const words: PageWord[] = [];
  for (const line of tsv.split('\n')) {
    const cols = line.split('\t');
    if (cols[0] !== '5' || cols.length < 12) continue;
    const text = (cols[11] ?? '').trim();
    const confidence = Number(cols[10]);
    if (!text || !(confidence >= 0) || RULE_REMAINS.test(text)) continue;
    const [left, top, w, h] = cols.slice(6, 10).map(Number) as [number, number, number, number];
    words.push({
      text,
      x0: left,
      y0: top,
      x1: left + w,
      y1: top + h,
      confidence: Math.round(confidence * 10) / 10,
    });
  }
  return words;
}
