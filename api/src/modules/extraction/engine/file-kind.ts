import { fileTypeFromBuffer } from 'file-type';
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

/**
 * The file's type from its bytes, never from its name or a declared type. Anything else
 * (PostScript named .pdf, SVG, AVIF, executables) is refused before any converter runs.
 */
export async function sniffFileKind(bytes: Buffer): Promise<FileKind> {
  if (bytes.length === 0) throw extractionErrors.empty();
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === 'application/pdf') return 'pdf';
  if (type && IMAGE_TYPES.has(type.mime)) return 'image';
  throw extractionErrors.unsupported();
}
