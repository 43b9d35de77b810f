// One PDF page drawn by `pdftocairo -svg` for its ruling lines (poppler-layout.ts reads them from
// the drawing). Kept apart from the rest of the table reader so that the engine's front door can
// start the first page's drawing while the document is still being opened (engine.ts) without
// loading the reader itself.
import { fileURLToPath } from 'node:url';
import { childEnv } from '../../../../common/process/child-env.js';
import { runProcess, type ProcessResult } from '../../../../common/process/run-process.js';
import type { ResourceLimits } from '../../../../common/process/resource-limits.js';

// pdftocairo draws the page only for its paths: with no fonts configured it does not look for a
// font the PDF does not embed (fontconfig's search is most of its start on such a file).
const NO_FONTS = fileURLToPath(new URL('../../../../../workers/no-fonts.conf', import.meta.url));

export type DrawnPage = { result: ProcessResult } | { error: unknown };

/** A drawing under way: `settled` never rejects; `cancel` ends its process if still running. */
export type PageDrawing = {
  page: number;
  settled: Promise<DrawnPage>;
  cancel(): void;
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
    (result): DrawnPage => ({ result }),
    (error: unknown): DrawnPage => ({ error }),
  );
  return { page, settled, cancel: () => controller.abort() };
}
