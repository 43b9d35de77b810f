import { sniffFileKind, type FileKind } from './file-kind.js';
import { extractionErrors } from './errors.js';
import type { ResourceLimits } from '../../../common/process/resource-limits.js';
import type { ExtractionLimits } from './limits.js';
import { pdfInfo, pdfTextLayer, rasterisePage, writeTempPdf } from './pdf.js';

// The input side of the engine, shared by every reader (text today, tables next): the checks made
// before any heavy work, and the page to read — an image as uploaded, or one page of a PDF with
// its own text layer and a way to render it within the pixel cap.

export type SourcePage =
  | { kind: 'image'; image: Buffer }
  | {
      kind: 'pdf';
      page: number;
      pageCount: number;
      /** The page's own text layer, when it has one worth using (exact and fast). */
      textLayer: string | null;
      /** The page rendered to PNG (pdf2pic in a worker killed at its time limit). */
      render(): Promise<Buffer>;
    };

/** Refuses a file over `maxBytes` (IMAGE_SIZE_EXCEED): the one size check, by length alone. */
export function checkSize(byteLength: number, maxBytes: number): void {
  if (byteLength > maxBytes) throw extractionErrors.sizeExceeded(maxBytes);
}

/** A document opened once: an image (one page) or a PDF whose pages are read on demand. */
export type SourceDocument =
  | { kind: 'image'; pageCount: 1; pages: [1]; image: Buffer }
  | {
      kind: 'pdf';
      pageCount: number;
      /** The pages asked for, in order. */
      pages: number[];
      /** The PDF as written in the job's folder (for readers that open it themselves). */
      file: string;
      /** A page's own text layer, when it has one worth using (exact and fast). */
      textLayer(page: number): Promise<string | null>;
      /** A page rendered to PNG within the pixel cap (a worker killed at its time limit). */
      render(page: number): Promise<Buffer>;
    };

/**
 * Opens a document once: empty and size checks, the type from the bytes (refusing one other than
 * `expect`), and for PDFs the page count (PAGE_OUT_OF_RANGE for a page or range beyond it,
 * PDF_TOO_MANY_PAGES). An image is one page: a range other than page 1 is out of range. Files go
 * in `workDir`, which the caller removes.
 */
export async function openDocument(
  bytes: Buffer,
  request: {
    pages?: { first: number; last: number };
    expect?: FileKind;
    maxBytes: number;
    /** 'any': an image answers for any page asked (text reading's rule). */
    pageOfImage?: 'one' | 'any';
    /**
     * A PDF's page count learned another way, once its file is written: a number stands in for
     * pdfinfo's (its checks are made the same); null, or a failure, and pdfinfo is asked.
     */
    pageCount?: (file: string) => Promise<number | null>;
  },
  limits: ExtractionLimits & { process?: ResourceLimits },
  workDir: string,
): Promise<SourceDocument> {
  if (bytes.length === 0) throw extractionErrors.empty();
  checkSize(bytes.length, request.maxBytes);
  const kind = await sniffFileKind(bytes);
  if (request.expect && request.expect !== kind) throw extractionErrors.unsupported();
  const range = request.pages ?? null;
  if (kind === 'image') {
    if (range && range.last > 1 && request.pageOfImage !== 'any')
      throw extractionErrors.pageOutOfRange(range.last, 1);
    return { kind, pageCount: 1, pages: [1], image: bytes };
  }
  const file = await writeTempPdf(workDir, bytes);
  const known = request.pageCount ? await request.pageCount(file).catch(() => null) : null;
  const info = known === null ? await pdfInfo(file, undefined, limits.process) : { pages: known };
  if (range && range.last > info.pages)
    throw extractionErrors.pageOutOfRange(range.last, info.pages);
  if (info.pages > limits.maxPdfPages) throw extractionErrors.tooManyPages(limits.maxPdfPages);
  const first = range?.first ?? 1;
  const last = range?.last ?? info.pages;
  return {
    kind,
    pageCount: info.pages,
    pages: Array.from({ length: last - first + 1 }, (_, i) => first + i),
    file,
    textLayer: (page) => pdfTextLayer(file, page, limits.process),
    async render(page) {
      // The page's size (MediaBox) is read before rendering: the density is chosen from it.
      const size = await pdfInfo(file, page, limits.process);
      return rasterisePage(
        file,
        page,
        size.pageSizePts,
        {
          maxPixels: limits.maxPixels,
          timeoutMs: limits.rasteriseTimeoutMs,
          ...(limits.process ? { process: limits.process } : {}),
        },
        workDir,
      );
    },
  };
}

/**
 * Opens the page to read (text reading): the document's checks, then its one page with its text
 * layer read.
 */
export async function openPage(
  bytes: Buffer,
  request: { page?: number; expect?: FileKind; maxBytes: number },
  limits: ExtractionLimits & { process?: ResourceLimits },
  workDir: string,
): Promise<SourcePage> {
  const page = request.page ?? 1;
  // An image has one page whatever page is asked for (text reading has always read it so).
  const document = await openDocument(
    bytes,
    {
      ...(request.expect ? { expect: request.expect } : {}),
      maxBytes: request.maxBytes,
      pages: { first: page, last: page },
      pageOfImage: 'any',
    },
    limits,
    workDir,
  );
  if (document.kind === 'image') return { kind: 'image', image: document.image };
  return {
    kind: 'pdf',
    page,
    pageCount: document.pageCount,
    textLayer: await document.textLayer(page),
    render: () => document.render(page),
  };
}
