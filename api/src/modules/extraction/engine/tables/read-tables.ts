import { ExtractionError } from '../errors.js';
import type { SourceDocument } from '../page-source.js';
import type { ResourceLimits } from '../../../../common/process/resource-limits.js';
import type { Tesseract } from '../tesseract.js';
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
};

export type ReadTablesOptions = {
  mode: TablesMode;
  /** Only the words and lines inside this box (the benchmark's Tabula areas). */
  area?: Box;
  beforeRead?: (pages: number[]) => Promise<void> | void;
  onPage?: (outcome: PageOutcome) => void;
  signal?: AbortSignal;
};

// A PDF's pages are laid out this many at a time (one pdftotext run over them, one pdftocairo
// run each, all at once): progress and cancelling move in small steps.
const LAYOUT_BATCH = 4;

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
  await options.beforeRead?.(document.pages);
  const layouts: LayoutPage[] = [];
  const outcomes: PageOutcome[] = [];
  const done = (outcome: PageOutcome) => {
    outcomes.push(outcome);
    options.onPage?.(outcome);
  };
  const cancelled = () => options.signal?.aborted === true;

  if (document.kind === 'image') {
    if (!cancelled()) {
      const photo = CAMERA_FORMATS.test(document.image.subarray(0, 16).toString('latin1'));
      const readImageLayout = await loadImageLayout();
      const layout = await readImageLayout(
        document.image,
        deps.tesseract,
        {
          page: 1,
          maxPixels: deps.maxPixels,
          photo,
          ...(options.signal ? { signal: options.signal } : {}),
        },
        deps.workDir,
      );
      layouts.push(layout);
      done({ page: 1, ok: true });
    }
  } else {
    for (let i = 0; i < document.pages.length && !cancelled(); i += LAYOUT_BATCH) {
      const batch = document.pages.slice(i, i + LAYOUT_BATCH);
      let digital: LayoutPage[];
      try {
        // pdftotext reads the whole batch: its time grows with the pages it lays out.
        const timeoutMs = deps.layoutTimeoutMs * batch.length;
        digital = await readPopplerLayout(document.file, batch, {
          timeoutMs,
          ...(deps.processLimits ? { process: deps.processLimits(timeoutMs) } : {}),
        });
      } catch {
        // poppler could not lay these pages out (a damaged content stream): read their pixels.
        digital = batch.map((page) => ({
          page,
          width: 0,
          height: 0,
          source: 'pdf-text',
          words: [],
          lines: [],
        }));
      }
      for (const page of batch) {
        if (cancelled()) break;
        const own = digital.find((d) => d.page === page);
        try {
          if (own && own.words.length > 0) {
            layouts.push(own);
          } else {
            // No text layer: a scanned page, read from its pixels.
            const image = await document.render(page);
            const readImageLayout = await loadImageLayout();
            layouts.push(
              await readImageLayout(
                image,
                deps.tesseract,
                {
                  page,
                  maxPixels: deps.maxPixels,
                  scan: true,
                  ...(options.signal ? { signal: options.signal } : {}),
                },
                deps.workDir,
              ),
            );
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
    layouts.flatMap((layout) =>
      findTables(layout, options.area ? { area: options.area } : undefined),
    ),
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
