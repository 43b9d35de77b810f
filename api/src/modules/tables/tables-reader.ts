import type { Provider } from '@nestjs/common';
import { EXTRACTION_ENGINE } from '../extraction/engine.provider.js';
import {
  type ExtractionEngine,
  type TablesRequest,
  type TablesResult,
} from '../extraction/engine/index.js';

/** What the add-on's route needs of the engine: its front door's admission and table reader. */
export type TablesReader = {
  admit(request: { byteLength: number; maxBytes?: number }): Promise<unknown>;
  extractTables(request: TablesRequest): Promise<TablesResult>;
};

export const TABLES_READER = Symbol('TABLES_READER');

/** The API's one engine as the table reader (tests of the credits and jobs mechanics put a
 * controllable reader here instead). */
export const tablesReaderProvider: Provider = {
  provide: TABLES_READER,
  inject: [EXTRACTION_ENGINE],
  useFactory: (engine: ExtractionEngine): TablesReader => ({
    admit: (request) => engine.admit(request),
    extractTables: (request) => engine.extractTables(request),
  }),
};
