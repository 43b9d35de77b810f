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
import { straightenPage, type StraightenedPage } from './page-outline.js';
import {
  backgroundUnevenness,
  enlarge,
  enlargement,
  evenBackground,
  inkCovered,
  isUneven,
  measureLight,
  type InkMap,
} from './page-repair.js';
import { cjkModels, latinLanguageModel, modelsForScript } from './scripts.js';
import type { Osd, Recognition, Tesseract, Turn } from './tesseract.js';
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

/**
 * A step the reader took beyond the first reading: `kept` when the text returned comes from it
 * (a step whose reading scored no better is dropped).
 */
export type ReadStep = { step: string; kept: boolean };

/**
 * The text read, whether the reader translated it already (the vision model does), and the
 * steps taken (for `npm run extract -- --debug`; not part of the API's response).
 */
export type ReadResult = { text: string; translated: boolean; steps: ReadStep[] };

// Above this mean word confidence an upright English reading is kept as is: most pages are,
// and they then cost one Tesseract run, like plain Tesseract.
const CONFIDENT = 75;
// OSD starts this long after the first reading of a small image unless that reading has
// finished confidently (most small images are screenshots and lines of print, read in well
// under that); beside the reading of a larger one it starts at once, as its reading takes a
// while anyway and an unsure one (handwriting, turned pages) would otherwise wait for it.
const OSD_AFTER_MS = 250;
const OSD_AT_ONCE_PIXELS = 1_000_000;
// Only a reading under this may be of a turned page or of another script, and waits for OSD: every
// such page of the hard set (seeds 1 and 2) and of ocr-eval was read upright at 9-44 (a turned
// page reads as noise); the unsure pages read at 50-75 (handwriting-style fonts, small print, a
// receipt) were never turned, yet waited for OSD, which takes 0.8-1.5 s on a 300-dpi page, longer
// than their reading (seed 2's handwriting-style page 05: 0.99 s against plain's 0.47).
const ORIENT_BELOW = 55;
// A reading of fewer words than this found (almost) nothing: a page too dark or askew to read.
const FEW_WORDS = 5;
// A confident reading is levelled and read again only from this skew (degrees): on the hard
// set's seed 1 every levelling under it (1.2-2.5°) was read no better, at twice the time (the
// two readings share the cores), and every one from 3.5° was kept. An unsure one is levelled
// from MIN_SKEW (image-prep.ts).
const CLEARLY_ASKEW = 3;
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
    return { text, translated, steps: [] };
  }
  const local = await ocrImage(
    image,
    image === bytes ? info : null,
    reader.tesseract,
    { ...options, photo: !options.scan && CAMERA_FORMATS.has(info.format) },
    workDir,
  );
  if (reader.kind === 'auto' && (local.confidence < ESCALATE_BELOW || options.targetLanguage)) {
    try {
      const text = await reader.reader.read(
        image,
        optional({ targetLanguage: options.targetLanguage, hint: local.text }),
      );
      return { text, translated, steps: [...local.steps, { step: 'vision model', kept: true }] };
    } catch (error) {
      // A translation must come from the model; plain reading falls back to the local text.
      if (options.targetLanguage) throw error;
    }
  }
  return { text: local.text, translated: false, steps: local.steps };
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

// Formats a camera writes: only these are looked at for a page seen at a slant on a table (a PNG
// is a scan or a screenshot, and its outline check costs a full decode).
const CAMERA_FORMATS = new Set(['jpeg', 'heif', 'webp']);

const isEngineFailure = (error: unknown): boolean =>
  error instanceof ExtractionError && error.code === 'ENGINE_FAILED';

const optional = <T extends Record<string, string | undefined>>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

