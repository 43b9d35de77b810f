import type { TablesJobView } from 'contracts';
import type { ChosenFile } from 'shared-ui';
import {
  canCancel,
  canConvert,
  converterReducer,
  creditsOf,
  hasTables,
  initialConverter,
  isPolling,
  isWaiting,
  pagesProblem,
  pagesRequest,
  type ConverterAction,
  type ConverterState,
} from './converter-state';

const pdf: ChosenFile = {
  name: 'report.pdf',
  isPdf: true,
  base64: 'JVBERg==',
  size: 4,
  previewUrl: 'blob:report',
  fromCamera: false,
};
const png: ChosenFile = { ...pdf, name: 'scan.png', isPdf: false };

const run = (...actions: ConverterAction[]): ConverterState =>
  actions.reduce(converterReducer, initialConverter);
const SENT: ConverterAction[] = [
  { type: 'fileChosen', file: pdf },
  { type: 'sendStarted', creditsBefore: 5 },
];

const job = (over: Partial<TablesJobView>): TablesJobView => ({
  jobId: 'job-1',
  state: 'running',
  progress: { pagesDone: 1, pagesTotal: 4 },
  credits: { reserved: 4, spent: 1, refunded: 0 },
  ...over,
});

const DONE = job({
  state: 'done',
  progress: { pagesDone: 2, pagesTotal: 2 },
  credits: { reserved: 2, spent: 2, refunded: 0 },
  result: {
    tables: [
      {
        page: 1,
        pages: [1],
        rows: [
          ['Item', 'Qty'],
          ['Apples', '3'],
        ],
        confidence: [
          [99, 40],
          [90, null],
        ],
      },
      { page: 2, pages: [2], rows: [['Town'], ['Oslo']] },
    ],
  },
});

