import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cleanOutput, joinHyphenatedWords, NO_TEXT_FOUND } from './clean-output.js';
import { sniffFileKind } from './file-kind.js';
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
import type { ExtractionLimits } from './limits.js';
import { pdfInfo, pdfTextLayer, rasterisePage, writeTempPdf } from './pdf.js';
import { ExtractionError, extractionErrors } from './pipeline-errors.js';
import { cjkModels, latinLanguageModel, modelsForScript } from './scripts.js';
import { detectOrientation, recognise, type Recognition } from './tesseract.js';
import type { VisionReader } from '../vision/vision-reader.js';

export type ExtractInput = { bytes: Buffer; kind?: 'pdf' | 'image'; page?: number };
/** What reads text: Tesseract alone, the vision model alone, or Tesseract escalating to it. */
export type Engine =
  { kind: 'local' } | { kind: 'vision' | 'auto'; reader: Pick<VisionReader, 'read' | 'translate'> };

export type PipelineOptions = {
  limits: ExtractionLimits;
  tesseractPath: string;
  engine?: Engine;
  /** Translate into this language (a name, for the model); needs a vision engine. */
  targetLanguage?: string;
};
export type ExtractResult = { text: string; source: 'pdf-text' | 'ocr' };

let installedModels: Promise<Set<string>> | null = null;

/** The Tesseract models installed on this machine (read once). */
export function tesseractModels(
  tessdata = '/usr/share/tesseract-ocr/5/tessdata',
): Promise<Set<string>> {
  installedModels ??= readdir(tessdata).then(
    (files) =>
      new Set(
        files.filter((f) => f.endsWith('.traineddata')).map((f) => f.replace('.traineddata', '')),
      ),
    () => new Set(['eng']),
  );
  return installedModels;
}

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

