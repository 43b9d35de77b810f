import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ResourceLimits } from '../../../common/process/resource-limits.js';
import type { EngineDescription, EngineMode, EnginesResponse, LanguageOption } from 'contracts';
import { cleanOutput, joinHyphenatedWords } from './clean-output.js';
import { extractionErrors, isDiskFull } from './errors.js';
import type { FileKind } from './file-kind.js';
import type { Language } from './languages.js';
import {
  DEFAULT_LIMITS,
  maxJobMs,
  poolCapacity,
  type ExtractionLimits,
  type PoolCapacity,
} from './limits.js';
import { OcrPool } from './ocr-pool.js';
import { checkSize, openDocument, openPage } from './page-source.js';
import type { readImage, Reader, ReadStep } from './read-text.js';
import type { LayoutPage, TablesRequest, TablesResult } from './tables/layout.js';
import { makeEngineTempDir, removeStaleTempDirs } from './temp-files.js';
import { Tesseract } from './tesseract.js';
import type { Translator } from './translator.js';
import type { VisionConfig, VisionReader } from './vision-reader.js';

export type EngineOptions = {
  /** The Tesseract 5 binary. */
  tesseractPath: string;
  /** local: Tesseract only; vision: the model reads every page; auto: unsure pages escalate. */
  mode?: EngineMode;
  /** The OpenAI-compatible vision model; required for `vision` and `auto`. */
  vision?: VisionConfig | null;
  limits?: Partial<ExtractionLimits>;
  /** Jobs at once and how many may wait behind them (default: limits.ts poolCapacity()). */
  concurrency?: number;
  maxQueue?: number;
};

export type ExtractRequest = {
  bytes: Buffer;
  /** Refuse a file of another type than the caller said it sent. */
  kind?: FileKind;
  /** PDFs: the page to read, from 1. */
  page?: number;
  /** A language code to translate into; absent or '' for the original language. */
  targetLanguage?: string;
  /** The caller's file size limit (their plan's), at most the engine's own. */
  maxBytes?: number;
};

export type ExtractResult = {
  /** The cleaned text; '' when none was found. */
  text: string;
  found: boolean;
  source: 'pdf-text' | 'ocr';
  /** The reader's steps beyond a first reading (for `npm run extract -- --debug`). */
  steps: ReadStep[];
};

/**
 * The extraction engine's front door: bytes in, clean text out. It owns the limits, the bounded
 * pool, Tesseract (warm processes, installed models), the vision model, both translators behind
 * one port, and the output cleaning, applied once. Creating it starts nothing: Tesseract
 * processes, model lists and Apertium pairs are looked up when a file first needs them, and the
 * code that only some files need (the image reader with sharp and heic-decode, the vision model's
 * client, the translators) is loaded when first needed or by `preload()`: a digital PDF whose
 * text layer answers loads none of it, so `npm run extract` on one starts fast.
 * Every child it starts runs with the API's environment minus its secrets and under an address
 * space and CPU-time limit; its temporary files live in one folder per engine (temp-files.ts),
 * and folders left by dead processes are removed when an engine is created. `close()` lets the
 * jobs taken finish (up to the longest a job can run), then ends what it started and removes its
 * folder. The API, `npm run extract` and `npm run bench:ocr` share it.
 */
export class ExtractionEngine {
  readonly limits: ExtractionLimits;
  readonly mode: EngineMode;
  /** The pool's size and the figures it was derived from (limits.ts poolCapacity()). */
  readonly capacity: PoolCapacity;
  /** The longest one job can run (limits.ts maxJobMs()). */
  readonly maxJobMs: number;
  private readonly pool: OcrPool;
  private tempRoot: string | null = null;
  private readonly tesseract: Tesseract;
  private vision: Promise<VisionReader> | undefined;
  private reader: Promise<{ reader: Reader; readImage: typeof readImage }> | undefined;
  private translator: Promise<Translator> | undefined;
  private languageOptions: Promise<LanguageOption[]> | undefined;

