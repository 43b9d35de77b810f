import { fileTooLargeMessage } from 'contracts';

// What a tool reads: a chosen, dropped or pasted file, or a camera capture, checked against the
// tool's rules (which types, how large) before it is read.
export type ChosenFile = {
  name: string;
  isPdf: boolean;
  /** The file's bytes as base64, without a data: prefix. */
  base64: string;
  /** Its size in bytes. */
  size: number;
  /** For the preview: an object URL (the caller revokes it when the preview changes). */
  previewUrl: string;
  fromCamera: boolean;
};

export type IntakeRules = {
  /** MIME types, 'type/*' wildcards, as the chooser's accept attribute takes them. */
  accept: readonly string[];
  /** What they are, for people: 'an image or PDF' ('Choose an image or PDF'). */
  label: string;
  /** The largest file taken, in bytes; none: the size is checked later (or by the server). */
  maxBytes?: number;
};

/** Images and PDFs: what text OCR and the add-on's converter read. */
export const IMAGE_OR_PDF: IntakeRules = {
  accept: ['image/*', 'application/pdf'],
  label: 'an image or PDF',
};

export type FileRefusal = { reason: 'type' | 'size'; message: string };

// A file may come without a type (some drops, some systems): its extension stands in.
const EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/*': ['png', 'jpg', 'jpeg', 'webp', 'tif', 'tiff', 'heic', 'heif'],
};

/** The chooser's accept attribute: 'image/*,application/pdf'. */
export const acceptAttribute = (rules: Pick<IntakeRules, 'accept'>): string =>
  rules.accept.join(',');

const matches = (type: string, pattern: string): boolean =>
  pattern.endsWith('/*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern;

/** Whether the file is one of the accepted types, by its type, else by its extension. */
export function isAccepted(file: Pick<File, 'name' | 'type'>, rules: Pick<IntakeRules, 'accept'>) {
  if (file.type) return rules.accept.some((pattern) => matches(file.type, pattern));
  const extension = /\.([^./\\]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return rules.accept.some((pattern) => EXTENSIONS[pattern]?.includes(extension) ?? false);
}

/** Why the file is refused (its type, then its size), or null when it is taken. */
export function checkFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  rules: IntakeRules,
): FileRefusal | null {
  if (!isAccepted(file, rules)) {
    return {
      reason: 'type',
      message: `${file.name} is not ${rules.label}. Choose ${rules.label}.`,
    };
  }
  if (rules.maxBytes !== undefined && file.size > rules.maxBytes) {
    return { reason: 'size', message: fileTooLargeMessage(rules.maxBytes) };
  }
  return null;
}

const toBase64 = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.replace(/^data:[^,]*,/, ''));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });

/** Reads the file for sending (base64) and previewing (an object URL). */
export async function readChosenFile(file: File, fromCamera = false): Promise<ChosenFile> {
  const isPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  return {
    name: file.name,
    isPdf,
    base64: await toBase64(file),
    size: file.size,
    previewUrl: URL.createObjectURL(file),
    fromCamera,
  };
}

/**
 * A download's name from the file it was read from: its name without the extension, the
 * suffix, the extension ('scan_extracted.txt'); captures are named 'photo' (spec §4).
 */
export function downloadName(
  file: Pick<ChosenFile, 'name' | 'fromCamera'>,
  extension = 'txt',
  suffix = '_extracted',
): string {
  const base = file.fromCamera ? 'photo' : file.name.replace(/\.[^./\\]+$/, '') || 'text';
  return `${base}${suffix}.${extension}`;
}
