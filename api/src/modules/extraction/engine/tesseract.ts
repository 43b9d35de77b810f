import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ProcessTimeoutError, runProcess } from '../../../common/process/run-process.js';
import type { ResourceLimits } from '../../../common/process/resource-limits.js';
import { joinFalseColumns } from './columns.js';
import { extractionErrors } from './errors.js';
import { TESSERACT_ENV as ENV, WarmRegistry } from './warm-tesseract.js';

export type Turn = 0 | 90 | 180 | 270;

/**
 * `rotate`: the turn (clockwise, as sharp's `rotate`) that makes the page upright, when OSD is
 * confident of it, else 0. `guess`: OSD's turn however unsure (small or blurred print scores
 * under 5 even when right), with its `confidence`. `undetermined`: OSD found too little text to
 * judge (a single short line, for instance).
 */
export type Osd = {
  rotate: Turn;
  guess: Turn;
  confidence: number;
  script: string | null;
  undetermined: boolean;
};

const UNDETERMINED: Osd = { rotate: 0, guess: 0, confidence: 0, script: null, undetermined: true };

const MIN_ROTATION_CONFIDENCE = 5;

let files = 0;
const written = new WeakMap<Buffer, { workDir: string; file: Promise<string> }>();

/**
 * The image as a file in the request's folder, which every Tesseract run reads: written once per
 * buffer, and handed out only when completely written (the reading and OSD ask at once).
 */
function imageFile(image: Buffer, workDir: string): Promise<string> {
  const known = written.get(image);
  if (known?.workDir === workDir) return known.file;
  files += 1;
  const name = path.join(workDir, `image-${String(files)}`);
  const file = writeFile(name, image).then(() => name);
  written.set(image, { workDir, file });
  return file;
}

/**
 * `textHeight`: the median height (px) of the recognised lines, 0 when none; `tallLines`: the
 * share of lines taller than wide (a page on its side, read as vertical lines); `joinedLines`: how
 * many lines were joined to the line they continue across a false column (columns.ts), 0 when the
 * text is Tesseract's own.
 */
export type Recognition = {
  text: string;
  joinedLines: number;
  confidence: number;
  words: number;
  textHeight: number;
  tallLines: number;
  /** The words' boxes, [left, top, right, bottom] in pixels. */
  boxes: number[][];
};

export type TesseractOptions = {
  /** The Tesseract 5 binary. */
  binary: string;
  /** Longest one run may take; its process tree is killed then (ENGINE_TIMEOUT). */
  timeoutMs: number;
  /** Where the installed models are looked up. */
  tessdata?: string;
  /** The engine's temporary folder (the warm processes' sentinel image goes there). */
  tempDir: () => string;
  /** Address space and CPU time of every Tesseract process. */
  limits?: ResourceLimits;
};

/**
 * Native Tesseract as the engine uses it: OSD and recognition, from warm processes when one is
 * free, and the installed models, read once. Nothing starts until the first page; `close()` ends
 * the warm processes.
 */
export class Tesseract {
  private readonly warm: WarmRegistry;
  private installed: Promise<Set<string>> | null = null;

  constructor(private readonly options: TesseractOptions) {
    this.warm = new WarmRegistry(options.tempDir, options.limits);
  }

  /** The Tesseract models installed on this machine (read once). */
  models(): Promise<Set<string>> {
    this.installed ??= readdir(this.options.tessdata ?? '/usr/share/tesseract-ocr/5/tessdata').then(
      (files) =>
        new Set(
          files.filter((f) => f.endsWith('.traineddata')).map((f) => f.replace('.traineddata', '')),
        ),
      () => new Set(['eng']),
    );
    return this.installed;
  }

  /** The process ids of the live warm processes (for tests and diagnostics). */
  warmProcessIds(): number[] {
    return this.warm.processIds();
  }

  /** Ends the warm processes; resolves once they have exited. */
  close(): Promise<void> {
    return this.warm.close();
  }

