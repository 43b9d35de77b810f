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

/**
 * Opens the page to read: empty and size checks, the type from the bytes (refusing one other than
 * `expect`), and for PDFs the page count (PAGE_OUT_OF_RANGE, PDF_TOO_MANY_PAGES) and text layer.
 * Files go in `workDir`, which the caller removes.
 */
export async function openPage(
  bytes: Buffer,
  request: { page?: number; expect?: FileKind; maxBytes: number },
  limits: ExtractionLimits & { process?: ResourceLimits },
  workDir: string,
): Promise<SourcePage> {
  if (bytes.length === 0) throw extractionErrors.empty();
  checkSize(bytes.length, request.maxBytes);
  const kind = await sniffFileKind(bytes);
  if (request.expect && request.expect !== kind) throw extractionErrors.unsupported();
  if (kind === 'image') return { kind, image: bytes };

  const page = request.page ?? 1;
  const file = await writeTempPdf(workDir, bytes);
  const info = await pdfInfo(file, undefined, limits.process);
  if (page > info.pages) throw extractionErrors.pageOutOfRange(page, info.pages);
  if (info.pages > limits.maxPdfPages) throw extractionErrors.tooManyPages(limits.maxPdfPages);
  return {
    kind,
    page,
    pageCount: info.pages,
    textLayer: await pdfTextLayer(file, page, limits.process),
    async render() {
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
