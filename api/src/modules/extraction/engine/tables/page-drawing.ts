import { fileURLToPath } from 'node:url';
import { childEnv } from '../../../../common/process/child-env.js';
import { runProcess } from '../../../../common/process/run-process.js';
import type { ProcessResult } from '../../../../common/process/run-process.js';
import type { ResourceLimits } from '../../../../common/process/resource-limits.js';

// One PDF page drawn by `pdftocairo -svg`, for its paths (the table reader's ruling lines,
// svg-lines.ts). Kept apart from the reader (poppler-layout.ts) and small, so that the engine can
// start the first page's drawing as soon as the file is on disk, beside pdfinfo and the reader's
// own loading, rather than after both: pdftocairo is the slowest process of a digital page
// (~19 ms against pdftotext's ~8), and `npm run extract-tables` on one page is to stay within
// 10 % of `npm run extract` (issue 21).

// pdftocairo draws the page only for its paths: with no fonts configured it does not look for a
// font the PDF does not embed (fontconfig's search is most of its start on such a file).
const NO_FONTS = fileURLToPath(new URL('../../../../../workers/no-fonts.conf', import.meta.url));

export type Drawn = { result: ProcessResult } | { error: unknown };

export type PageDrawing = {
  file: string;
  page: number;
  /** Stops the drawing (a page read from its pixels needs none); harmless once it ended. */
  abort: () => void;
  /** Never rejects: a failed or cancelled drawing is its `error`. */
  settled: Promise<Drawn>;
};

export function startPageDrawing(
  file: string,
  page: number,
  options: { timeoutMs: number; process?: ResourceLimits },
): PageDrawing {
  const controller = new AbortController();
  const run = runProcess(
    'pdftocairo',
    ['-svg', '-f', String(page), '-l', String(page), file, '-'],
    {
      timeoutMs: options.timeoutMs,
      maxOutputBytes: 256 * 1024 * 1024,
      signal: controller.signal,
      env: childEnv({ FONTCONFIG_FILE: NO_FONTS }),
      ...(options.process ? { limits: options.process } : {}),
    },
  );
  // Settled here so that a cancelled or failed drawing is never an unhandled rejection.
  const settled = run.then(
    (result): Drawn => ({ result }),
    (error: unknown): Drawn => ({ error }),
  );
  return { file, page, abort: () => controller.abort(), settled };
}