  /** Page orientation and script (Tesseract's OSD); unknown when the page has too little text. */
  async detectOrientation(image: Buffer, workDir: string, signal?: AbortSignal): Promise<Osd> {
    const options = { ...this.options, workDir, signal };
    try {
      // A warm process when one is free, else a process of its own: either is killed when the
      // signal aborts (a warm one is replaced when next needed), so no OSD outlives its job.
      const file = await imageFile(image, options.workDir);
      const warm = this.warm.osd(options.binary, file, options.timeoutMs, options.signal);
      const out = warm
        ? await warm
        : (
            await runProcess(options.binary, [file, 'stdout', '--psm', '0'], {
              timeoutMs: options.timeoutMs,
              env: ENV,
              ...(options.signal ? { signal: options.signal } : {}),
              ...(options.limits ? { limits: options.limits } : {}),
            })
          ).stdout.toString();
      if (!/Orientation in degrees/.test(out)) return UNDETERMINED;
      const rotate = Number(/Rotate:\s*(\d+)/.exec(out)?.[1] ?? 0);
      const confidence = Number(/Orientation confidence:\s*([\d.]+)/.exec(out)?.[1] ?? 0);
      const script = /Script:\s*(\w+)/.exec(out)?.[1] ?? null;
      const scriptConfidence = Number(/Script confidence:\s*([\d.]+)/.exec(out)?.[1] ?? 0);
      const upright = ([0, 90, 180, 270] as const).find((r) => r === rotate) ?? 0;
      // Low-confidence guesses on sparse or noisy pages (receipts, handwriting) do more harm than
      // good: on the evaluation set a receipt read as Arabic (0.44) lost its text, French
      // handwriting was taken for Japanese (1.48) and for upside down (up to 2.92), while truly
      // turned pages (scans, the rotated test pages) score 10 to 21.
      return {
        rotate: confidence >= MIN_ROTATION_CONFIDENCE ? upright : 0,
        guess: upright,
        confidence,
        script: scriptConfidence >= 2 ? script : null,
        undetermined: false,
      };
    } catch (error) {
      if (error instanceof ProcessTimeoutError) throw extractionErrors.timeout();
      return UNDETERMINED;
    }
  }

  /**
   * Recognised text (paragraphs and line breaks as Tesseract lays them out) with the mean word
   * confidence from the TSV renderer of the same run.
   */
  async recognise(image: Buffer, languages: string, workDir: string): Promise<Recognition> {
    const options = { ...this.options, languages, workDir };
    runs += 1;
    const base = path.join(options.workDir, `ocr-${String(runs)}`);
    try {
      const file = await imageFile(image, options.workDir);
      // English, the first reading of every image, from a warm process when one is free.
      const warm =
        options.languages === 'eng'
          ? this.warm.read(options.binary, file, options.timeoutMs)
          : null;
      if (warm) {
        const { text, tsv } = await warm.catch((error: unknown) => {
          if (error instanceof ProcessTimeoutError) throw error;
          throw extractionErrors.engineFailed();
        });
        return recognition(text, tsv, options.languages);
      }
      const result = await runProcess(
        options.binary,
        [
          file,
          base,
          '-l',
          options.languages,
          '--psm',
          '3',
          '-c',
          'preserve_interword_spaces=1',
          'txt',
          'tsv',
        ],
        {
          timeoutMs: options.timeoutMs,
          env: ENV,
          ...(options.limits ? { limits: options.limits } : {}),
        },
      );
      if (result.code !== 0) throw extractionErrors.engineFailed();
      const [text, tsv] = await Promise.all([
        readFile(`${base}.txt`, 'utf8'),
        readFile(`${base}.tsv`, 'utf8').catch(() => ''),
      ]);
      return recognition(text, tsv, options.languages);
    } catch (error) {
      if (error instanceof ProcessTimeoutError) throw extractionErrors.timeout();
      throw error;
    }
  }

