import { extractionErrors } from './errors.js';

export type FileKind = 'pdf' | 'image';

const IMAGE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/tiff',
  'image/heic',
  'image/heif',
]);

// A PDF's header (ISO 32000 §7.5.2), which is also the one sign file-type knows a PDF by.
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');

/**
 * The file's type from its bytes, never from its name or a declared type. Anything else
 * (PostScript named .pdf, SVG, AVIF, executables) is refused before any converter runs.
 * A PDF is told by its header alone; file-type (some 40 modules, a good part of the command
 * line's start-up) is loaded for the other files only.
 */
export async function sniffFileKind(bytes: Buffer): Promise<FileKind> {
  if (bytes.length === 0) throw extractionErrors.empty();
  if (bytes.subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) return 'pdf';
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === 'application/pdf') return 'pdf';
  if (type && IMAGE_TYPES.has(type.mime)) return 'image';
  throw extractionErrors.unsupported();
}
