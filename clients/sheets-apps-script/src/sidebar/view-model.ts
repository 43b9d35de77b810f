// The sidebar's decisions, kept out of the DOM code so they are tested in Node: which files it
// takes, what each outcome says, how long it waits between looks at a long file's job.
import { pagesCount, type PagesParse } from '../shared/pages.js';
import type { AddonError, Outcome } from '../shared/sidebar-api.js';

/** What the API reads (the engine finds the kind from the bytes; these are what it supports). */
export const ACCEPTED_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/tiff',
  'image/gif',
  'image/bmp',
];

export const POLL_INTERVAL_MS = 2000;
export const PICKER_POLL_INTERVAL_MS = 1500;
/** The Picker dialog is given this long before the sidebar stops waiting for it. */
export const PICKER_WAIT_MS = 10 * 60 * 1000;

export type FileKind = 'pdf' | 'image';

export type FileCheck = { ok: true; kind: FileKind } | { ok: false; error: string };

const megabytes = (bytes: number): string => `${String(Math.round(bytes / (1024 * 1024)))} MB`;

export function checkFile(
  file: { name: string; type: string; size: number | null },
  maxBytes: number | null,
): FileCheck {
  const isPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  const isImage = file.type.startsWith('image/') && ACCEPTED_TYPES.includes(file.type);
  if (!isPdf && !isImage) return { ok: false, error: 'Choose a PDF or an image (PNG, JPEG…).' };
  if (file.size === 0) return { ok: false, error: 'The file is empty.' };
  if (maxBytes !== null && file.size !== null && file.size > maxBytes) {
    return {
      ok: false,
      error: `The file is larger than ${megabytes(maxBytes)}, the largest your plan reads.`,
    };
  }
  return { ok: true, kind: isPdf ? 'pdf' : 'image' };
}

const plural = (n: number, word: string): string => `${String(n)} ${word}${n === 1 ? '' : 's'}`;

/** The credits a reading will use (spec §9: 1 credit = 1 PDF page or 1 image). */
export function costText(kind: FileKind | null, pages: PagesParse): string {
  if (!kind) return '';
  if (kind === 'image') return 'Uses 1 credit.';
  const count = pages.ok ? pagesCount(pages.request) : null;
  return count === null ? 'Uses 1 credit per page read.' : `Uses up to ${plural(count, 'credit')}.`;
}

export type Message = { tone: 'info' | 'success' | 'error'; text: string; detail?: string };

export function errorMessage(error: AddonError): Message {
  const detail = [error.code, error.status ? `HTTP ${String(error.status)}` : '']
    .filter(Boolean)
    .join(' · ');
  return { tone: 'error', text: error.message, ...(detail ? { detail } : {}) };
}

/** What the sidebar says for an outcome of the server. */
export function outcomeMessage(outcome: Outcome): Message {
  switch (outcome.kind) {
    case 'inserted':
      return {
        tone: 'success',
        text: `Inserted ${plural(outcome.tables, 'table')} into the sheet "${outcome.sheetName}". ${plural(outcome.creditsSpent, 'credit')} used.`,
      };
    case 'empty':
      return {
        tone: 'info',
        text: `No tables were found in this file. ${plural(outcome.creditsSpent, 'credit')} used.`,
      };
    case 'running':
      return {
        tone: 'info',
        text:
          outcome.pagesTotal > 0
            ? `Reading page ${String(Math.min(outcome.pagesDone + 1, outcome.pagesTotal))} of ${String(outcome.pagesTotal)}…`
            : 'Reading the file…',
      };
    case 'cancelled':
      return {
        tone: 'info',
        text: `Cancelled. ${plural(outcome.creditsRefunded, 'credit')} given back.`,
      };
    case 'error':
      return errorMessage(outcome.error);
  }
}

/** A failure of google.script.run itself (the server function threw, or the call was lost). */
export function scriptFailure(error: Error): Message {
  return { tone: 'error', text: error.message || 'Something went wrong, please try again' };
}

/** The file read as a data: URL, its base64 part (what the server sends on). */
export const dataUrlBase64 = (dataUrl: string): string => dataUrl.slice(dataUrl.indexOf(',') + 1);
