import {
  extractionErrors,
  type TablesRequest,
  type TablesResult,
} from '../../extraction/engine/index.js';
import type { TablesReader } from '../tables-reader.js';

/**
 * A TEST DOUBLE of the engine's table reader, for the credits and jobs mechanics only (the route's
 * tests with real files run the real engine): a document of `pageCount` pages whose pages each
 * take `pageMs` to "read" and yield one table [['page N']], except `failPages`, which fail. It
 * keeps the engine's contract that matters here: the asked range is checked against the page
 * count (PAGE_OUT_OF_RANGE) before `beforeRead`, which runs before any page; the signal stops it.
 */
export type ControllableDocument = {
  pageCount: number;
  pageMs: number;
  failPages?: number[];
  /** Filled with each page as it is read, for the tests to see what was read. */
  read?: number[];
};

export function controllableReader(
  document: () => ControllableDocument,
): TablesReader['extractTables'] {
  return async (request: TablesRequest): Promise<TablesResult> => {
    const doc = document();
    const { pageCount, pageMs, failPages = [] } = doc;
    const first = request.pages?.first ?? 1;
    const last = request.pages?.last ?? pageCount;
    if (last > pageCount) throw extractionErrors.pageOutOfRange(last, pageCount);
    const pages = Array.from({ length: last - first + 1 }, (_, i) => first + i);
    await request.beforeRead?.(pages);
    const result: TablesResult = { pageCount, pages: [], tables: [] };
    for (const page of pages) {
      await wait(pageMs, request.signal);
      doc.read?.push(page);
      const ok = !failPages.includes(page);
      const outcome = ok ? { page, ok } : { page, ok, error: 'ENGINE_FAILED' };
      result.pages.push(outcome);
      request.onPage?.(outcome);
      if (ok) {
        result.tables.push({
          page,
          pages: [page],
          rows: [[`page ${String(page)}`]],
          method: 'stream',
          bbox: { x0: 0, y0: 0, x1: 1, y1: 1 },
        });
      }
    }
    return result;
  };
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(extractionErrors.timeout());
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(extractionErrors.timeout());
      },
      { once: true },
    );
  });
}
