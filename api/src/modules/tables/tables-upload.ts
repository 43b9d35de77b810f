import type { INestApplication } from '@nestjs/common';
import { addonMaxBytes } from 'contracts';
import type { UploadRoute } from '../../common/http/body-parsing.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { signedInWithCsrf } from '../auth/upload-gate.js';
import { base64Length, extractionErrors } from '../extraction/engine/index.js';
import { ExtractionConcurrency } from '../extraction/extraction-concurrency.js';

// The JSON around the base64: field names, a data: URL prefix, the file name, pages and mode.
const JSON_ALLOWANCE = 4 * 1024;

export const TABLES_EXTRACT_PATH = '/api/sheets-extension/extract';

/**
 * POST /api/sheets-extension/extract as an upload route, the second beside text's
 * (extraction/extract-upload.ts): signed in with the CSRF token, a declared size within the
 * person's add-on limit (30 MB with a paid plan or bought credits, 5 MB otherwise: spec §9) and
 * a free slot of the same per-user cap on running work as text, all before the body is read.
 */
export function tablesUploadRoute(app: INestApplication): UploadRoute {
  const concurrency = app.get(ExtractionConcurrency);
  const config = app.get<AppConfig>(APP_CONFIG);
  return {
    path: TABLES_EXTRACT_PATH,
    before: [signedInWithCsrf(config.session)],
    limitFor: (req) => {
      const maxBytes = addonMaxBytes(req.user);
      return {
        bytes: base64Length(maxBytes) + JSON_ALLOWANCE,
        tooLarge: () => extractionErrors.sizeExceeded(maxBytes),
      };
    },
    admit: [concurrency.admit],
  };
}
