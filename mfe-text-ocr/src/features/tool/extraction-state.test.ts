import type { ChosenFile } from 'shared-ui';
import {
  canDownload,
  canExtract,
  extractionReducer,
  initialExtraction,
  pageNumber,
  UNREADABLE_FILE,
  type ExtractionAction,
  type ExtractionState,
} from './extraction-state';

const PDF: ChosenFile = {
  name: 'report.pdf',
  isPdf: true,
  base64: 'JVBERg==',
  size: 6,
  previewUrl: 'blob:report',
  fromCamera: false,
};
const PNG: ChosenFile = { ...PDF, name: 'scan.png', isPdf: false, previewUrl: 'blob:scan' };

const run = (...actions: ExtractionAction[]): ExtractionState =>
  actions.reduce(extractionReducer, initialExtraction);

const chosen = { type: 'fileChosen', file: PDF } as const;
const started = { type: 'extractStarted' } as const;
const succeeded = { type: 'extractSucceeded', result: { text: 'Hello', found: true } } as const;
const failed = { type: 'extractFailed', failure: { kind: 'message', text: 'Nope' } } as const;

describe('extractionReducer', () => {
  it('starts with no file, page 1, the original language, and Extract Text disabled', () => {
    expect(initialExtraction).toMatchObject({ file: null, pageText: '1', language: '' });
    expect(canExtract(initialExtraction)).toBe(false);
    expect(canDownload(initialExtraction)).toBe(false);
  });

  it('enables Extract Text once a file is chosen', () => {
    const state = run(chosen);
    expect(state.file).toBe(PDF);
    expect(canExtract(state)).toBe(true);
  });

  it('disables Extract Text while running, clearing the previous outcome', () => {
    const state = run(chosen, started, failed, started);
    expect(state).toMatchObject({ running: true, result: null, failure: null });
    expect(canExtract(state)).toBe(false);
  });

  it('keeps Extract Text disabled after a success, with the result fresh', () => {
    const state = run(chosen, started, succeeded);
    expect(state).toMatchObject({ running: false, fresh: true });
    expect(state.result).toEqual({ text: 'Hello', found: true });
    expect(canExtract(state)).toBe(false);
    expect(canDownload(state)).toBe(true);
  });

  it('re-enables Extract Text after a failure, keeping no result', () => {
    const state = run(chosen, started, failed);
    expect(state).toMatchObject({ running: false, result: null, fresh: false });
    expect(state.failure).toEqual({ kind: 'message', text: 'Nope' });
    expect(canExtract(state)).toBe(true);
    expect(canDownload(state)).toBe(false);
  });

  it.each<[string, ExtractionAction]>([
    ['the page', { type: 'pageChanged', pageText: '3' }],
    ['the language', { type: 'languageChanged', language: 'es' }],
  ])('re-enables Extract Text when %s changes after a result, keeping the result', (_, change) => {
    const state = run(chosen, started, succeeded, change);
    expect(state.fresh).toBe(false);
    expect(state.result).toEqual({ text: 'Hello', found: true });
    expect(canExtract(state)).toBe(true);
  });

  it('records the page and language as chosen', () => {
    const state = run(
      chosen,
      { type: 'pageChanged', pageText: '4' },
      { type: 'languageChanged', language: 'fr' },
    );
    expect(state).toMatchObject({ pageText: '4', language: 'fr' });
    expect(pageNumber(state)).toBe(4);
  });

  it('reads the page as a whole number of at least 1, and writes it back on blur', () => {
    expect(pageNumber({ pageText: '' })).toBe(1);
    expect(pageNumber({ pageText: '0' })).toBe(1);
    expect(pageNumber({ pageText: '-2' })).toBe(1);
    expect(pageNumber({ pageText: '2.7' })).toBe(2);
    expect(
      run(chosen, { type: 'pageChanged', pageText: '' }, { type: 'pageCommitted' }),
    ).toMatchObject({ pageText: '1' });
    expect(
      run(chosen, { type: 'pageChanged', pageText: '5.5' }, { type: 'pageCommitted' }),
    ).toMatchObject({ pageText: '5' });
  });

  it('starts a new file at page 1 with no result, keeping the language', () => {
    const state = run(
      chosen,
      { type: 'pageChanged', pageText: '3' },
      { type: 'languageChanged', language: 'es' },
      started,
      succeeded,
      { type: 'fileChosen', file: PNG },
    );
    expect(state).toMatchObject({
      file: PNG,
      pageText: '1',
      language: 'es',
      result: null,
      fresh: false,
      failure: null,
    });
    expect(canExtract(state)).toBe(true);
  });

  it('says when a file cannot be read, keeps the previous file, and clears the message on the next read', () => {
    const unreadable = run(chosen, { type: 'readStarted' }, { type: 'fileUnreadable' });
    expect(unreadable).toMatchObject({ file: PDF, readError: UNREADABLE_FILE });
    expect(extractionReducer(unreadable, { type: 'readStarted' }).readError).toBeNull();
    expect(extractionReducer(unreadable, { type: 'fileChosen', file: PNG }).readError).toBeNull();
  });

  it('says why a file is refused, keeping the previous file and its result', () => {
    const message = 'notes.docx is not an image or PDF. Choose an image or PDF.';
    const state = run(chosen, started, succeeded, { type: 'fileRefused', message });
    expect(state).toMatchObject({ file: PDF, readError: message, result: { text: 'Hello' } });
    expect(extractionReducer(state, { type: 'readStarted' }).readError).toBeNull();
  });

  it('drops the file and the result when the camera opens, disabling Extract Text', () => {
    const state = run(chosen, started, succeeded, { type: 'cameraOpened' });
    expect(state).toMatchObject({ file: null, result: null, fresh: false, failure: null });
    expect(canExtract(state)).toBe(false);
  });

  it('offers no download for an empty result or one where nothing was found', () => {
    const noText = run(chosen, started, {
      type: 'extractSucceeded',
      result: { text: 'No text found', found: false },
    });
    expect(canDownload(noText)).toBe(false);
    const blank = run(chosen, started, {
      type: 'extractSucceeded',
      result: { text: '  \n', found: true },
    });
    expect(canDownload(blank)).toBe(false);
  });

  it('goes back to the start on reset', () => {
    expect(run(chosen, started, succeeded, { type: 'reset' })).toEqual(initialExtraction);
  });
});
