import type { InvoiceFieldsView, InvoiceView } from 'contracts';

// The table reader's shapes: what the input side yields for one page (positioned words and ruling
// lines, from a PDF's own layer or from Tesseract's word boxes), and what the reader returns.
// Coordinates are the page's own units (PDF points, or pixels for an image), origin top left,
// y growing downwards, so that both sources read alike.

/** An axis-aligned box: left, top, right, bottom. */
export type Box = { x0: number; y0: number; x1: number; y1: number };

/**
 * One word as printed: its text in logical (reading) order and its box. `confidence` (0-100) is
 * Tesseract's for OCR words; a PDF's own words have none (they are exact).
 */
export type PageWord = Box & { text: string; confidence?: number };

/**
 * A ruling line: a horizontal (y0 === y1) or vertical (x0 === x1) segment drawn on the page, a
 * stroked line or the long edge of a thin filled rectangle, or a line found in a scan's pixels.
 */
export type RulingLine = Box;

/** One page as the table reader sees it. */
export type LayoutPage = {
  /** The page number, from 1 (an image is page 1). */
  page: number;
  width: number;
  height: number;
  /** pdf-text: the PDF's own words (exact); ocr: Tesseract's words read from pixels. */
  source: 'pdf-text' | 'ocr';
  words: PageWord[];
  lines: RulingLine[];
};

/**
 * How a table was found: from ruling lines (lattice), from the words' alignment (stream), or by
 * the vision model (a page Tesseract read unsurely, with the model configured).
 */
export type TableMethod = 'lattice' | 'stream' | 'vision';

/**
 * One table: its rows of cells (a multi-line cell is one cell, its lines joined by a space),
 * where it was found, and for OCR pages each cell's confidence (0-100, null for an empty cell).
 */
export type FoundTable = {
  /** The page it starts on. */
  page: number;
  /** Every page it covers, when it continues over pages (joined on a repeated header). */
  pages: number[];
  rows: string[][];
  method: TableMethod;
  bbox: Box;
  confidence?: (number | null)[][];
};

/** The invoice fields, as printed on the page (null when not found): the wire's own shape. */
export type InvoiceFields = InvoiceFieldsView;

/**
 * The totals check: the line items' amounts summed against the stated subtotal (and subtotal +
 * tax against the total). `ok` is null when there was nothing to check against.
 */
export type InvoiceCheck = InvoiceView['check'];

export type InvoiceResult = {
  fields: InvoiceFields;
  /** The line items as a table (header row first), null when none was found. */
  lineItems: FoundTable | null;
  check: InvoiceCheck;
};

export type TablesMode = 'tables' | 'invoice';

/** The pages to read: one, or a range (inclusive); all pages when absent. */
export type PageRange = { first: number; last: number };

/** A page read or not, as the job's progress and its credits see it. */
export type PageOutcome = { page: number; ok: boolean; error?: string };

export type TablesRequest = {
  bytes: Buffer;
  /** Refuse a file of another type than the caller said it sent. */
  kind?: 'image' | 'pdf';
  pages?: PageRange;
  mode: TablesMode;
  /** Only the words and lines inside this box on each page (as Tabula's area option). */
  area?: Box;
  /** The caller's file size limit (their plan's), at most the engine's own. */
  maxBytes?: number;
  /**
   * Called once the document is open and the pages to read are known, before any is read: the
   * caller reserves what they cost here (throwing refuses the request and reads nothing).
   */
  beforeRead?: (pages: number[]) => Promise<void> | void;
  /** Called as each page is done (read or failed). */
  onPage?: (outcome: PageOutcome) => void;
  /** Cancels the pages not yet read (their outcome: not read). */
  signal?: AbortSignal;
};

export type TablesResult = {
  pageCount: number;
  /** Each page asked for, read or failed (a cancelled job lists only those done). */
  pages: PageOutcome[];
  tables: FoundTable[];
  /** Only in invoice mode. */
  invoice?: InvoiceResult;
};
