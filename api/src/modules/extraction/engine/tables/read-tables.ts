import { ExtractionError } from '../errors.js';
import type { SourceDocument } from '../page-source.js';
import type { ResourceLimits } from '../../../../common/process/resource-limits.js';
import type { Tesseract } from '../tesseract.js';
import type { VisionReader } from '../vision-reader.js';
import type { readImageLayout as ReadImageLayout } from './image-layout.js';
import { findTables } from './find-tables.js';
import { joinContinuedTables } from './join-pages.js';
import type {
  Box,
  FoundTable,
  LayoutPage,
  PageOutcome,
  TablesMode,
  TablesResult,
} from './layout.js';
import { readPopplerLayout } from './poppler-layout.js';

// The table reader: a document the input side opened, page by page, into tables. A PDF page's
// own words and ruling lines are read by poppler's pdftotext and pdftocairo (exact and fast); a page
// without them (a scan) and an image are read from their pixels: Tesseract's word boxes and the
// lines found in the image. Tables are found on each page the same way whatever the source, a
// table continuing over pages is joined, and in invoice mode the fields are read beside them.

export type TablesReaderDeps = {
  tesseract: Tesseract;
  maxPixels: number;
  /** A PDF page's words and lines are read in a child within this time (per page). */
  layoutTimeoutMs: number;
  /** A child's address space and CPU time for a run of `timeoutMs`. */
  processLimits?: (timeoutMs: number) => ResourceLimits;
  workDir: string;
  /**
   * The vision model, when configured: `vision` reads every page read from pixels, `auto` the
   * pages Tesseract read unsurely (as text reading escalates them).
   */
  vision?: { mode: 'vision' | 'auto'; reader: Pick<VisionReader, 'readTables'> };
};

export type ReadTablesOptions = {
  mode: TablesMode;
  /** Only the words and lines inside this box (the benchmark's Tabula areas). */
  area?: Box;
  beforeRead?: (pages: number[]) => Promise<void> | void;
  /** A page already laid out while the document was opened (engine.ts): not read again. */
  laidOut?: LayoutPage;
  onPage?: (outcome: PageOutcome) => void;
  signal?: AbortSignal;
};

// A PDF's pages are laid out this many at a time (one pdftotext run over them, one pdftocairo
// run each, all at once): progress and cancelling move in small steps.
const LAYOUT_BATCH = 4;
// Below this mean word confidence a page read from pixels goes to the vision model (auto), as
// text reading's pages do (read-text.ts ESCALATE_BELOW).
const ESCALATE_BELOW = 60;

// The pixel side (sharp, the page repairs; ~0.2 s to load) and the invoice reader are loaded when
// a page or mode needs them, not for every digital table: `npm run extract-tables` on a digital
// page would otherwise pay for them in its start (issue 21: within 10 % of `extract`).
let imageLayout: Promise<typeof ReadImageLayout> | undefined;
const loadImageLayout = () =>
  (imageLayout ??= import('./image-layout.js').then((m) => m.readImageLayout));
const CAMERA_FORMATS = /^(?:\xff\xd8|....ftyp(?:heic|heix|mif1)|RIFF....WEBP)/s;

