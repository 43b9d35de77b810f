// The extraction engine's front door. Code outside engine/ imports from here only (a lint rule
// says so): the engine object, its request and result types, its limits and error catalogue.
export { ExtractionEngine } from './engine.js';
export type { EngineOptions, ExtractRequest, ExtractResult } from './engine.js';
export { ExtractionError, extractionErrors } from './errors.js';
export { base64Length, DEFAULT_LIMITS, type ExtractionLimits } from './limits.js';
export type { VisionConfig } from './vision-reader.js';
// Local translation's routes and their measurement (`npm run bench:translate`), loaded on demand
// so that the command line's start does not pay for them.
export const loadTranslationRoutes = () => import('./translation-bench.js');
// Table scoring and the CSV reader `npm run bench:tables` measures with (issue 21, item 5).
export { cleanTable, normaliseCell, scoreTable } from './tables/table-score.js';
export type { Table, TableScore } from './tables/table-score.js';
export { parseCsv } from './tables/csv.js';
// The tables' downloads and the command line's csv/xlsx output (issue 21, items 2 and 3).
export {
  neutraliseCell,
  safeDownloadName,
  sheetNames,
  tablesToCsv,
  tablesToXlsx,
  typeCell,
} from './tables/export.js';
export type { TypedCell } from './tables/export.js';
// The table reader's request and result (engine/tables/layout.ts), for the command and the API.
export type {
  FoundTable,
  InvoiceResult,
  PageOutcome,
  PageRange,
  TablesMode,
  TablesRequest,
  TablesResult,
} from './tables/layout.js';
