// A digital PDF's own layout (words with boxes, ruling lines) for the table reader, read by pdfjs
// in a child process (api/workers/pdf-layout.mjs) so that a hostile file cannot hang or exhaust
// the API: the process has a timeout and, when given, address-space and CPU limits. The file is
// opened once for all the pages asked.
import { fileURLToPath } from 'node:url';
import { childEnv } from '../../../../common/process/child-env.js';
import { ProcessTimeoutError, runProcess } from '../../../../common/process/run-process.js';
import type { ResourceLimits } from '../../../../common/process/resource-limits.js';
import { extractionErrors } from '../errors.js';
import { looksUndecodable } from '../pdf.js';
import type { LayoutPage, PageWord, RulingLine } from './layout.js';

const WORKER = fileURLToPath(new URL('../../../../../workers/pdf-layout.mjs', import.meta.url));

type RawPage = {
  page: number;
  width: number;
  height: number;
  words: PageWord[];
  lines: RulingLine[];
};

/**
 * Whether a page's own words are worth reading, by the rule the text reader applies to its text
 * layer (pdf.ts): a few real letters or digits (a scan's stray page number is not enough), and no
 * control characters or replacement marks (a font with a broken ToUnicode map). Otherwise the
 * page is OCRed.
 */
function usableText(words: PageWord[]): boolean {
  const text = words.map((w) => w.text).join(' ');
  const meaningful = text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return meaningful >= 3 && !looksUndecodable(text);
}

/**
 * Each asked page's size (points, after its /Rotate), words (logical order inside a word; origin
 * top left, y down) and ruling lines. A page without a usable text layer (none, a stray word or
 * two, or undecodable) gives `words: []`: the caller reads it by OCR instead.
 */
export async function readPdfLayout(
  file: string,
  pages: number[],
  options: { timeoutMs: number; process?: ResourceLimits },
): Promise<LayoutPage[]> {
  if (pages.length === 0) return [];
  try {
    // Without V8's WebAssembly trap handler: it reserves ~10 GB of address space per Wasm memory,
    // which the address-space limit refuses (undici, under pdfjs, instantiates one).
    const args = ['--disable-wasm-trap-handler', WORKER, file, pages.join(',')];
    const result = await runProcess(process.execPath, args, {
      timeoutMs: options.timeoutMs,
      maxOutputBytes: 256 * 1024 * 1024,
      ...(options.process ? { limits: options.process } : {}),
      env: childEnv(),
    });
    if (result.code === 3) throw extractionErrors.encryptedPdf();
    if (result.code !== 0) throw extractionErrors.corruptPdf();
    const raw = JSON.parse(result.stdout.toString('utf8')) as RawPage[];
    return raw.map((p) => {
      // An unusable page is OCRed, and its lines are then found in its pixels.
      const usable = usableText(p.words);
      return {
        page: p.page,
        width: p.width,
        height: p.height,
        source: 'pdf-text' as const,
        words: usable ? p.words : [],
        lines: usable ? p.lines : [],
      };
    });
  } catch (error) {
    if (error instanceof ProcessTimeoutError) throw extractionErrors.timeout();
    if (error instanceof SyntaxError) throw extractionErrors.corruptPdf();
    throw error;
  }
}