async function ocrImage(
  bytes: Buffer,
  /** The header already read, when `bytes` are the upload itself. */
  known: ImageInfo | null,
  tesseract: Tesseract,
  options: ReadOptions & { photo: boolean },
  workDir: string,
): Promise<LocalReading> {
  const { maxPixels } = options;
  const info = known ?? (await checkImage(bytes, maxPixels));
  let upright = await uprightImage(bytes, info, maxPixels);
  // A scanned page fed in at an angle: Tesseract's layout analysis missed its columns and read
  // them as one (a scan 1.8° askew: CER 0.44, levelled 0.01). Measured before reading (about
  // 80 ms beside a reading of seconds), and only on scans: on the evaluation set's photos and
  // handwriting no skew was corrected that helped (a will levelled by 2.1° read worse).
  const steps: ReadStep[] = [];
  if (options.scan) {
    const skew = await detectSkew(upright).catch(() => 0);
    if (skew !== 0) {
      upright = await deskew(upright, skew);
      steps.push({ step: `level ${String(skew)}°`, kept: true });
    }
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
  // The page measured on small copies beside the first reading (tens of ms): how unevenly it is
  // lit (a shaded page is read confidently where it is light and not at all where it is dark),
  // and how askew its lines run (a few degrees cost a short page some letters, more all of
  // them). Scans were levelled above already.
  const measured = Promise.all([
    measureLight(upright).catch(() => ({ unevenness: 0, ink: null })),
    options.scan ? 0 : detectSkew(upright).catch(() => 0),
  ]).then(([light, skew]) => ({ ...light, skew }));
  // A page measured askew or unevenly lit is repaired and read at once, beside the first reading
  // (the two cores each read one): a repair found needed only after that reading doubled the
  // time of such pages. Its reading is used when the first is not kept as it is.
  // A camera photo: is there a page seen at a slant on a table? Looked for beside the first
  // reading (a grey copy of the frame first, tens of ms; the outline and the warp only when the
  // frame is mostly not paper). Not decided by that reading's confidence: the hard set's slanted
  // pages were read at 72-96 while a third to all of their text was lost.
  const photo = options.photo
    ? straightenPage(upright, { maxPixels }).catch(() => null)
    : Promise.resolve(null);
  const early = measured
    .then(async (page) => {
      if (!isUneven(page.unevenness) && Math.abs(page.skew) < CLEARLY_ASKEW) return null;
      const prepared = await prepare(upright, {
        ...page,
        even: isUneven(page.unevenness),
        factor: 1,
      });
      return prepared && { ...prepared, reading: await read(prepared.image, 'eng') };
    })
    .catch(() => null);
  try {
    let best: Recognition;
    try {
      best = await read(upright, 'eng');
    } catch (error) {
      await osd.cancel();
      if (upright !== bytes || !isEngineFailure(error)) throw error;
      // Tesseract could not read the upload as it came: decode it here, which refuses a damaged
      // file with its own message, and read that.
      upright = await decodeUpright(bytes, maxPixels);
      best = await read(upright, 'eng');
      osd = startOsd(tesseract, upright, workDir, 0);
    }
    return await readFurther(best, upright, osd, installed, read, steps, {
      measured: await measured,
      early,
      photo,
    });
  } finally {
    // Whatever the outcome, no OSD of this job runs on after it (nor rejects unobserved), and no
    // early repaired reading or page outline either (they started beside the first reading): the
    // job, and the caller's slot for it, end only once its processes have.
    await osd.cancel();
    await early;
    await photo;
  }
}

/**
 * OSD started beside a reading: its result, a way to start it at once, and to cancel it (its
 * process is killed; resolves once it has ended).
 */
type PendingOsd = { result: Promise<Osd>; open: () => void; cancel: () => Promise<void> };

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
  const ended = result.then(
    () => undefined,
    () => undefined,
  );
  return {
    result,
    open: osdGate.open,
    cancel: () => {
      run.abort();
      return ended;
    },
  };
}

type Measured = { unevenness: number; skew: number; ink?: InkMap | null };
type LocalReading = { text: string; confidence: number; steps: ReadStep[] };
type Read = (image: Buffer, languages: string) => Promise<Recognition>;
/** A reading with the image and models it was made from. */
type Candidate = { reading: Recognition; image: Buffer; languages: string };

/**
 * After the first English reading, for an unsure one only: turned or other-script pages, then
 * the repairs of hard pages; then another Latin language.
 */
