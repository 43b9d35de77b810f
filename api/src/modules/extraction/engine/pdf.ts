import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv } from '../../../common/process/child-env.js';
import { extractionErrors } from './errors.js';
import { ProcessTimeoutError, runProcess } from '../../../common/process/run-process.js';
import type { ResourceLimits } from '../../../common/process/resource-limits.js';
import { PDF_INFO_TIMEOUT_MS, PDF_TEXT_TIMEOUT_MS } from './limits.js';

const WORKER = fileURLToPath(new URL('../../../../workers/rasterise.mjs', import.meta.url));
// Below this a page is not worth reading: a page so large that the pixel cap allows less is
// refused (IMAGE_TOO_LARGE) rather than rendered to a useless bitmap.
const MIN_DENSITY = 10;

export type PdfInfo = { pages: number; pageSizePts: { width: number; height: number } };

/**
 * Page count (and a page's size), read cheaply by poppler's pdfinfo: nothing is rendered. The
 * size is the larger of the page's MediaBox and CropBox: pdfinfo's 'Page size' is the CropBox,
 * while Ghostscript renders the whole MediaBox (a 100 pt CropBox on a 14400 pt MediaBox rendered
 * at the CropBox's density would be a 3.6 GP bitmap).
 */
export async function pdfInfo(
  file: string,
  page?: number,
  limits?: ResourceLimits,
): Promise<PdfInfo> {
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page), '-box'];
  const result = await runProcess('pdfinfo', [...range, file], {
    timeoutMs: PDF_INFO_TIMEOUT_MS,
    ...(limits ? { limits } : {}),
  });
  const output = result.stdout.toString();
  if (result.code !== 0) {
    if (/password|encrypt/i.test(result.stderr)) throw extractionErrors.encryptedPdf();
    throw extractionErrors.corruptPdf();
  }
  const pages = Number(/^Pages:\s+(\d+)/m.exec(output)?.[1] ?? NaN);
  if (!Number.isInteger(pages) || pages < 1) throw extractionErrors.corruptPdf();
  const size = /^Page\s+\d+\s+size:\s+([\d.]+)\s+x\s+([\d.]+)/m.exec(output);
  const box = (name: string) => {
    const m = new RegExp(
      `^Page\\s+\\d+\\s+${name}:\\s+(-?[\\d.]+)\\s+(-?[\\d.]+)\\s+(-?[\\d.]+)\\s+(-?[\\d.]+)`,
      'm',
    ).exec(output);
    return m
      ? {
          width: Math.abs(Number(m[3]) - Number(m[1])),
          height: Math.abs(Number(m[4]) - Number(m[2])),
        }
      : null;
  };
  const boxes = [
    size ? { width: Number(size[1]), height: Number(size[2]) } : null,
    box('MediaBox'),
    box('CropBox'),
  ].filter((b): b is { width: number; height: number } => b !== null && b.width > 0);
  const pageSizePts = boxes.length
    ? {
        width: Math.max(...boxes.map((b) => b.width)),
        height: Math.max(...boxes.map((b) => b.height)),
      }
    : { width: 612, height: 792 };
  return { pages, pageSizePts };
}

/** The page's own text layer, when it has one worth using (exact and fast). */
export async function pdfTextLayer(
  file: string,
  page: number,
  limits?: ResourceLimits,
): Promise<string | null> {
  const result = await runProcess(
    'pdftotext',
    ['-f', String(page), '-l', String(page), '-enc', 'UTF-8', file, '-'],
    {
      timeoutMs: PDF_TEXT_TIMEOUT_MS,
      maxOutputBytes: 64 * 1024 * 1024,
      ...(limits ? { limits } : {}),
    },
  );
  if (result.code !== 0) return null;
  const text = result.stdout.toString('utf8').replace(/\f/g, '');
  // A scan often carries an empty or junk layer; require some real letters or digits.
  const meaningful = text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return meaningful >= 3 && !looksUndecodable(text) ? text : null;
}

/**
 * A layer whose fonts map glyphs to the wrong code points (a broken ToUnicode CMap) reads as
 * control characters and replacement marks: such a page is read by OCR instead.
 */
export function looksUndecodable(text: string): boolean {
  let bad = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d].includes(code)) || code === 0xfffd) bad += 1;
  }
  return bad > 0;
}

/**
 * The density a page is rendered at: up to 300 dpi, lowered so the bitmap Ghostscript draws (the
 * whole page at that density) stays within the pixel cap; null when even MIN_DENSITY exceeds it.
 */
export function renderSize(
  sizePts: PdfInfo['pageSizePts'],
  maxPixels: number,
): { density: number; width: number; height: number } | null {
  const areaSqIn = (sizePts.width / 72) * (sizePts.height / 72);
  const density = Math.min(300, Math.floor(Math.sqrt(maxPixels / areaSqIn)));
  if (!Number.isFinite(density) || density < MIN_DENSITY) return null;
  const width = Math.max(1, Math.ceil((sizePts.width / 72) * density));
  const height = Math.max(1, Math.ceil((sizePts.height / 72) * density));
  return { density, width, height };
}

/** Renders the page to PNG at up to 300 dpi, lowering the density to stay under the pixel cap. */
export async function rasterisePage(
  file: string,
  page: number,
  sizePts: PdfInfo['pageSizePts'],
  limits: { maxPixels: number; timeoutMs: number; process?: ResourceLimits },
  workDir: string,
): Promise<Buffer> {
  const size = renderSize(sizePts, limits.maxPixels);
  if (!size) throw extractionErrors.tooManyPixels(Math.round(limits.maxPixels / 1e6));
  const { density, width, height } = size;
  try {
    const result = await runProcess(
      process.execPath,
      [WORKER, file, String(page), String(density), String(width), String(height)],
      {
        timeoutMs: limits.timeoutMs,
        maxOutputBytes: 512 * 1024 * 1024,
        ...(limits.process ? { limits: limits.process } : {}),
        env: childEnv({
          TMPDIR: workDir,
          MAGICK_TMPDIR: workDir,
          MAGICK_LIMIT_MEMORY: '512MB',
          MAGICK_LIMIT_MAP: '1GB',
          MAGICK_LIMIT_DISK: '2GB',
        }),
      },
    );
    if (result.code !== 0 || result.stdout.length === 0) throw extractionErrors.corruptPdf();
    return result.stdout;
  } catch (error) {
    if (error instanceof ProcessTimeoutError) throw extractionErrors.timeout();
    throw error;
  }
}

export async function writeTempPdf(workDir: string, bytes: Buffer): Promise<string> {
  const file = path.join(workDir, 'input.pdf');
  await writeFile(file, bytes, { mode: 0o600 });
  return file;
}
