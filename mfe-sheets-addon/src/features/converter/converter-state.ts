import type {
  InvoiceView,
  JobCredits,
  TablesJobView,
  TablesMode,
  PageRangeRequest,
} from 'contracts';
import type { ChosenFile } from 'shared-ui';
import type { ConverterFailure } from './converter-api';

// The converter's state as one pure reducer (as mfe-text-ocr's extraction-state.ts): the chosen
// file, the pages and mode asked for, the request and its job, the tables (as edited) and the
// credits around it. Every transition is tested without rendering.

export type PageChoice = 'all' | 'one' | 'range';

/** A table as the grid shows it: its cells as edited, and the reader's confidence per cell. */
export type GridTable = {
  page: number;
  rows: string[][];
  confidence?: (number | null)[][];
};

export type ConverterPhase =
  | 'idle' // nothing chosen
  | 'ready' // a file chosen, not sent
  | 'sending' // the POST is out
  | 'running' // a long file's job is being read
  | 'cancelling'
  // polls missed in a row: the job may still run on the server (Check again, or Cancel it)
  | 'stalled'
  | 'done'
  | 'cancelled'
  | 'failed';

export type ConverterState = {
  /** shared-ui's chosen file: read as base64 (what is sent), an image's preview URL. */
  file: ChosenFile | null;
  pageChoice: PageChoice;
  pageText: string;
  firstText: string;
  lastText: string;
  mode: TablesMode;
  phase: ConverterPhase;
  jobId: string | null;
  progress: { pagesDone: number; pagesTotal: number } | null;
  tables: GridTable[];
  /** The invoice's fields and check; its line items are `tables[lineItemsIndex]`. */
  invoice: InvoiceView | null;
  lineItemsIndex: number | null;
  /** The person's credits when the file was sent. */
  creditsBefore: number | null;
  credits: JobCredits | null;
  failure: ConverterFailure | null;
  /** What the copy or a download last said (announced). */
  notice: { kind: 'ok' | 'error'; text: string } | null;
  exporting: boolean;
  /** Polls of the running job missed in a row (network, 503): the job is given up after a few. */
  missedPolls: number;
};

export type ConverterAction =
  | { type: 'fileChosen'; file: ChosenFile }
  | { type: 'fileRefused'; failure: ConverterFailure }
  | { type: 'pageChoiceChanged'; choice: PageChoice }
  | { type: 'pageTextChanged'; field: 'page' | 'first' | 'last'; text: string }
  | { type: 'modeChanged'; mode: TablesMode }
  | { type: 'sendStarted'; creditsBefore: number }
  | { type: 'jobAccepted'; jobId: string }
  | { type: 'jobUpdated'; job: TablesJobView }
  | { type: 'pollMissed'; failure: ConverterFailure }
  | { type: 'pollResumed' }
  | { type: 'cancelStarted' }
  | { type: 'cancelFailed'; failure: ConverterFailure }
  | { type: 'requestFailed'; failure: ConverterFailure }
  | { type: 'cellEdited'; table: number; row: number; column: number; value: string }
  | { type: 'exportStarted' }
  | { type: 'exportEnded'; notice: ConverterState['notice'] }
  | { type: 'noticeShown'; notice: ConverterState['notice'] }
  | { type: 'reset' };

export const initialConverter: ConverterState = {
  file: null,
  pageChoice: 'all',
  pageText: '1',
  firstText: '1',
  lastText: '1',
  mode: 'tables',
  phase: 'idle',
  jobId: null,
  progress: null,
  tables: [],
  invoice: null,
  lineItemsIndex: null,
  creditsBefore: null,
  credits: null,
  failure: null,
  notice: null,
  exporting: false,
  missedPolls: 0,
};

/**
 * Polls missed in a row before the page stops asking (its failure shown): the job is not given
 * up, since it may still run and spend credits on the server; Check again and Cancel stay.
 */
export const MAX_MISSED_POLLS = 3;