async function readFurther(
  first: Recognition,
  upright: Buffer,
  osd: PendingOsd,
  installed: Set<string>,
  read: Read,
  steps: ReadStep[],
  beside: {
    measured: Measured;
    early: Promise<Repaired | null>;
    /** The page of a camera photo, straightened, when an outline was found. */
    photo: Promise<StraightenedPage | null>;
  },
): Promise<LocalReading> {
  const { measured, early } = beside;
  let best: Candidate = { reading: first, image: upright, languages: 'eng' };
  const confident = first.confidence >= CONFIDENT;
  // Only a reading of noise waits for OSD (a quick one not for its timer either); any other
  // cancels it, its end awaited with the job's (readImage).
  const mayBeTurned = first.confidence < ORIENT_BELOW;
  if (mayBeTurned) osd.open();
  else void osd.cancel();
  if (!confident) {
    // A scan measured askew or unevenly lit had its repaired copy read beside the first reading:
    // when that reading is confident and reads more, it is the page's, and OSD (as long as a
    // reading, on the cores both need) is not waited for. A photo of a page on a table (its
    // outline found) is straightened first.
    const repaired = (await beside.photo) ? null : await early;
    if (repaired && repaired.reading.confidence >= CONFIDENT && improves(repaired.reading, first)) {
      void osd.cancel();
      for (const step of repaired.names) steps.push({ step, kept: true });
      return finish(
        { reading: repaired.reading, image: repaired.image, languages: 'eng' },
        installed,
        read,
        steps,
      );
    }
    // Read as noise: the page may be turned, or in another script. Read again if OSD says so.
    if (mayBeTurned) best = await orient(best, await osd.result, installed, read, steps);
  }
  // A photo of a page seen at a slant: the page straightened and cropped (page-outline.ts), then
  // measured and repaired as it will be read (its light evened after the crop: evened with the
  // table around it, the slanted-photo fixture read worse, 0.420 → 0.694).
  const straight = await beside.photo;
  if (straight) {
    const outcome = await readStraightened(straight, best, read, steps);
    if (outcome) return finish(outcome, installed, read, steps);
  }
  // Uneven light and skew are repaired even after a confident reading: Tesseract reads the lit
  // part of a shaded page confidently and drops the rest, and of a page 5° askew a few lines.
  // Small print is enlarged only when read unsurely: the hard set's 150-dpi print, read at 93-96,
  // was read as well without, in a third of the time, and a receipt photo read at 76 worse with.
  // The skew was measured on the upright page: a turned one is measured again.
  const turned = best.image !== upright;
  const page = turned
    ? { ...measured, skew: await detectSkew(best.image).catch(() => 0) }
    : measured;
  const factor = best.reading.confidence < CONFIDENT ? enlargement(best.reading.textHeight) : 1;
  // Not on pages read with low confidence but many words, handwriting mostly: no repair made
  // Tesseract read the evaluation set's wills better, and each costs a reading.
  const repairable = best.reading.confidence >= TRUST_SECOND || best.reading.words < FEW_WORDS;
  const askew = Math.abs(page.skew) >= CLEARLY_ASKEW;
  const uneven = isUneven(page.unevenness);
  // The layout analysis in trouble (issue 24): lines cut into false columns (joined again from
  // the reading's word boxes, columns.ts), or ink left unread (a line read as an image, or not at
  // all: lines askew, letter-spaced, or on paper a little unevenly lit). Such a page is levelled
  // from any measured skew and its light evened from a slight unevenness, and read again.
  const trouble =
    repairable && !turned && (best.reading.joinedLines > 0 || textLeftUnread(measured, best));
  const levelled = trouble && page.skew !== 0;
  const evened = uneven || (trouble && page.unevenness >= TROUBLE_UNEVEN);
  if (repairable && (!confident || factor > 1 || uneven || askew || levelled || evened)) {
    // The reading made beside the first one has the same repairs only when the measurements
    // alone called for them.
    const same = !turned && uneven === evened && (askew || !levelled);
    best = await repair(best, read, steps, { ...page, even: evened, factor }, same ? early : null);
  }
  return finish(best, installed, read, steps);
}

// Less of the page's ink than this share inside the words read: text was left unread (the hard
// set: 0.71 and less on every page that lost a line or more, 0.89 and more on those that did not,
// but for photos of a page on a table, whose table counts as ink).
const INK_READ = 0.8;
// A page in trouble has its light evened from this unevenness (its snippets photographed under a
// lamp: 0.14-0.29, each read whole evened and levelled; a flat scan measures under 0.05).
const TROUBLE_UNEVEN = 0.12;

/** Whether the first reading left much of the page's ink unread. */
const textLeftUnread = (measured: Measured, best: Candidate): boolean =>
  !!measured.ink && inkCovered(measured.ink, best.reading.boxes) < INK_READ;

/**
 * The straightened page read (levelled and its light evened where measured): kept when it reads
 * more, or more surely, than the photo as it came (the rule of the repairs). Null: not kept.
 */
