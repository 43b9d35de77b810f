import { joinHyphenatedWords } from './clean-output.js';
import { ExtractionError } from './errors.js';
import {
  checkImage,
  decodeUpright,
  deskew,
  detectSkew,
  heicToPng,
  prepareForOcr,
  uprightImage,
  type ImageInfo,
} from './image-prep.js';
import { cjkModels, latinLanguageModel, modelsForScript } from './scripts.js';
import type { Osd, Recognition, Tesseract } from './tesseract.js';
import type { VisionReader } from './vision-reader.js';

// The text reader: one image (an upload, or a PDF page rendered by the page source) to text.

/** What reads text: Tesseract alone, the vision model alone, or Tesseract escalating to it. */
export type Reader =
  | { kind: 'local'; tesseract: Tesseract }
  | { kind: 'vision'; reader: Pick<VisionReader, 'read'> }
  | { kind: 'auto'; tesseract: Tesseract; reader: Pick<VisionReader, 'read'> };

export type ReadOptions = {
  maxPixels: number;
  /** A PDF page rendered here: a scan, levelled when it was fed in askew. */
  scan?: boolean;
  /** Translate while reading (a language name, for the vision model). */
  targetLanguage?: string;
};

/** The text read, and whether the reader translated it already (the vision model does). */
export type ReadResult = { text: string; translated: boolean };

// Above this mean word confidence an upright English reading is kept as is: most pages are,
// and they then cost one Tesseract run, like plain Tesseract.
const CONFIDENT = 75;
// OSD starts this long after the first reading of a small image unless that reading has
// finished confidently (most small images are screenshots and lines of print, read in well
// under that); beside the reading of a larger one it starts at once, as its reading takes a
// while anyway and an unsure one (handwriting, turned pages) would otherwise wait for it.
const OSD_AFTER_MS = 250;
const OSD_AT_ONCE_PIXELS = 1_000_000;
// A turned or other-script second reading must reach this to be preferred.
const TRUST_SECOND = 60;
// Below this, with the auto engine, the page (often handwriting) goes to the vision model.
const ESCALATE_BELOW = 60;

export async function readImage(
  bytes: Buffer,
  reader: Reader,
  options: ReadOptions,
  workDir: string,
): Promise<ReadResult> {
  const info = await checkImage(bytes, options.maxPixels);
  // Neither Tesseract nor the vision models read HEIC: it is decoded here once.
  const image = info.format === 'heif' ? await heicToPng(bytes) : bytes;
  const translated = options.targetLanguage !== undefined;
  if (reader.kind === 'vision') {
    const text = await reader.reader.read(
      image,
      optional({ targetLanguage: options.targetLanguage }),
    );
    return { text, translated };
  }
  const local = await ocrImage(
    image,
    image === bytes ? info : null,
    reader.tesseract,
    options,
    workDir,
  );
  if (reader.kind === 'auto' && (local.confidence < ESCALATE_BELOW || options.targetLanguage)) {
    try {
      const text = await reader.reader.read(
        image,
        optional({ targetLanguage: options.targetLanguage, hint: local.text }),
      );
      return { text, translated };
    } catch (error) {
      // A translation must come from the model; plain reading falls back to the local text.
      if (options.targetLanguage) throw error;
    }
  }
  return { text: local.text, translated: false };
}

/**
 * Opens after `ms`, or at once when `open()` is called; rejects when the signal aborts first.
 */
function gate(ms: number, signal: AbortSignal): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    open = () => {
      clearTimeout(timer);
      resolve();
    };
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('cancelled'));
      },
      { once: true },
    );
  });
  return { opened, open };
}

const isEngineFailure = (error: unknown): boolean =>
  error instanceof ExtractionError && error.code === 'ENGINE_FAILED';

const optional = <T extends Record<string, string | undefined>>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