  /**
   * Tesseract's TSV (word boxes and confidences, level 5 rows) of one reading with page
   * segmentation `psm`, for the table reader. psm 3 in English is the warm processes' own
   * reading, so it is taken from one when free; other modes run a process of their own (its
   * start, ~70 ms, is small beside a page's reading). The process is killed when `signal` aborts.
   */
  async words(
    image: Buffer,
    workDir: string,
    {
      psm = 3,
      languages = 'eng',
      signal,
    }: { psm?: number; languages?: string; signal?: AbortSignal },
  ): Promise<string> {
    try {
      const file = await imageFile(image, workDir);
      const warm =
        psm === 3 && languages === 'eng'
          ? this.warm.read(this.options.binary, file, this.options.timeoutMs)
          : null;
      if (warm) {
        const { tsv } = await warm.catch((error: unknown) => {
          if (error instanceof ProcessTimeoutError) throw error;
          throw extractionErrors.engineFailed();
        });
        return tsv;
      }
      const result = await runProcess(
        this.options.binary,
        [file, 'stdout', '-l', languages, '--psm', String(psm), 'tsv'],
        {
          timeoutMs: this.options.timeoutMs,
          env: ENV,
          ...(signal ? { signal } : {}),
          ...(this.options.limits ? { limits: this.options.limits } : {}),
        },
      );
      if (result.code !== 0) throw extractionErrors.engineFailed();
      return result.stdout.toString('utf8');
    } catch (error) {
      if (error instanceof ProcessTimeoutError) throw extractionErrors.timeout();
      throw error;
    }
  }
}

let runs = 0;

// Scripts whose words are not set apart by spaces: their word gaps say nothing of columns.
const UNSPACED_MODELS = /\b(chi_|jpn|kor|tha)/;

// Below this mean word confidence (handwriting, noise) the word boxes are too unsure to re-order
// lines by: ocr-eval's will AD78_0006, read at 31, had two of its lines joined (CER 0.721 → 0.724).
const JOIN_FROM_CONFIDENCE = 60;

/** A reading's text (its false columns joined) and figures from its TSV. */
function recognition(text: string, tsv: string, languages: string): Recognition {
  const figures = meanConfidence(tsv);
  const joined =
    UNSPACED_MODELS.test(languages) || figures.confidence < JOIN_FROM_CONFIDENCE
      ? null
      : joinFalseColumns(tsv);
  return { text: joined?.text ?? text, joinedLines: joined?.joined ?? 0, ...figures };
}

/**
 * Mean confidence (0-100) of the recognised words in Tesseract's TSV output, and the median
 * height of its lines (ascender to descender: about twice the x-height). Lines, not words: on
 * blurred small print some word boxes span three lines.
 */
export function meanConfidence(tsv: string): {
  confidence: number;
  words: number;
  textHeight: number;
  tallLines: number;
  boxes: number[][];
} {
  const boxes: number[][] = [];
  let sum = 0;
  let words = 0;
  let tall = 0;
  const heights: number[] = [];
  for (const line of tsv.split('\n').slice(1)) {
    const cols = line.split('\t');
    const conf = Number(cols[10]);
    if (cols[0] === '4') {
      heights.push(Number(cols[9]) || 0);
      if (Number(cols[9]) > Number(cols[8])) tall += 1;
    }
    if (cols.length >= 12 && conf >= 0 && (cols[11] ?? '').trim()) {
      sum += conf;
      words += 1;
      const [left, top] = [Number(cols[6]), Number(cols[7])];
      boxes.push([left, top, left + Number(cols[8]), top + Number(cols[9])]);
    }
  }
  heights.sort((a, b) => a - b);
  const textHeight = heights[Math.floor(heights.length / 2)] ?? 0;
  const tallLines = heights.length ? tall / heights.length : 0;
  return { confidence: words ? sum / words : 0, words, textHeight, tallLines, boxes };
}