  constructor(private readonly options: EngineOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.mode = options.vision && options.mode && options.mode !== 'local' ? options.mode : 'local';
    this.capacity = poolCapacity(
      this.limits,
      { cores: os.availableParallelism(), totalMemoryBytes: os.totalmem() },
      {
        ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
        ...(options.maxQueue === undefined ? {} : { maxQueue: options.maxQueue }),
      },
    );
    this.maxJobMs = maxJobMs(this.limits);
    this.pool = new OcrPool(this.capacity.concurrency, this.capacity.maxQueue);
    removeStaleTempDirs();
    const tempDir = () => this.tempDir();
    this.tesseract = new Tesseract({
      binary: options.tesseractPath,
      timeoutMs: this.limits.ocrTimeoutMs,
      tempDir,
      limits: this.processLimits(this.limits.ocrTimeoutMs),
    });
  }

  /**
   * Loads now what is otherwise loaded when a file first needs it (the image reader, the vision
   * model's client, the translator, the language list), so that the first request of a server is
   * as fast as the next.
   */
  async preload(): Promise<void> {
    // One after another: Jest's module linker (API tests) fails on two imports at once that
    // share a package (franc-min here); Node does not mind, and the order costs nothing.
    await this.imageReader();
    await this.textTranslator();
    await import('./languages.js');
  }

  /** The vision model's client, made when first needed (mode `vision` or `auto` only). */
  private visionReader(config: VisionConfig): Promise<VisionReader> {
    this.vision ??= import('./vision-reader.js').then((m) => new m.VisionReader(config));
    return this.vision;
  }

  /** What reads an image (Tesseract, the vision model, or Tesseract escalating to it). */
  private imageReader(): Promise<{ reader: Reader; readImage: typeof readImage }> {
    this.reader ??= (async () => {
      const { readImage } = await import('./read-text.js');
      const vision = this.options.vision;
      if (vision && this.mode !== 'local') {
        const reader = await this.visionReader(vision);
        return this.mode === 'vision'
          ? { readImage, reader: { kind: 'vision', reader } }
          : { readImage, reader: { kind: 'auto', tesseract: this.tesseract, reader } };
      }
      return { readImage, reader: { kind: 'local', tesseract: this.tesseract } };
    })();
    return this.reader;
  }

  /** The vision model translates as it reads; the local engine translates the text afterwards. */
  private textTranslator(): Promise<Translator> {
    this.translator ??= (async () => {
      const { ApertiumTranslator, VisionTranslator } = await import('./translator.js');
      const vision = this.options.vision;
      if (vision && this.mode !== 'local') {
        return new VisionTranslator(await this.visionReader(vision));
      }
      return new ApertiumTranslator(() => this.tempDir());
    })();
    return this.translator;
  }

  /** Which engines read the pages under this configuration, for the page's 'Powered by' line. */
  describe(): EnginesResponse {
    const local: EngineDescription = { kind: 'local', name: 'Tesseract OCR' };
    const model = this.options.vision?.model;
    const vision: EngineDescription | null =
      this.options.vision && model ? { kind: 'vision', name: `${model} (vision model)` } : null;
    if (this.mode === 'vision' && vision) return { mode: 'vision', engines: [vision] };
    if (this.mode === 'auto' && vision) return { mode: 'auto', engines: [local, vision] };
    return { mode: 'local', engines: [local] };
  }

  /** The translation dropdown: 'Original language' first, each saying if it can be served. */
  languages(): Promise<LanguageOption[]> {
    // The translator's reach is fixed once its pairs are known: the list is made once.
    this.languageOptions ??= Promise.all([this.textTranslator(), import('./languages.js')]).then(
      ([translator, { LANGUAGES, ORIGINAL_LANGUAGE }]) =>
        Promise.all(
          LANGUAGES.map(async (l): Promise<LanguageOption> => {
            const translatable = await translator.canTranslateTo(l.code);
            const via = translatable ? await translator.pivotFor(l.code) : undefined;
            return { ...l, translatable, ...(via ? { via } : {}) };
          }),
        ).then((options) => [{ ...ORIGINAL_LANGUAGE, translatable: true }, ...options]),
    );
    return this.languageOptions;
  }