/** What is shown of a request: nothing read yet. */
const cleared = {
  jobId: null,
  progress: null,
  tables: [],
  invoice: null,
  lineItemsIndex: null,
  credits: null,
  failure: null,
  notice: null,
  exporting: false,
  missedPolls: 0,
} satisfies Partial<ConverterState>;

const sameRows = (a: string[][], b: string[][]): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The grid's tables from a finished job: an invoice's line items are one of them (or added). */
function fromResult(
  job: TablesJobView,
): Pick<ConverterState, 'tables' | 'invoice' | 'lineItemsIndex'> {
  const tables: GridTable[] = (job.result?.tables ?? []).map((table) => ({
    page: table.page,
    rows: table.rows.map((row) => [...row]),
    ...(table.confidence ? { confidence: table.confidence } : {}),
  }));
  const invoice = job.result?.invoice ?? null;
  const items = invoice?.lineItems;
  if (!invoice || !items) return { tables, invoice, lineItemsIndex: null };
  let index = tables.findIndex((table) => sameRows(table.rows, items.rows));
  if (index < 0) {
    tables.push({ page: items.page, rows: items.rows.map((row) => [...row]) });
    index = tables.length - 1;
  }
  return { tables, invoice, lineItemsIndex: index };
}

/** A job's view: progress while it runs, the tables when done, its error when it failed. */
function jobUpdated(state: ConverterState, job: TablesJobView): ConverterState {
  const base = {
    ...state,
    jobId: job.jobId,
    progress: job.progress,
    credits: job.credits,
    missedPolls: 0,
    failure: null,
  };
  switch (job.state) {
    case 'running':
      // A cancel asked for stays asked for until the job says it ended.
      return { ...base, phase: state.phase === 'cancelling' ? 'cancelling' : 'running' };
    case 'done':
      return { ...base, phase: 'done', ...fromResult(job) };
    case 'cancelled':
      return { ...base, phase: 'cancelled' };
    case 'failed':
      return {
        ...base,
        phase: 'failed',
        failure: {
          kind: 'message',
          text: job.error?.error ?? 'The file could not be read.',
        },
      };
  }
}

export function converterReducer(state: ConverterState, action: ConverterAction): ConverterState {
  switch (action.type) {
    case 'fileChosen':
      // A new file starts on all its pages with nothing read yet.
      return {
        ...state,
        ...cleared,
        file: action.file,
        pageChoice: 'all',
        pageText: '1',
        firstText: '1',
        lastText: '1',
        phase: 'ready',
        creditsBefore: null,
      };
    case 'fileRefused':
      return { ...state, ...cleared, file: null, phase: 'idle', failure: action.failure };
    case 'pageChoiceChanged':
      return { ...state, pageChoice: action.choice };
    case 'pageTextChanged': {
      const key = ({ page: 'pageText', first: 'firstText', last: 'lastText' } as const)[
        action.field
      ];
      return { ...state, [key]: action.text };
    }
    case 'modeChanged':
      return { ...state, mode: action.mode };
    case 'sendStarted':
      return { ...state, ...cleared, phase: 'sending', creditsBefore: action.creditsBefore };
    case 'jobAccepted':
      return {
        ...state,
        phase: 'running',
        jobId: action.jobId,
        progress: state.progress ?? { pagesDone: 0, pagesTotal: 0 },
      };
    case 'jobUpdated':
      // A poll answered after the job ended (or after a new file) changes nothing.
      return isWaiting(state) ? jobUpdated(state, action.job) : state;
    case 'pollMissed': {
      if (!isPolling(state)) return state;
      const missedPolls = state.missedPolls + 1;
      return missedPolls < MAX_MISSED_POLLS
        ? { ...state, missedPolls }
        : { ...state, missedPolls, phase: 'stalled', failure: action.failure };
    }
    case 'pollResumed':
      // Check again: the job is asked for again, MAX_MISSED_POLLS more tries.
      return state.phase === 'stalled'
        ? { ...state, phase: 'running', missedPolls: 0, failure: null }
        : state;
    case 'cancelStarted':
      return canCancel(state)
        ? { ...state, phase: 'cancelling', missedPolls: 0, failure: null }
        : state;
    case 'cancelFailed':
      // The job may still run: its Cancel (and Check again) stay offered with the failure.
      // (polls may have stalled meanwhile: the cancel's failure is the one said)
      return state.phase === 'cancelling' || state.phase === 'stalled'
        ? { ...state, phase: 'stalled', missedPolls: 0, failure: action.failure }
        : state;
    case 'requestFailed':
      return { ...state, phase: 'failed', failure: action.failure, exporting: false };
    case 'cellEdited': {
      const tables = state.tables.map((table, t) =>
        t !== action.table
          ? table
          : {
              ...table,
              rows: table.rows.map((row, r) =>
                r !== action.row
                  ? row
                  : row.map((cell, c) => (c === action.column ? action.value : cell)),
              ),
            },
      );
      return { ...state, tables };
    }
    case 'exportStarted':
      return { ...state, exporting: true, notice: null };
    case 'exportEnded':
      return { ...state, exporting: false, notice: action.notice };
    case 'noticeShown':
      return { ...state, notice: action.notice };
    case 'reset':
      return initialConverter;
  }
}

