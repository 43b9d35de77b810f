import type { ChosenFile } from 'shared-ui';
import type { ExtractFailure } from './extract-api';

// The tool's state as one reducer (spec §2, §4): the chosen file, the PDF page and the language,
// and the request's progress and outcome. Pure, so that each transition and the Extract button's
// rule are tested without rendering.

export type ExtractionResult = { text: string; found: boolean };

export type ExtractionState = {
  file: ChosenFile | null;
  /** The page field's text as typed (it may be empty while typing); see pageNumber. */
  pageText: string;
  /** '' for the original language, else the code to translate into. */
  language: string;
  running: boolean;
  result: ExtractionResult | null;
  /** The result answers the current file, page and language: extracting again would repeat it. */
  fresh: boolean;
  failure: ExtractFailure | null;
  /** The chosen file could not be read in the browser, or is not an image or PDF. */
  readError: string | null;
};

export type ExtractionAction =
  | { type: 'readStarted' }
  | { type: 'fileChosen'; file: ChosenFile }
  | { type: 'fileUnreadable' }
  | { type: 'fileRefused'; message: string }
  | { type: 'cameraOpened' }
  | { type: 'pageChanged'; pageText: string }
  | { type: 'pageCommitted' }
  | { type: 'languageChanged'; language: string }
  | { type: 'extractStarted' }
  | { type: 'extractSucceeded'; result: ExtractionResult }
  | { type: 'extractFailed'; failure: ExtractFailure }
  | { type: 'reset' };

export const UNREADABLE_FILE = 'The file could not be read. Please choose it again.';

export const initialExtraction: ExtractionState = {
  file: null,
  pageText: '1',
  language: '',
  running: false,
  result: null,
  fresh: false,
  failure: null,
  readError: null,
};

export function extractionReducer(
  state: ExtractionState,
  action: ExtractionAction,
): ExtractionState {
  switch (action.type) {
    case 'readStarted':
      return { ...state, readError: null };
    case 'fileChosen':
      // A new file starts at its first page with nothing extracted yet.
      return {
        ...state,
        file: action.file,
        pageText: '1',
        result: null,
        fresh: false,
        failure: null,
        readError: null,
      };
    case 'fileUnreadable':
      return { ...state, readError: UNREADABLE_FILE };
    case 'fileRefused':
      // (the file already chosen, if any, stays)
      return { ...state, readError: action.message };
    case 'cameraOpened':
      return { ...state, file: null, result: null, fresh: false, failure: null };
    case 'pageChanged':
      return { ...state, pageText: action.pageText, fresh: false };
    case 'pageCommitted':
      return { ...state, pageText: String(pageNumber(state)) };
    case 'languageChanged':
      return { ...state, language: action.language, fresh: false };
    case 'extractStarted':
      return { ...state, running: true, result: null, failure: null };
    case 'extractSucceeded':
      return { ...state, running: false, result: action.result, fresh: true };
    case 'extractFailed':
      return { ...state, running: false, failure: action.failure };
    case 'reset':
      return initialExtraction;
  }
}

/** The page read: the field's whole number, at least 1. */
export function pageNumber(state: Pick<ExtractionState, 'pageText'>): number {
  return Math.max(1, Math.floor(Number(state.pageText)) || 1);
}

/** Extract Text: needs a file, not while a request runs, and not again for a fresh result. */
export function canExtract(state: ExtractionState): boolean {
  return state.file !== null && !state.running && !state.fresh;
}

/** Download Text: only for a result that holds text. */
export function canDownload(state: ExtractionState): boolean {
  return state.result !== null && state.result.found && state.result.text.trim() !== '';
}