async function ocrImage(
  bytes: Buffer,
  /** The header already read, when `bytes` are the upload itself. */
  known: ImageInfo | null,
  tesseract: Tesseract,
  options: ReadOptions,
  workDir: string,
): Promise<{ text: string; confidence: number }> {
  const { maxPixels } = options;
  const info = known ?? (await checkImage(bytes, maxPixels));
  let upright = await uprightImage(bytes, info, maxPixels);
  // A scanned page fed in at an angle: Tesseract's layout analysis missed its columns and read
  // them as one (a scan 1.8° askew: CER 0.44, levelled 0.01). Measured before reading (about
  // 80 ms beside a reading of seconds), and only on scans: on the evaluation set's photos and
  // handwriting no skew was corrected that helped (a will levelled by 2.1° read worse).
  if (options.scan) {
    const skew = await detectSkew(upright).catch(() => 0);
    if (skew !== 0) upright = await deskew(upright, skew);
  }
  const installed = await tesseract.models();
  const read = (image: Buffer, languages: string) => tesseract.recognise(image, languages, workDir);

  // OSD runs beside a first reading that takes a while, so an unsure page does not wait for it
  // afterwards (on handwriting it costs about as much as the reading); a confident reading
  // cancels it. Quick readings (most print) finish before it would start.
  let osd = startOsd(
    tesseract,
    upright,
    workDir,
    info.pixels >= OSD_AT_ONCE_PIXELS ? 0 : OSD_AFTER_MS,
  );
  try {
    let best: Recognition;
    try {
      best = await read(upright, 'eng');
    } catch (error) {
      osd.cancel();
      if (upright !== bytes || !isEngineFailure(error)) throw error;
      // Tesseract could not read the upload as it came: decode it here, which refuses a damaged
      // file with its own message, and read that.
      upright = await decodeUpright(bytes, maxPixels);
      best = await read(upright, 'eng');
      osd = startOsd(tesseract, upright, workDir, 0);
    }
    return await readFurther(best, upright, osd, installed, read);
  } finally {
    // Whatever the outcome, no OSD of this job runs on after it (nor rejects unobserved).
    osd.cancel();
  }
}

/** OSD started beside a reading: its result, a way to start it at once, and to cancel it. */
type PendingOsd = { result: Promise<Osd>; open: () => void; cancel: () => void };

function startOsd(
  tesseract: Tesseract,
  image: Buffer,
  workDir: string,
  afterMs: number,
): PendingOsd {
  const run = new AbortController();
  const osdGate = gate(afterMs, run.signal);
  const result = osdGate.opened.then(() => tesseract.detectOrientation(image, workDir, run.signal));
  // A cancelled OSD, or one that times out after the job no longer needs it, is not an error of
  // the job: its rejection is observed here, and seen again only by a caller that awaits it.
  result.catch(() => undefined);
  return { result, open: osdGate.open, cancel: () => run.abort() };
}

/** After the first English reading: turned or other-script pages, then another Latin language. */
async function readFurther(
  first: Recognition,
  upright: Buffer,
  osd: PendingOsd,
  installed: Set<string>,
  read: (image: Buffer, languages: string) => Promise<Recognition>,
): Promise<{ text: string; confidence: number }> {
  let best = first;
  let image = upright;
  if (best.confidence >= CONFIDENT) {
    osd.cancel();
  } else {
    // Unsure: the page may be turned, or in another script. Read again if OSD says so.
    osd.open(); // a quick reading does not wait for the timer
    const orientation = await osd.result;
    // Too little text for OSD, and English unsure: a short line may be Chinese, Japanese or
    // Korean, which read as noise in English (the evaluation set's Chinese line, for one).
    const languages = orientation.undetermined
      ? cjkModels(installed)
      : modelsForScript(orientation.script, installed);
    if (orientation.rotate !== 0 || languages !== 'eng') {
      image = orientation.undetermined ? upright : await prepareForOcr(upright, orientation.rotate);
      const second = await read(image, languages);
      // A reading of noise can score a little higher than the right one: only a clearly
      // confident second reading replaces the first.
      if (second.confidence >= TRUST_SECOND && second.confidence > best.confidence + 10)
        best = second;
      else image = upright;
    }
  }
  // English-read Latin text that is clearly another language: read again with its model.
  // (Not on pages read with low confidence, handwriting mostly: language detection on noise
  // picked a model that read them worse in the benchmark.)
  const other = best.confidence >= TRUST_SECOND ? latinLanguageModel(best.text, installed) : null;
  if (other) {
    const again = await read(image, other);
    if (again.confidence >= best.confidence - 5) best = again;
  }
  return { text: joinHyphenatedWords(best.text), confidence: best.confidence };
}