async function readStraightened(
  straight: StraightenedPage,
  best: Candidate,
  read: Read,
  steps: ReadStep[],
): Promise<Candidate | null> {
  const [unevenness, skew] = await Promise.all([
    backgroundUnevenness(straight.image).catch(() => 0),
    detectSkew(straight.image).catch(() => 0),
  ]);
  const prepared = await prepare(straight.image, {
    unevenness,
    skew,
    even: isUneven(unevenness),
    factor: 1,
  });
  const image = prepared?.image ?? straight.image;
  const reading = await read(image, best.languages);
  const kept = improves(reading, best.reading);
  steps.push({ step: 'straighten page', kept });
  for (const step of prepared?.names ?? []) steps.push({ step, kept });
  return kept ? { reading, image, languages: best.languages } : null;
}

/** Another Latin language where the text clearly is one, then the text as returned. */
async function finish(
  best: Candidate,
  installed: Set<string>,
  read: Read,
  steps: ReadStep[],
): Promise<LocalReading> {
  // English-read Latin text that is clearly another language: read again with its model.
  // (Not on pages read with low confidence, handwriting mostly: language detection on noise
  // picked a model that read them worse in the benchmark.)
  let { reading } = best;
  const other =
    reading.confidence >= TRUST_SECOND ? latinLanguageModel(reading.text, installed) : null;
  if (other) {
    const again = await read(best.image, other);
    const kept = again.confidence >= reading.confidence - 5;
    if (kept) reading = again;
    steps.push({ step: `language ${other}`, kept });
  }
  // Lines cut apart by a false column and joined again (columns.ts, on the reading's own TSV).
  if (reading.joinedLines > 0)
    steps.push({ step: `join columns (${String(reading.joinedLines)} lines)`, kept: true });
  return { text: joinHyphenatedWords(reading.text), confidence: reading.confidence, steps };
}

// An unsure turn (OSD confidence under 5: small or blurred print, but also handwriting taken
// for upside down) is read in English and kept only when that reading is this good and clearly
// better than the upright one.
const TRUST_UNSURE_TURN = 45;
const SIDEWAYS = 0.5;
const UNSURE_UPSIDE_DOWN = 3;

/**
 * The page turned as OSD says, or read with the models of the script it names. A page turned
 * 90 or 270° is read by Tesseract's layout analysis as vertical lines (270°: upside down, all
 * noise); OSD knows the turn but scores small or blurred print under its confidence of 5, so an
 * unsure turn is tried too when the upright reading is poor, and its reading decides.
 */
async function orient(
  upright: Candidate,
  orientation: Osd,
  installed: Set<string>,
  read: Read,
  steps: ReadStep[],
): Promise<Candidate> {
  // Too little text for OSD, and English unsure: a short line may be Chinese, Japanese or
  // Korean, which read as noise in English (the evaluation set's Chinese line, for one).
  const languages = orientation.undetermined
    ? cjkModels(installed)
    : modelsForScript(orientation.script, installed);
  // What to read, in turn, until one reading is kept: OSD's sure turn with its script's models,
  // or the script's models upright; then an unsure turn in English, and for a page on its side
  // the other side too (on small print OSD is as unsure of 90 against 270 as of the turn).
  const tries: { turn: Turn; languages: string; sure: boolean }[] = [];
  if (orientation.rotate !== 0) tries.push({ turn: orientation.rotate, languages, sure: true });
  else if (languages !== 'eng') tries.push({ turn: 0, languages, sure: true });
  const { guess } = orientation;
  // A sideways guess is tried only when the reading found lines taller than wide (handwriting,
  // which OSD also turns at random, is read in wide lines), an upside-down one only from OSD's
  // confidence 3 (the evaluation set's wills were taken for upside down at up to 2.92, and
  // reading each again cost them twice plain Tesseract's time).
  const sideways = upright.reading.tallLines >= SIDEWAYS;
  if (orientation.rotate === 0 && !orientation.undetermined && guess !== 0) {
    const upsideDown = guess === 180 && orientation.confidence >= UNSURE_UPSIDE_DOWN;
    if (upsideDown || sideways) tries.push({ turn: guess, languages: 'eng', sure: false });
    if (guess !== 180 && sideways)
      tries.push({ turn: guess === 90 ? 270 : 90, languages: 'eng', sure: false });
  }
  for (const { turn, languages: models, sure } of tries) {
    const image = turn === 0 ? upright.image : await prepareForOcr(upright.image, turn);
    const candidate = { reading: await read(image, models), image, languages: models };
    // A reading of noise can score a little higher than the right one: only a clearly
    // confident second reading replaces the first.
    const { confidence } = candidate.reading;
    const kept =
      confidence >= (sure ? TRUST_SECOND : TRUST_UNSURE_TURN) &&
      confidence > upright.reading.confidence + 10;
    const names = [turn === 0 ? '' : `turn ${String(turn)}°`, models === 'eng' ? '' : models];
    steps.push({ step: names.filter(Boolean).join(', '), kept });
    if (kept) return candidate;
  }
  return upright;
}

