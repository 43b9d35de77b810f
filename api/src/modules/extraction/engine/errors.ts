import { fileTooLargeMessage, type ExtractionErrorCode } from 'contracts';
import { DomainError } from '../../../common/errors/domain-error.js';

// The engine's error catalogue: every error a person can see from reading a file (spec §8 plus
// the checks of issue 4), each with its stable code. The engine throws only these; the API and
// the command line show their messages.
export class ExtractionError extends DomainError {
  constructor(
    override readonly code: ExtractionErrorCode,
    message: string,
    status: number,
    headers: Record<string, string> = {},
    details: Record<string, string | number | boolean> = {},
  ) {
    super(code, message, status, headers, details);
  }
}

/** When a person may try again after the temporary disk was found full. */
export const STORAGE_FULL_RETRY_SECONDS = 60;

/** A write refused because the disk (or the user's quota on it) is full. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

export const extractionErrors = {
  sizeExceeded: (limitBytes: number) =>
    new ExtractionError('IMAGE_SIZE_EXCEED', fileTooLargeMessage(limitBytes), 413),
  empty: () => new ExtractionError('FILE_EMPTY', 'The file is empty.', 422),
  unsupported: () =>
    new ExtractionError(
      'UNSUPPORTED_FILE',
      'Unsupported file type. Please upload a PNG, JPEG, WebP, TIFF, HEIC or PDF file.',
      415,
    ),
  badBase64: () =>
    new ExtractionError(
      'UNSUPPORTED_FILE',
      'The file could not be read (invalid base64 data).',
      415,
    ),
  tooManyPixels: (maxMegapixels: number) =>
    new ExtractionError(
      'IMAGE_TOO_LARGE',
      `The image is larger than ${String(maxMegapixels)} megapixels. Please upload a smaller image.`,
      422,
    ),
  corruptImage: () =>
    new ExtractionError(
      'FILE_CORRUPT',
      'The image is damaged or incomplete and cannot be read.',
      422,
    ),
  corruptPdf: () =>
    new ExtractionError(
      'FILE_CORRUPT',
      'The PDF is damaged or incomplete and cannot be read.',
      422,
    ),
  encryptedPdf: () =>
    new ExtractionError(
      'PDF_ENCRYPTED',
      'The PDF is password-protected. Please remove the password and upload it again.',
      422,
    ),
  pageOutOfRange: (page: number, pageCount: number) =>
    new ExtractionError(
      'PAGE_OUT_OF_RANGE',
      `Page ${String(page)} does not exist: this PDF has ${String(pageCount)} page${pageCount === 1 ? '' : 's'}.`,
      422,
    ),
  tooManyPages: (max: number) =>
    new ExtractionError('PDF_TOO_MANY_PAGES', `PDFs can have at most ${String(max)} pages.`, 422),
  busy: (retryAfterSeconds: number) =>
    new ExtractionError(
      'ENGINE_BUSY',
      'The text reader is busy right now. Please try again in a few seconds.',
      503,
      { 'Retry-After': String(retryAfterSeconds) },
    ),
  timeout: () =>
    new ExtractionError(
      'ENGINE_TIMEOUT',
      'Reading this file took too long and was stopped. Try a smaller image or a single page.',
      504,
    ),
  /** The temporary disk the engine writes to is full (ENOSPC): nothing wrong with the file. */
  storageFull: () =>
    new ExtractionError(
      'TEMP_STORAGE_FULL',
      'The server is short of disk space to read files right now. Please try again in a few minutes.',
      503,
      { 'Retry-After': String(STORAGE_FULL_RETRY_SECONDS) },
    ),
  engineFailed: () =>
    new ExtractionError('ENGINE_FAILED', 'The text reader could not process this file.', 422),
  unknownLanguage: (code: string) =>
    new ExtractionError('UNKNOWN_LANGUAGE', `Unknown language code: ${code}.`, 400),
  languageUndetected: (language: string) =>
    new ExtractionError(
      'TRANSLATION_UNAVAILABLE',
      `Could not tell which language the text is in, so it cannot be translated to ${language} here.`,
      422,
    ),
  pairUnavailable: (from: string, to: string) =>
    new ExtractionError(
      'TRANSLATION_UNAVAILABLE',
      `Translation from ${from} to ${to} is not available on this server.`,
      422,
    ),
  visionBusy: (retryAfterSeconds: string) =>
    new ExtractionError(
      'VISION_BUSY',
      'The AI reader is busy right now. Please try again in a few seconds.',
      503,
      { 'Retry-After': retryAfterSeconds },
    ),
  visionUnavailable: (status?: number) =>
    new ExtractionError(
      'VISION_UNAVAILABLE',
      `The AI reader could not be reached${status ? ` (${String(status)})` : ''}. Please try again later.`,
      502,
    ),
  translationUnavailable: (language: string) =>
    new ExtractionError(
      'TRANSLATION_UNAVAILABLE',
      `Translation to ${language} is not available on this server. Choose 'Original language' or another language.`,
      422,
    ),
};
