// The spreadsheet add-on's table reader: POST /api/sheets-extension/extract and its jobs
// (issue 21 item 3). The wire keeps the spec's `sheets-extension` words; inside the code the
// client is `sheets-addon` (ClientSource, in clients.ts).

export const TABLES_MODES = ['tables', 'invoice'] as const;
export type TablesMode = (typeof TABLES_MODES)[number];

/** Pages of a PDF, both ends included, from 1. */
export type PageRangeRequest = { first: number; last: number };

/**
 * POST /api/sheets-extension/extract. The file as base64 (a data: URL prefix is accepted); for a
 * PDF either one `page` or a `pages` range (an object, not 'A-B' text: nothing to parse, and the
 * same shape as the engine's); neither: every page. Images have one page and take neither.
 */
export type TablesExtractRequest = {
  file: string;
  fileName?: string;
  page?: number;
  pages?: PageRangeRequest;
  mode: TablesMode;
};

/** The largest page range one request may ask for (the engine's own page limit still applies). */
export const TABLES_MAX_PAGE_NUMBER = 100_000;

export const JOB_STATES = ['running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A table as the add-on receives it: rows of cells as printed; `pages` when it ran over several. */
export type TableView = {
  page: number;
  pages: number[];
  rows: string[][];
  /** Per cell, 0–100 where a scan's word boxes gave one; null for a cell without. */
  confidence?: (number | null)[][];
};

export type InvoiceFieldsView = {
  vendor: string | null;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  currency: string | null;
  subtotal: string | null;
  tax: string | null;
  total: string | null;
  amountDue: string | null;
};

export type InvoiceView = {
  fields: InvoiceFieldsView;
  lineItems: TableView | null;
  /** The line items' sum against the stated subtotal and total; ok null when it could not say. */
  check: { ok: boolean | null; lineItemsSum: string | null; problems: string[] };
};

export type TablesResultView = { tables: TableView[]; invoice?: InvoiceView };

/** Credits of one request: reserved before reading, spent per page read, the rest given back. */
export type JobCredits = { reserved: number; spent: number; refunded: number };

/**
 * GET /api/sheets-extension/jobs/:id, and the 200 answer of a short POST (its jobId included).
 * A long POST answers 202 `{ jobId }` (TablesJobAccepted).
 */
export type TablesJobView = {
  jobId: string;
  state: JobState;
  progress: { pagesDone: number; pagesTotal: number };
  result?: TablesResultView;
  credits: JobCredits;
  error?: { code: string; error: string };
};

export type TablesJobAccepted = { jobId: string };

export const TABLES_DOWNLOAD_FORMATS = ['csv', 'xlsx'] as const;
export type TablesDownloadFormat = (typeof TABLES_DOWNLOAD_FORMATS)[number];

/**
 * The largest file the add-on reads for a person (spec §9): 30 MB with any paid plan (the main
 * one or the add-on's) or bought credits, 5 MB otherwise. The server enforces it; the add-on
 * checks it first.
 */
export const addonMaxBytes = (
  user: { isPremium?: boolean; isExtPremium?: boolean; topUpBalance?: number } | null | undefined,
): number =>
  user?.isPremium || user?.isExtPremium || (user?.topUpBalance ?? 0) > 0
    ? 30 * 1024 * 1024
    : 5 * 1024 * 1024;

/**
 * POST /api/sheets-extension/export: tables as the person sees them (edited or not) back as a
 * CSV or XLSX file, made by the same code as a job's download. Each table is its rows of cells;
 * without `pages` the sheets are numbered by the tables' order.
 */
export type TablesExportRequest = {
  format: TablesDownloadFormat;
  fileName?: string;
  tables: string[][][];
  /** Each table's page, one per table, so the sheets are named as a job's download names them. */
  pages?: number[];
};

/** What one export may hold, so the route cannot be used to make the server build huge files. */
export const TABLES_EXPORT_LIMITS = {
  tables: 50,
  rowsPerTable: 5_000,
  cellsPerRow: 100,
  /** Excel's own limit for a cell's text. */
  cellLength: 32_767,
  /** Cells in all the tables together. */
  cells: 100_000,
  /** The JSON body. */
  bodyBytes: 2 * 1024 * 1024,
} as const;