// A repaired page's reading replaces the first when the sum of its word confidences is higher by
// this factor (more words read: a shaded page's dark half, blurred small print; or the same words
// more surely) and its mean confidence is not lower by more than REPAIR_MEAN_LOSS, or at least
// REPAIR_FLOOR (a shaded page read whole at 76 where its light half alone scored 92: CER 0.62 →
// 0.13); readings of noise rarely reach that. The same words read more surely count too.
const REPAIR_GAIN = 1.03;
const REPAIR_MEAN_LOSS = 5;
const REPAIR_FLOOR = 70;

const score = (r: Recognition): number => r.confidence * r.words;

/**
 * The repairs of a page read unsurely, each where its measurement calls for it: levelled when
 * the lines run clearly askew, the light evened out when the paper's brightness varies across
 * the page, enlarged when the words are small for Tesseract. All at once, then one reading,
 * kept when it reads more, or more surely.
 */
async function repair(
  best: Candidate,
  read: Read,
  steps: ReadStep[],
  measured: Measured & { even: boolean; factor: number },
  /** The same repairs read beside the first reading, usable when nothing else changed. */
  early: Promise<Repaired | null> | null,
): Promise<Candidate> {
  const fromEarly = early && best.languages === 'eng' && measured.factor === 1 ? await early : null;
  const repaired =
    fromEarly ??
    (await prepare(best.image, measured).then(
      async (prepared) =>
        prepared && { ...prepared, reading: await read(prepared.image, best.languages) },
    ));
  if (!repaired) return best;
  const { reading, image, names } = repaired;
  const kept = improves(reading, best.reading) || lessCut(reading, best.reading);
  for (const step of names) steps.push({ step, kept });
  return kept ? { reading, image, languages: best.languages } : best;
}

/** Whether a repaired page's reading replaces the reading before it (REPAIR_GAIN above). */
const improves = (reading: Recognition, before: Recognition): boolean =>
  reading.confidence >= Math.min(before.confidence - REPAIR_MEAN_LOSS, REPAIR_FLOOR) &&
  (score(reading) > score(before) * REPAIR_GAIN ||
    (reading.confidence > before.confidence + 1 && reading.words >= before.words * 0.97));

// A repaired reading that cuts fewer lines into false columns is kept when it reads more surely,
// even with fewer words: the pieces of a cut line are read as extra scraps ('Yc th G)', snippet-03
// of seed 1: 42 words at 88 first, 37 at 97 levelled, all right).
const LESS_CUT_WORDS = 0.8;
const LESS_CUT_GAIN = 3;
const lessCut = (reading: Recognition, before: Recognition): boolean =>
  reading.joinedLines < before.joinedLines &&
  reading.confidence >= before.confidence + LESS_CUT_GAIN &&
  reading.words >= before.words * LESS_CUT_WORDS;

type Repaired = { image: Buffer; names: string[]; reading: Recognition };

/** The page levelled, evened and enlarged as measured; null when nothing calls for it. */
async function prepare(
  page: Buffer,
  { skew, even, factor }: Measured & { even: boolean; factor: number },
): Promise<{ image: Buffer; names: string[] } | null> {
  const names: string[] = [];
  let image = page;
  if (skew !== 0) {
    image = await deskew(image, skew);
    names.push(`level ${String(skew)}°`);
  }
  if (even) {
    image = await evenBackground(image);
    names.push('even light');
  }
  if (factor > 1) {
    image = await enlarge(image, factor);
    names.push(`enlarge ×${String(factor)}`);
  }
  return names.length > 0 ? { image, names } : null;
}