async function readImage(
  bytes: Buffer,
  options: PipelineOptions,
  workDir: string,
  /** A PDF page rendered here: a scan, levelled when it was fed in askew. */
  scan = false,
): Promise<string> {
  const engine = options.engine ?? { kind: 'local' };
  const info = await checkImage(bytes, options.limits.maxPixels);
  // Neither Tesseract nor the vision models read HEIC: it is decoded here once.
  const image = info.format === 'heif' ? await heicToPng(bytes) : bytes;
  if (engine.kind === 'vision') {
    return engine.reader.read(image, optional({ targetLanguage: options.targetLanguage }));
  }
  const local = await ocrImage(image, image === bytes ? info : null, options, workDir, scan);
  if (engine.kind === 'auto' && (local.confidence < ESCALATE_BELOW || options.targetLanguage)) {
    try {
      return await engine.reader.read(
        image,
        optional({ targetLanguage: options.targetLanguage, hint: local.text }),
      );
    } catch (error) {
      // A translation must come from the model; plain reading falls back to the local text.
      if (options.targetLanguage) throw error;
    }
  }
  return local.text;
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
  options: PipelineOptions,
  workDir: string,
  scan: boolean,
): Promise<{ text: string; confidence: number }> {
  const { limits, tesseractPath } = options;
  const info = known ?? (await checkImage(bytes, limits.maxPixels));
  let upright = await uprightImage(bytes, info, limits.maxPixels);
  // A scanned page fed in at an angle: Tesseract's layout analysis missed its columns and read
  // them as one (a scan 1.8° askew: CER 0.44, levelled 0.01). Measured before reading (about
  // 80 ms beside a reading of seconds), and only on scans: on the evaluation set's photos and
  // handwriting no skew was corrected that helped (a will levelled by 2.1° read worse).
  if (scan) {
    const skew = await detectSkew(upright).catch(() => 0);
    if (skew !== 0) upright = await deskew(upright, skew);
  }
  const installed = await tesseractModels();
  const read = (image: Buffer, languages: string) =>
    recognise(image, { binary: tesseractPath, languages, timeoutMs: limits.ocrTimeoutMs, workDir });

  // OSD runs beside a first reading that takes a while, so an unsure page does not wait for it
  // afterwards (on handwriting it costs about as much as the reading); a confident reading
  // cancels it. Quick readings (most print) finish before it would start.
  const osdRun = new AbortController();
  const osdGate = gate(info.pixels >= OSD_AT_ONCE_PIXELS ? 0 : OSD_AFTER_MS, osdRun.signal);
  let pendingOsd = osdGate.opened.then(() =>
    detectOrientation(upright, {
      binary: tesseractPath,
      timeoutMs: limits.ocrTimeoutMs,
      workDir,
      signal: osdRun.signal,
    }),
  );
  pendingOsd.catch(() => undefined);
  let best: Recognition;
  try {
    best = await read(upright, 'eng');
  } catch (error) {
    osdRun.abort();
    if (upright !== bytes || !isEngineFailure(error)) throw error;
    // Tesseract could not read the upload as it came: decode it here, which refuses a damaged
    // file with its own message, and read that.
    upright = await decodeUpright(bytes, limits.maxPixels);
    best = await read(upright, 'eng');
    pendingOsd = detectOrientation(upright, {
      binary: tesseractPath,
      timeoutMs: limits.ocrTimeoutMs,
      workDir,
    });
  }
  let image = upright;
  if (best.confidence >= CONFIDENT) {
    osdRun.abort();
  } else {
    // Unsure: the page may be turned, or in another script. Read again if OSD says so.
    osdGate.open(); // a quick reading does not wait for the timer
    const osd = await pendingOsd;
    // Too little text for OSD, and English unsure: a short line may be Chinese, Japanese or
    // Korean, which read as noise in English (the evaluation set's Chinese line, for one).
    const languages = osd.undetermined
      ? cjkModels(installed)
      : modelsForScript(osd.script, installed);
    if (osd.rotate !== 0 || languages !== 'eng') {
      image = osd.undetermined ? upright : await prepareForOcr(upright, osd.rotate);
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

/**
 * upload → size and magic-byte check → (PDF: the page's text layer, else that page rasterised)
 * → image normalisation → OCR → output cleaning. Temporary files live in one folder per call,
 * removed on every path out.
 */
export async function extractText(
  input: ExtractInput,
  options: PipelineOptions,
): Promise<ExtractResult> {
  const { bytes } = input;
  if (bytes.length === 0) throw extractionErrors.empty();
  if (bytes.length > options.limits.maxBytes)
    throw extractionErrors.sizeExceeded(options.limits.maxBytes);
  const kind = await sniffFileKind(bytes);
  if (input.kind && input.kind !== kind) throw extractionErrors.unsupported();

  const workDir = await mkdtemp(path.join(os.tmpdir(), 'extract-'));
  try {
    if (kind === 'image') {
      const text = cleanOutput(await readImage(bytes, options, workDir));
      return { text: text || NO_TEXT_FOUND, source: 'ocr' };
    }
    const page = input.page ?? 1;
    const file = await writeTempPdf(workDir, bytes);
    const info = await pdfInfo(file);
    if (page > info.pages) throw extractionErrors.pageOutOfRange(page, info.pages);
    if (info.pages > options.limits.maxPdfPages)
      throw extractionErrors.tooManyPages(options.limits.maxPdfPages);
    const layer = await pdfTextLayer(file, page);
    if (layer) {
      let text = cleanOutput(joinHyphenatedWords(layer));
      if (text && options.targetLanguage && options.engine && options.engine.kind !== 'local') {
        text = cleanOutput(await options.engine.reader.translate(text, options.targetLanguage));
      }
      if (text) return { text, source: 'pdf-text' };
    }
    const size = await pdfInfo(file, page);
    const png = await rasterisePage(
      file,
      page,
      size.pageSizePts,
      { maxPixels: options.limits.maxPixels, timeoutMs: options.limits.rasteriseTimeoutMs },
      workDir,
    );
    const text = cleanOutput(await readImage(png, options, workDir, true));
    return { text: text || NO_TEXT_FOUND, source: 'ocr' };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
