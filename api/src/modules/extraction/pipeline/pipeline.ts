import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cleanOutput, joinHyphenatedWords, NO_TEXT_FOUND } from './clean-output.js';
import { sniffFileKind } from './file-kind.js';
import { checkImage, prepareForOcr, uprightGray } from './image-prep.js';
import type { ExtractionLimits } from './limits.js';
import { pdfInfo, pdfTextLayer, rasterisePage, writeTempPdf } from './pdf.js';
import { extractionErrors } from './pipeline-errors.js';
import { modelsForScript } from './scripts.js';
import { detectOrientation, recognise } from './tesseract.js';

export type ExtractInput = { bytes: Buffer; kind?: 'pdf' | 'image'; page?: number };
export type PipelineOptions = { limits: ExtractionLimits; tesseractPath: string };
export type ExtractResult = { text: string; source: 'pdf-text' | 'ocr' };

let installedModels: Promise<Set<string>> | null = null;

/** The Tesseract models installed on this machine (read once). */
export function tesseractModels(
  tessdata = '/usr/share/tesseract-ocr/5/tessdata',
): Promise<Set<string>> {
  installedModels ??= readdir(tessdata).then(
    (files) =>
      new Set(
        files.filter((f) => f.endsWith('.traineddata')).map((f) => f.replace('.traineddata', '')),
      ),
    () => new Set(['eng']),
  );
  return installedModels;
}

async function ocrImage(bytes: Buffer, options: PipelineOptions): Promise<string> {
  const { limits, tesseractPath } = options;
  await checkImage(bytes, limits.maxPixels);
  const upright = await uprightGray(bytes, limits.maxPixels);
  const osd = await detectOrientation(upright, {
    binary: tesseractPath,
    timeoutMs: limits.ocrTimeoutMs,
  });
  const prepared = await prepareForOcr(upright, osd.rotate);
  const languages = modelsForScript(osd.script, await tesseractModels());
  const raw = await recognise(prepared, {
    binary: tesseractPath,
    languages,
    timeoutMs: limits.ocrTimeoutMs,
  });
  return joinHyphenatedWords(raw);
}

/**
 * upload → size and magic-byte check → (PDF: the page's text layer, else that page rasterised)
 * → image normalisation → OCR → output cleaning. Temporary files live in one folder per call,
 * removed on every path out.
 */
export async function extractText(
  input: ExtractInput,
  options: PipelineOptions,
): Promise<ExtractResult> {
  const { bytes } = input;
  if (bytes.length === 0) throw extractionErrors.empty();
  if (bytes.length > options.limits.maxBytes)
    throw extractionErrors.sizeExceeded(options.limits.maxBytes);
  const kind = await sniffFileKind(bytes);
  if (input.kind && input.kind !== kind) throw extractionErrors.unsupported();

  if (kind === 'image') {
    const text = cleanOutput(await ocrImage(bytes, options));
    return { text: text || NO_TEXT_FOUND, source: 'ocr' };
  }

  const workDir = await mkdtemp(path.join(os.tmpdir(), 'extract-'));
  try {
    const page = input.page ?? 1;
    const file = await writeTempPdf(workDir, bytes);
    const info = await pdfInfo(file);
    if (page > info.pages) throw extractionErrors.pageOutOfRange(page, info.pages);
    if (info.pages > options.limits.maxPdfPages)
      throw extractionErrors.tooManyPages(options.limits.maxPdfPages);
    const layer = await pdfTextLayer(file, page);
    if (layer) {
      const text = cleanOutput(joinHyphenatedWords(layer));
      if (text) return { text, source: 'pdf-text' };
    }
    const size = await pdfInfo(file, page);
    const png = await rasterisePage(
      file,
      page,
      size.pageSizePts,
      { maxPixels: options.limits.maxPixels, timeoutMs: options.limits.rasteriseTimeoutMs },
      workDir,
    );
    const text = cleanOutput(await ocrImage(png, options));
    return { text: text || NO_TEXT_FOUND, source: 'ocr' };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