const whole = (text: string): number | null => {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 ? value : null;
};

/** Why the pages asked for cannot be sent, or null when they can. */
export function pagesProblem(state: ConverterState): string | null {
  if (!state.file?.isPdf || state.pageChoice === 'all') return null;
  if (state.pageChoice === 'one') {
    return whole(state.pageText) === null ? 'Enter a page number (1 or more).' : null;
  }
  const first = whole(state.firstText);
  const last = whole(state.lastText);
  if (first === null || last === null) return 'Enter the first and last pages (1 or more).';
  return first > last ? 'The first page must not be after the last page.' : null;
}

/** The pages to ask for: one page, a range, or every page (undefined). Images take none. */
export function pagesRequest(
  state: ConverterState,
): { page: number } | { pages: PageRangeRequest } | undefined {
  if (!state.file?.isPdf || pagesProblem(state) !== null) return undefined;
  if (state.pageChoice === 'one') return { page: Number(state.pageText.trim()) };
  if (state.pageChoice === 'range') {
    return {
      pages: { first: Number(state.firstText.trim()), last: Number(state.lastText.trim()) },
    };
  }
  return undefined;
}

/** A request is out: the POST, or a job still reading, being cancelled, or not answering. */
export function isWaiting(state: Pick<ConverterState, 'phase'>): boolean {
  return (
    state.phase === 'sending' ||
    state.phase === 'running' ||
    state.phase === 'cancelling' ||
    state.phase === 'stalled'
  );
}

/** The job is being asked for its progress (not once the polls stalled). */
export function isPolling(state: Pick<ConverterState, 'phase'>): boolean {
  return state.phase === 'running' || state.phase === 'cancelling';
}

/** A running job can be cancelled, and one whose polls stalled too (it may still run). */
export function canCancel(state: Pick<ConverterState, 'phase' | 'jobId'>): boolean {
  return state.jobId !== null && (state.phase === 'running' || state.phase === 'stalled');
}

/** Convert: a file that fits, fit pages, and nothing running. */
export function canConvert(state: ConverterState): boolean {
  return state.file !== null && !isWaiting(state) && pagesProblem(state) === null;
}

/** Downloads and copy: a finished job's tables with at least one row. */
export function hasTables(state: ConverterState): boolean {
  return state.phase === 'done' && state.tables.some((table) => table.rows.length > 0);
}

/** A user's credits as the spec shows them: topUpBalance + defaultBalance. */
export function creditsOf(user: { topUpBalance?: number; defaultBalance?: number }): number {
  return (user.topUpBalance ?? 0) + (user.defaultBalance ?? 0);
}
