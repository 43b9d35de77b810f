import sharp from 'sharp';
import { checkImage, decodeUpright, deskew, detectSkew, heicToPng } from '../image-prep.js';
import { straightenPage } from '../page-outline.js';
import { evenBackground } from '../page-repair.js';
import { DEFAULT_MODELS, modelsForScript } from '../scripts.js';
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
  /**
   * A scanned page. Accepted as the text reader takes it, but every page here is measured for
   * skew and levelled (rules are found along the image's axes only), so it changes nothing yet.
   */
  scan?: boolean;
  /** A camera photo: a page seen at a slant on a table is straightened first. */
  photo?: boolean;
  /** Cancels the reading (Tesseract's process is killed). */
  signal?: AbortSignal;
};

// Tesseract's page segmentation for tables, on the page as prepared here (rules painted out,
// light evened). Words of the specs' order table read exactly (28 words in its 24 cells):
//   clean page:                       psm 3: 28, 4: 28, 6: 28, 11: 25 (single digits lost);
//   scan (1°, blur, JPEG), clean rows: psm 3: 23 (a column lost), 4: 28, 6: 28, 11: 25;
//   scan with shaded rows:            psm 3: 23, 4: 28, 6: 28, 11: 25;
//   phone photo:                      psm 3: 28, 4: 28, 6: 28, 11: 25.
// Words of two real ruled pages found (Tabula's test PDFs at 200 dpi against their own text
// layer): spanning_cells psm 3: 0.816, 4: 0.816, 6: 0.996, 11: 0.816; frx_2012_disclosure
// (7-pt print in 21-px rows, shaded rows) psm 3: 0.877, 4: 0.963, 6: 0.966, 11: 0.880. With its
// rules left in, the clean page read 12 of its 28 table words at psm 3, 4 at psm 4, 0 at psm 6
// (rules read as letters, rows lost). psm 6 (one uniform block of text) is best or level on
// every page, and as quick as any (0.4-1.5 s a page here; 3 and 11 up to 2.5 s).
const PSM = 6;

/** Words that are only the remains of a rule (a vertical rule read as "|", an underline as "_"). */
const RULE_REMAINS = /^[|_\u2014\u2500\u2502]+$/;
// Tesseract puts direction marks (LRM, RLM) around words of the other direction on a line:
// invisible, they would still be carried into every cell and spreadsheet.
const BIDI_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/**
 * A rule's remains stuck to a word's ends ("Zones___", "|October"): bars, and underscores two or
 * more (one is print: "New_Salem" may be read as "New" and "_Salem").
 */
const RULE_ENDS = /^(?:[|\u2502]+|_{2,})|(?:[|\u2502]+|_{2,})$/g;
// Specks, a rule's broken edge or JPEG noise read as marks ("~~", "=", "'") with low confidence:
// in the gap between two columns, such a mark joined them (a scanned page's last two columns
// read as one over 40 rows: "7 ~~ Asia/Almaty"). Dashes and dots are kept however unsure: a
// faint "-" inside a cell ("CST - SK") is print.
const SPECKS = /^[~=_'"`\u2018\u2019\u201c\u201d]+$/;
const SPECK_CONFIDENCE = 60;

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
  const read = async (languages: string) =>
    parseWords(
      await tesseract.words(forOcr, workDir, {
        psm: PSM,
        languages,
        ...(signal ? { signal } : {}),
      }),
    );
  let words = await read(DEFAULT_MODELS);
  if (unsure(words)) {
    // Read in English, a page in another script is mostly low-confidence Latin letters (a
    // Hebrew and Arabic table: 28 of 51 words under 60, against 5 of 119 on an English one).
    // Such a page is read again with the models of its script, English kept beside them for the
    // Latin words and numbers such tables carry; the reading Tesseract is surer of is kept.
    const models = await otherScriptModels(forOcr, tesseract, workDir, signal);
    if (models) {
      const again = await read(models);
      if (meanConfidence(again) > meanConfidence(words)) words = again;
    }
  }
  return { page: options.page, width, height, source: 'ocr', words, lines };
}

/** A word Tesseract is unsure of, and the share of such words that makes a reading unsure. */
const UNSURE_WORD = 60;
const UNSURE_SHARE = 0.3;
const MIN_WORDS_TO_JUDGE = 8;

function unsure(words: PageWord[]): boolean {
  const lettered = words.filter((w) => /\p{L}/u.test(w.text));
  if (lettered.length < MIN_WORDS_TO_JUDGE) return false;
  const low = lettered.filter((w) => (w.confidence ?? 100) < UNSURE_WORD).length;
  return low >= lettered.length * UNSURE_SHARE;
}

function meanConfidence(words: PageWord[]): number {
  if (words.length === 0) return 0;
  return words.reduce((sum, w) => sum + (w.confidence ?? 0), 0) / words.length;
}

/**
 * The models to read an unsure page again with, English added; null when there is none to try.
 * OSD names the script when it is sure of it (Cyrillic, Greek, CJK pages). On a table that
 * mixes a right-to-left script with Latin words and numbers it is not (a Hebrew and Arabic
 * month table: "Arabic" at 0.39 scanned, "Latin" at 0.35 photographed, both under its bar), so
 * an unsure page without a sure script is tried with Hebrew and Arabic: read in English, their
 * letters are what comes out as confident-looking Latin garbage.
 */
async function otherScriptModels(
  image: Buffer,
  tesseract: Tesseract,
  workDir: string,
  signal: AbortSignal | undefined,
): Promise<string | null> {
  const installed = await tesseract.models();
  const osd = await tesseract.detectOrientation(image, workDir, signal);
  const script = osd.script && osd.script !== 'Latin' ? osd.script : null;
  const wanted = script ? modelsForScript(script, installed) : RTL_MODELS;
  const models = [...wanted.split('+'), DEFAULT_MODELS].filter(
    (model, i, all) => installed.has(model) && all.indexOf(model) === i,
  );
  return models.length > 1 ? models.join('+') : null;
}

const RTL_MODELS = 'heb+ara';

/**
 * The words of Tesseract's TSV (level 5 rows): text, box (left, top, right, bottom, in the
 * image's pixels) and confidence. Empty words and the remains of rules are left out.
 */
export function parseWords(tsv: string): PageWord[] {
  const words: PageWord[] = [];
  for (const line of tsv.split('\n')) {
    const cols = line.split('\t');
    if (cols[0] !== '5' || cols.length < 12) continue;
    const text = (cols[11] ?? '').replace(BIDI_MARKS, '').trim().replace(RULE_ENDS, '');
    const confidence = Number(cols[10]);
    if (!text || !(confidence >= 0) || RULE_REMAINS.test(text)) continue;
    if (confidence < SPECK_CONFIDENCE && SPECKS.test(text)) continue;
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