describe('converterReducer', () => {
  it('starts idle with all pages and tables mode, nothing convertible', () => {
    expect(initialConverter).toMatchObject({ phase: 'idle', pageChoice: 'all', mode: 'tables' });
    expect(canConvert(initialConverter)).toBe(false);
  });

  it('fileChosen: makes the file ready on all its pages and clears the last request', () => {
    const state = run(
      ...SENT,
      { type: 'jobUpdated', job: DONE },
      { type: 'pageChoiceChanged', choice: 'one' },
      { type: 'fileChosen', file: pdf },
    );
    expect(state).toMatchObject({
      file: pdf,
      phase: 'ready',
      pageChoice: 'all',
      tables: [],
      credits: null,
      creditsBefore: null,
    });
    expect(canConvert(state)).toBe(true);
  });

  it('fileRefused: drops the file and keeps the failure', () => {
    const failure = { kind: 'size', text: 'too big' } as const;
    const state = run({ type: 'fileChosen', file: pdf }, { type: 'fileRefused', failure });
    expect(state).toMatchObject({ file: null, phase: 'idle', failure });
    expect(canConvert(state)).toBe(false);
  });

  it('pageChoiceChanged and pageTextChanged: one page or a range, checked before sending', () => {
    const one = run(
      { type: 'fileChosen', file: pdf },
      { type: 'pageChoiceChanged', choice: 'one' },
      { type: 'pageTextChanged', field: 'page', text: '3' },
    );
    expect(pagesRequest(one)).toEqual({ page: 3 });
    const blank = converterReducer(one, { type: 'pageTextChanged', field: 'page', text: '' });
    expect(pagesProblem(blank)).toBe('Enter a page number (1 or more).');
    expect(canConvert(blank)).toBe(false);
    const range = run(
      { type: 'fileChosen', file: pdf },
      { type: 'pageChoiceChanged', choice: 'range' },
      { type: 'pageTextChanged', field: 'first', text: '2' },
      { type: 'pageTextChanged', field: 'last', text: '5' },
    );
    expect(pagesRequest(range)).toEqual({ pages: { first: 2, last: 5 } });
    const reversed = converterReducer(range, {
      type: 'pageTextChanged',
      field: 'first',
      text: '6',
    });
    expect(pagesProblem(reversed)).toBe('The first page must not be after the last page.');
    expect(pagesRequest(reversed)).toBeUndefined();
  });

  it('asks an image for no pages, whatever was chosen', () => {
    const state = run(
      { type: 'fileChosen', file: png },
      { type: 'pageChoiceChanged', choice: 'one' },
      { type: 'pageTextChanged', field: 'page', text: 'x' },
    );
    expect(pagesProblem(state)).toBeNull();
    expect(pagesRequest(state)).toBeUndefined();
  });

  it('modeChanged: tables or invoice', () => {
    expect(run({ type: 'modeChanged', mode: 'invoice' }).mode).toBe('invoice');
  });

  it('sendStarted: sending, the credits before kept, no second convert', () => {
    const state = run({ type: 'fileChosen', file: pdf }, { type: 'sendStarted', creditsBefore: 7 });
    expect(state).toMatchObject({ phase: 'sending', creditsBefore: 7 });
    expect(canConvert(state)).toBe(false);
  });

  it('jobAccepted: a long file runs as a job from 0 pages', () => {
    const state = run(
      { type: 'fileChosen', file: pdf },
      { type: 'sendStarted', creditsBefore: 7 },
      { type: 'jobAccepted', jobId: 'job-9' },
    );
    expect(state).toMatchObject({
      phase: 'running',
      jobId: 'job-9',
      progress: { pagesDone: 0, pagesTotal: 0 },
    });
  });

  it('jobUpdated running: the progress and credits so far', () => {
    const state = run(
      { type: 'jobAccepted', jobId: 'job-1' },
      { type: 'jobUpdated', job: job({}) },
    );
    expect(state).toMatchObject({
      phase: 'running',
      progress: { pagesDone: 1, pagesTotal: 4 },
      credits: { spent: 1 },
    });
  });

  it('jobUpdated done: the tables as a grid with their confidence', () => {
    const state = run(...SENT, { type: 'jobUpdated', job: DONE });
    expect(state.phase).toBe('done');
    expect(state.tables).toEqual([
      {
        page: 1,
        rows: [
          ['Item', 'Qty'],
          ['Apples', '3'],
        ],
        confidence: [
          [99, 40],
          [90, null],
        ],
      },
      { page: 2, rows: [['Town'], ['Oslo']] },
    ]);
    expect(hasTables(state)).toBe(true);
    expect(state.credits).toEqual({ reserved: 2, spent: 2, refunded: 0 });
  });

  it('jobUpdated done with an invoice: its line items are found among the tables, or added', () => {
    const invoice = {
      fields: {
        vendor: 'ACME',
        invoiceNumber: '7',
        invoiceDate: null,
        currency: 'USD',
        subtotal: '$5',
        tax: null,
        total: '$5',
        amountDue: null,
      },
      lineItems: { page: 2, pages: [2], rows: [['Town'], ['Oslo']] },
      check: { ok: false, lineItemsSum: '$4', problems: ['Sum $4 is not $5'] },
    };
    const found = run(...SENT, {
      type: 'jobUpdated',
      job: { ...DONE, result: { tables: DONE.result?.tables ?? [], invoice } },
    });
    expect(found.lineItemsIndex).toBe(1);
    expect(found.tables).toHaveLength(2);
    const added = run(...SENT, {
      type: 'jobUpdated',
      job: {
        ...DONE,
        result: { tables: [], invoice: { ...invoice, lineItems: { ...invoice.lineItems } } },
      },
    });
    expect(added.lineItemsIndex).toBe(0);
    expect(added.tables[0]?.rows).toEqual([['Town'], ['Oslo']]);
    expect(added.invoice?.check.ok).toBe(false);
  });

  it('jobUpdated failed: the job error as the failure', () => {
    const state = run(...SENT, {
      type: 'jobUpdated',
      job: job({ state: 'failed', error: { code: 'ENGINE_FAILED', error: 'Could not read.' } }),
    });
    expect(state).toMatchObject({
      phase: 'failed',
      failure: { kind: 'message', text: 'Could not read.' },
    });
  });

  it('pollMissed: counted while the job runs, a good answer clears the count, the third in a row stalls it', () => {
    const failure = { kind: 'message', text: 'Server is unreachable.', network: true } as const;
    const running = run(...SENT, { type: 'jobAccepted', jobId: 'job-1' });
    const once = converterReducer(running, { type: 'pollMissed', failure });
    expect(once).toMatchObject({ phase: 'running', missedPolls: 1, failure: null });
    const back = converterReducer(once, { type: 'jobUpdated', job: job({}) });
    expect(back.missedPolls).toBe(0);
    const given = [1, 2, 3].reduce(
      (state) => converterReducer(state, { type: 'pollMissed', failure }),
      back,
    );
    // The job is kept (it may still run on the server): no more polls, Cancel still possible,
    // no new conversion while it is out.
    expect(given).toMatchObject({ phase: 'stalled', failure, missedPolls: 3, jobId: 'job-1' });
    expect(isPolling(given)).toBe(false);
    expect(isWaiting(given)).toBe(true);
    expect(canCancel(given)).toBe(true);
    expect(canConvert(given)).toBe(false);
    expect(converterReducer(given, { type: 'pollMissed', failure })).toBe(given);
  });

  const stalled = (): ConverterState => {
    const failure = { kind: 'message', text: 'Server is unreachable.', network: true } as const;
    return [1, 2, 3].reduce(
      (state) => converterReducer(state, { type: 'pollMissed', failure }),
      run(...SENT, { type: 'jobAccepted', jobId: 'job-1' }),
    );
  };

  it('pollResumed (Check again): a stalled job is polled again, its failure cleared; nothing else', () => {
    const again = converterReducer(stalled(), { type: 'pollResumed' });
    expect(again).toMatchObject({
      phase: 'running',
      missedPolls: 0,
      failure: null,
      jobId: 'job-1',
    });
    expect(isPolling(again)).toBe(true);
    expect(converterReducer(again, { type: 'pollResumed' })).toBe(again);
    const ready = run({ type: 'fileChosen', file: pdf });
    expect(converterReducer(ready, { type: 'pollResumed' })).toBe(ready);
  });

  it('cancelStarted from a stalled job: cancelling (polled again); a failed cancel stalls it again with its failure', () => {
    const cancelling = converterReducer(stalled(), { type: 'cancelStarted' });
    expect(cancelling).toMatchObject({ phase: 'cancelling', missedPolls: 0, failure: null });
    expect(isPolling(cancelling)).toBe(true);
    const failure = { kind: 'retry', text: 'Too many requests.', retryAfterSeconds: 30 } as const;
    const refused = converterReducer(cancelling, { type: 'cancelFailed', failure });
    expect(refused).toMatchObject({ phase: 'stalled', failure, jobId: 'job-1' });
    expect(canCancel(refused)).toBe(true);
    const cancelled = converterReducer(converterReducer(refused, { type: 'cancelStarted' }), {
      type: 'jobUpdated',
      job: job({ state: 'cancelled', credits: { reserved: 4, spent: 1, refunded: 3 } }),
    });
    expect(cancelled).toMatchObject({ phase: 'cancelled', failure: null });
    expect(converterReducer(cancelled, { type: 'cancelFailed', failure })).toBe(cancelled);
  });

  it('cancelStarted: only a running job; it stays cancelling while the job still runs', () => {
    expect(run({ type: 'cancelStarted' }).phase).toBe('idle');
    const cancelling = run(
      ...SENT,
      { type: 'jobAccepted', jobId: 'job-1' },
      { type: 'cancelStarted' },
    );
    expect(cancelling.phase).toBe('cancelling');
    expect(converterReducer(cancelling, { type: 'jobUpdated', job: job({}) }).phase).toBe(
      'cancelling',
    );
    const cancelled = converterReducer(cancelling, {
      type: 'jobUpdated',
      job: job({ state: 'cancelled', credits: { reserved: 4, spent: 1, refunded: 3 } }),
    });
    expect(cancelled).toMatchObject({ phase: 'cancelled', credits: { refunded: 3 } });
    // A poll answered after the cancel does not bring the job back.
    expect(converterReducer(cancelled, { type: 'jobUpdated', job: job({}) })).toBe(cancelled);
  });

  it('jobUpdated: ignored when no request is out (a new file chosen meanwhile)', () => {
    const ready = run(...SENT, { type: 'fileChosen', file: png });
    expect(converterReducer(ready, { type: 'jobUpdated', job: DONE })).toBe(ready);
  });

  it('requestFailed: the failure shown, convert possible again', () => {
    const failure = { kind: 'credits', text: 'No credits' } as const;
    const state = run(
      { type: 'fileChosen', file: pdf },
      { type: 'sendStarted', creditsBefore: 0 },
      { type: 'requestFailed', failure },
    );
    expect(state).toMatchObject({ phase: 'failed', failure });
    expect(canConvert(state)).toBe(true);
  });

  it('cellEdited: changes that one cell only', () => {
    const state = run(
      ...SENT,
      { type: 'jobUpdated', job: DONE },
      { type: 'cellEdited', table: 0, row: 1, column: 1, value: '30' },
    );
    expect(state.tables[0]?.rows).toEqual([
      ['Item', 'Qty'],
      ['Apples', '30'],
    ]);
    expect(state.tables[1]?.rows).toEqual([['Town'], ['Oslo']]);
  });

  it('exportStarted and exportEnded: busy while the file is made, then its notice', () => {
    const busy = run({ type: 'exportStarted' });
    expect(busy.exporting).toBe(true);
    const done = converterReducer(busy, {
      type: 'exportEnded',
      notice: { kind: 'ok', text: 'Downloaded.' },
    });
    expect(done).toMatchObject({ exporting: false, notice: { text: 'Downloaded.' } });
  });

  it('noticeShown and reset', () => {
    const state = run({ type: 'noticeShown', notice: { kind: 'error', text: 'No clipboard' } });
    expect(state.notice?.text).toBe('No clipboard');
    expect(converterReducer(state, { type: 'reset' })).toEqual(initialConverter);
  });

  it('creditsOf: top-up plus default balance', () => {
    expect(creditsOf({ topUpBalance: 100, defaultBalance: 5 })).toBe(105);
    expect(creditsOf({})).toBe(0);
  });
});