  /**
   * The checks a request must pass before anything is spent on it: the file's size against the
   * caller's limit, known by its length alone, and the target language (UNKNOWN_LANGUAGE, or
   * TRANSLATION_UNAVAILABLE: never untranslated text presented as translated).
   */
  async admit(request: {
    byteLength: number;
    maxBytes?: number;
    targetLanguage?: string;
  }): Promise<Language | undefined> {
    checkSize(request.byteLength, this.maxBytes(request.maxBytes));
    const code = request.targetLanguage;
    if (!code) return undefined;
    // The language list (names from the platform's ICU data) is built only when a file asks for one.
    const { findLanguage } = await import('./languages.js');
    const target = findLanguage(code);
    if (!target) throw extractionErrors.unknownLanguage(code);
    if (!(await (await this.textTranslator()).canTranslateTo(target.code))) {
      throw extractionErrors.translationUnavailable(target.name);
    }
    return target;
  }

  /**
   * Reads one file (an image, or one page of a PDF) in the bounded pool: the page's own text
   * layer when it has one, else OCR; translated when asked; cleaned once.
   */
  async extract(request: ExtractRequest): Promise<ExtractResult> {
    const maxBytes = this.maxBytes(request.maxBytes);
    const target = await this.admit({
      byteLength: request.bytes.length,
      maxBytes,
      ...(request.targetLanguage ? { targetLanguage: request.targetLanguage } : {}),
    });
    return this.pool.run(() => this.run(request, maxBytes, target));
  }

  /**
   * Reads the tables of a document (an image, or a PDF's pages: all, or a range) in the bounded
   * pool, one job however many pages: each page's own words and ruling lines when it has them,
   * else its pixels; in invoice mode the invoice's fields and totals check too. Input errors are
   * those of `extract`; a page that cannot be read is reported in `pages`, not thrown.
   * `beforeRead` runs once the pages are known and before any is read (the caller reserves
   * what they cost there).
   */
  async extractTables(request: TablesRequest): Promise<TablesResult> {
    const maxBytes = this.maxBytes(request.maxBytes);
    checkSize(request.bytes.length, maxBytes);
    return this.pool.run(() =>
      this.job(async (workDir) => {
        // The reader's code loads while pdfinfo opens the document (~10 ms each) rather than
        // after it: a one-page command pays for the longer of the two, not both.
        const reader = import('./tables/read-tables.js');
        // Settled at once too, so that a refused document leaves no unhandled rejection behind.
        reader.catch(() => undefined);
        // With nothing to reserve before reading (the command line), the first page asked is laid
        // out at once, its text read with a look at the page after it: a document that ends
        // there needs no pdfinfo for its page count (a one-page file runs two children, not
        // three). A caller that pays per page (beforeRead) has no page read before reserving.
        let laidOut: LayoutPage | undefined;
        const layoutTimeoutMs = this.limits.rasteriseTimeoutMs;
        const pageCount = async (file: string): Promise<number | null> => {
          const { readFirstLayout } = await import('./tables/poppler-layout.js');
          const first = await readFirstLayout(file, request.pages?.first ?? 1, {
            timeoutMs: layoutTimeoutMs,
            process: this.processLimits(layoutTimeoutMs),
          });
          laidOut = first.layout;
          return first.lastPage;
        };
        const document = await openDocument(
          request.bytes,
          {
            maxBytes,
            ...(request.pages ? { pages: request.pages } : {}),
            ...(request.kind ? { expect: request.kind } : {}),
            ...(request.beforeRead ? {} : { pageCount }),
          },
          { ...this.limits, process: this.processLimits(this.limits.rasteriseTimeoutMs) },
          workDir,
        );
        const { readTables } = await reader;
        return readTables(
          document,
          {
            tesseract: this.tesseract,
            maxPixels: this.limits.maxPixels,
            layoutTimeoutMs: this.limits.rasteriseTimeoutMs,
            processLimits: (timeoutMs) => this.processLimits(timeoutMs),
            workDir,
            ...(this.options.vision && this.mode !== 'local'
              ? {
                  vision: {
                    mode: this.mode === 'vision' ? 'vision' : 'auto',
                    reader: await this.visionReader(this.options.vision),
                  },
                }
              : {}),
          },
          {
            mode: request.mode,
            ...(request.area ? { area: request.area } : {}),
            ...(request.beforeRead ? { beforeRead: request.beforeRead } : {}),
            ...(request.onPage ? { onPage: request.onPage } : {}),
            ...(request.signal ? { signal: request.signal } : {}),
            ...(laidOut ? { laidOut } : {}),
          },
        );
      }),
    );
  }

