// The sidebar's own decisions, in Node: the pages asked for, the files it takes, what it says.
import { TABLES_MAX_PAGE_NUMBER } from 'contracts';
import { pagesCount, pagesRequest, parsePageNumber } from '../src/shared/pages';
import { checkFile, dataUrlBase64, outcomeMessage } from '../src/sidebar/view-model';

describe('pages', () => {
  it('asks for every page, one page or a range as the API takes them', () => {
    expect(pagesRequest({ kind: 'all' })).toEqual({ ok: true, request: {} });
    expect(pagesRequest({ kind: 'one', page: ' 4 ' })).toEqual({ ok: true, request: { page: 4 } });
    expect(pagesRequest({ kind: 'range', first: '2', last: '9' })).toEqual({
      ok: true,
      request: { pages: { first: 2, last: 9 } },
    });
  });

  it('turns a range of one page into that page', () => {
    expect(pagesRequest({ kind: 'range', first: '3', last: '3' })).toEqual({
      ok: true,
      request: { page: 3 },
    });
  });

  it.each(['', '0', '-1', '1.5', 'two', '1e3', String(TABLES_MAX_PAGE_NUMBER + 1)])(
    'refuses %p as a page number',
    (text) => {
      expect(parsePageNumber(text)).toBeNull();
      expect(pagesRequest({ kind: 'one', page: text })).toEqual({
        ok: false,
        error: 'Enter a page number (1 or more).',
      });
    },
  );

  it('refuses a range whose first page is after its last, or a missing end', () => {
    expect(pagesRequest({ kind: 'range', first: '7', last: '2' })).toEqual({
      ok: false,
      error: 'The first page must not be after the last.',
    });
    expect(pagesRequest({ kind: 'range', first: '1', last: '' })).toMatchObject({ ok: false });
  });

  it('counts the pages (credits) a request reads at most', () => {
    expect(pagesCount({ page: 2 })).toBe(1);
    expect(pagesCount({ pages: { first: 2, last: 5 } })).toBe(4);
    expect(pagesCount({})).toBeNull();
  });
});

describe('files', () => {
  const MB = 1024 * 1024;

  it('takes a PDF or a supported image within the person’s limit', () => {
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: MB }, 5 * MB)).toEqual({
      ok: true,
      kind: 'pdf',
    });
    expect(checkFile({ name: 'scan.jpg', type: 'image/jpeg', size: MB }, 5 * MB)).toEqual({
      ok: true,
      kind: 'image',
    });
  });

  it('refuses other files, empty ones and those over the limit', () => {
    expect(checkFile({ name: 'a.docx', type: 'application/msword', size: 10 }, null)).toMatchObject(
      {
        ok: false,
      },
    );
    expect(checkFile({ name: 'a.svg', type: 'image/svg+xml', size: 10 }, null)).toMatchObject({
      ok: false,
    });
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: 0 }, null)).toEqual({
      ok: false,
      error: 'The file is empty.',
    });
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: 6 * MB }, 5 * MB)).toEqual({
      ok: false,
      error: 'The file is larger than 5 MB, the largest your plan reads.',
    });
  });

  it('takes the base64 part of a data: URL', () => {
    expect(dataUrlBase64('data:application/pdf;base64,JVBERi0=')).toBe('JVBERi0=');
  });
});

describe('messages', () => {
  it('says where the tables went and the credits used', () => {
    expect(
      outcomeMessage({
        kind: 'inserted',
        sheetName: 'Q3',
        tables: 1,
        rows: 4,
        creditsSpent: 3,
        creditsRefunded: 0,
      }),
    ).toEqual({ tone: 'success', text: 'Inserted 1 table into the sheet "Q3". 3 credits used.' });
  });

  it('shows a long file’s progress', () => {
    const running = { kind: 'running', jobId: 'j', fileName: 'f.pdf' } as const;
    expect(outcomeMessage({ ...running, pagesDone: 2, pagesTotal: 5 }).text).toBe(
      'Reading page 3 of 5…',
    );
    expect(outcomeMessage({ ...running, pagesDone: 0, pagesTotal: 0 }).text).toBe(
      'Reading the file…',
    );
  });

  it('shows an error’s message with its code and status beside it', () => {
    expect(
      outcomeMessage({
        kind: 'error',
        error: { message: 'Not enough credits.', code: 'NOT_ENOUGH_CREDITS', status: 402 },
      }),
    ).toEqual({
      tone: 'error',
      text: 'Not enough credits.',
      detail: 'NOT_ENOUGH_CREDITS · HTTP 402',
    });
  });
});