export async function readTables(
  document: SourceDocument,
  deps: TablesReaderDeps,
  options: ReadTablesOptions,
): Promise<TablesResult> {
  // An image's type and pixel count are read from its header before anything is reserved: a
  // pixel bomb is refused (IMAGE_TOO_LARGE) as text reading refuses it, charging nothing.
  if (document.kind === 'image') {
    const { checkImage } = await import('../image-prep.js');
    await checkImage(document.image, deps.maxPixels);
  }
  await options.beforeRead?.(document.pages);
  const layouts: LayoutPage[] = [];
  const outcomes: PageOutcome[] = [];
  const done = (outcome: PageOutcome) => {
    outcomes.push(outcome);
    options.onPage?.(outcome);
  };
  const cancelled = () => options.signal?.aborted === true;
  const area = options.area ? { area: options.area } : undefined;
  // Each page's tables, in page order once all are read.
  const pageTables = new Map<number, FoundTable[]>();

  /** A page read from its pixels: Tesseract's words and the image's lines, or the vision model. */
  const fromPixels = async (
    image: Buffer,
    page: number,
    how: { scan?: boolean; photo?: boolean },
  ) => {
    const vision = deps.vision;
    if (vision?.mode === 'vision' && options.mode === 'tables') {
      // The model reads the page alone, as text's vision mode does: no Tesseract run (an
      // invoice still needs the words' positions, so invoice mode reads them too).
      const { default: sharp } = await import('sharp');
      const { width, height } = await sharp(image).metadata();
      layouts.push({ page, width, height, source: 'ocr', words: [], lines: [] });
      const read = await vision.reader.readTables(image);
      const bbox = { x0: 0, y0: 0, x1: width, y1: height };
      pageTables.set(
        page,
        read.map((rows) => ({ page, pages: [page], rows, method: 'vision', bbox })),
      );
      return;
    }
    const readImageLayout = await loadImageLayout();
    const layout = await readImageLayout(
      image,
      deps.tesseract,
      {
        page,
        maxPixels: deps.maxPixels,
        ...how,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      deps.workDir,
    );
    layouts.push(layout);
    let found = findTables(layout, area);
    if (vision && (vision.mode === 'vision' || meanConfidence(layout) < ESCALATE_BELOW)) {
      try {
        const read = await vision.reader.readTables(image, { hint: asText(found) });
        const bbox = { x0: 0, y0: 0, x1: layout.width, y1: layout.height };
        found = read.map((rows) => ({ page, pages: [page], rows, method: 'vision', bbox }));
      } catch (error) {
        // Escalation is a second opinion: without it the local reading stands. A page the
        // model alone was to read fails with the model's error.
        if (vision.mode === 'vision') throw error;
      }
    }
    pageTables.set(page, found);
  };

  if (document.kind === 'image') {
    if (!cancelled()) {
      const photo = CAMERA_FORMATS.test(document.image.subarray(0, 16).toString('latin1'));
      await fromPixels(document.image, 1, { photo });
      done({ page: 1, ok: true });
    }
  } else {
    for (let i = 0; i < document.pages.length && !cancelled(); i += LAYOUT_BATCH) {
      const batch = document.pages.slice(i, i + LAYOUT_BATCH);
      const laidOut = batch.includes(options.laidOut?.page ?? 0) ? options.laidOut : undefined;
      const toLayOut = batch.filter((page) => page !== laidOut?.page);
      let digital: LayoutPage[];
      try {
        // pdftotext reads the whole batch: its time grows with the pages it lays out.
        const timeoutMs = deps.layoutTimeoutMs * toLayOut.length;
        digital = await readPopplerLayout(document.file, toLayOut, {
          timeoutMs,
          ...(deps.processLimits ? { process: deps.processLimits(timeoutMs) } : {}),
        });
      } catch {
        // poppler could not lay these pages out (a damaged content stream): read their pixels.
        digital = toLayOut.map((page) => ({
          page,
          width: 0,
          height: 0,
          source: 'pdf-text',
          words: [],
          lines: [],
        }));
      }
      if (laidOut) digital.unshift(laidOut);
      for (const page of batch) {
        if (cancelled()) break;
        const own = digital.find((d) => d.page === page);
        try {
          if (own && own.words.length > 0) {
            layouts.push(own);
            pageTables.set(page, findTables(own, area));
          } else {
            // No text layer: a scanned page, read from its pixels.
            await fromPixels(await document.render(page), page, { scan: true });
          }
          done({ page, ok: true });
        } catch (error) {
          // One page that cannot be read does not lose the others: it is reported (and its
          // credit given back by the caller). A refusal that concerns the whole job (the engine
          // busy, the disk full) ends it.
          if (error instanceof ExtractionError && error.status === 503) throw error;
          done({ page, ok: false, error: messageOf(error) });
        }
      }
    }
  }

  const pageHeights = Object.fromEntries(layouts.map((layout) => [layout.page, layout.height]));
  const tables: FoundTable[] = joinContinuedTables(
    [...pageTables.keys()].sort((a, b) => a - b).flatMap((page) => pageTables.get(page) ?? []),
    { pageHeights },
  );
  const result: TablesResult = { pageCount: document.pageCount, pages: outcomes, tables };
  if (options.mode === 'invoice') {
    const { readInvoice } = await import('./invoice.js');
    result.invoice = readInvoice(layouts, tables);
  }
  return result;
}

function messageOf(error: unknown): string {
  if (error instanceof ExtractionError) return error.message;
  return 'This page could not be read.';
}

/** The mean confidence of a page's OCR words (0 when none were found). */
function meanConfidence(layout: LayoutPage): number {
  const scores = layout.words.map((word) => word.confidence ?? 100);
  return scores.length ? scores.reduce((sum, c) => sum + c, 0) / scores.length : 0;
}

/** Tables as tab-separated lines, a blank line between them (the model's hint). */
function asText(tables: FoundTable[]): string {
  return tables.map((table) => table.rows.map((row) => row.join('\t')).join('\n')).join('\n\n');
}