  /**
   * Stops taking jobs (ENGINE_BUSY, 503 with Retry-After) and waits for those taken, queued ones
   * included, up to `deadlineMs` (the longest a job can run): true when all finished.
   */
  drain(deadlineMs = this.maxJobMs): Promise<boolean> {
    return this.pool.drain(deadlineMs);
  }

  /**
   * Drains (see drain()), then ends the warm Tesseract processes and removes the engine's
   * temporary folder.
   */
  async close(deadlineMs = this.maxJobMs): Promise<void> {
    await this.drain(deadlineMs);
    await this.tesseract.close();
    if (this.tempRoot) {
      await rm(this.tempRoot, { recursive: true, force: true });
      this.tempRoot = null;
    }
  }

  /** This engine's temporary folder, made when first needed. */
  private tempDir(): string {
    this.tempRoot ??= makeEngineTempDir();
    return this.tempRoot;
  }

  /** A child's address space (limits.childMemoryBytes) and CPU time (its wall-clock limit). */
  private processLimits(timeoutMs: number): ResourceLimits {
    return { memoryBytes: this.limits.childMemoryBytes, cpuSeconds: Math.ceil(timeoutMs / 1000) };
  }

  /** Live warm Tesseract process ids (tests and diagnostics). */
  warmProcessIds(): number[] {
    return this.tesseract.warmProcessIds();
  }

  private maxBytes(callerLimit: number | undefined): number {
    return Math.min(callerLimit ?? this.limits.maxBytes, this.limits.maxBytes);
  }

  /**
   * The runtime around any reader: one job in its own folder in the engine's temporary folder,
   * removed whatever happens. A file the engine cannot put down because its temporary disk is
   * full (the upload, a rendered page, Tesseract's input, the engine's own folder) answers
   * TEMP_STORAGE_FULL (503, Retry-After): the file is not at fault and the person may try again,
   * and the caller gives back what it reserved, as for any failed job.
   */
  private async job<T>(work: (workDir: string) => Promise<T>): Promise<T> {
    try {
      const workDir = await mkdtemp(path.join(this.tempDir(), 'job-'));
      try {
        return await work(workDir);
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    } catch (error) {
      if (isDiskFull(error)) throw extractionErrors.storageFull();
      throw error;
    }
  }

  /** Text reading: one file (an image, or one page of a PDF). */
  private async run(
    request: ExtractRequest,
    maxBytes: number,
    target: Language | undefined,
  ): Promise<ExtractResult> {
    return this.job(async (workDir) => {
      const page = await openPage(
        request.bytes,
        {
          maxBytes,
          ...(request.page === undefined ? {} : { page: request.page }),
          ...(request.kind ? { expect: request.kind } : {}),
        },
        { ...this.limits, process: this.processLimits(this.limits.rasteriseTimeoutMs) },
        workDir,
      );
      let text: string;
      let translated = false;
      let steps: ReadStep[] = [];
      let source: ExtractResult['source'] = 'ocr';
      if (page.kind === 'pdf' && page.textLayer) {
        text = joinHyphenatedWords(page.textLayer);
        source = 'pdf-text';
      } else {
        const image = page.kind === 'pdf' ? await page.render() : page.image;
        const { readImage, reader } = await this.imageReader();
        ({ text, translated, steps } = await readImage(
          image,
          reader,
          {
            maxPixels: this.limits.maxPixels,
            scan: page.kind === 'pdf',
            ...(target && reader.kind !== 'local' ? { targetLanguage: target.name } : {}),
          },
          workDir,
        ));
      }
      if (target && !translated && text.trim())
        text = await (await this.textTranslator()).translate(text, target);
      text = cleanOutput(text);
      return { text, found: text.length > 0, source, steps };
    });
  }
}
