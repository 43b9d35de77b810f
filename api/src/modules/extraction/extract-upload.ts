import type { INestApplication } from '@nestjs/common';
import type { UploadRoute } from '../../common/http/body-parsing.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { signedInWithCsrf } from '../auth/upload-gate.js';
import { planMaxBytes } from 'contracts';
import { base64Length, extractionErrors } from './engine/index.js';
import { ExtractionConcurrency } from './extraction-concurrency.js';

// The JSON around the base64: field names, a data: URL prefix, language, search term, keyword.
const JSON_ALLOWANCE = 4 * 1024;

/**
 * POST /api/extract as an upload route (common/http/body-parsing.ts): signed in with the CSRF token,
 * a declared size within the plan and a free concurrency slot before the body is read; the body within the caller's plan limit in
 * base64 terms, refused over it with the engine's own IMAGE_SIZE_EXCEED message for that plan.
 * A table-extraction upload route takes the same shape.
 */
export function extractUploadRoute(app: INestApplication): UploadRoute {
  const concurrency = app.get(ExtractionConcurrency);
  const config = app.get<AppConfig>(APP_CONFIG);
  return {
    path: '/api/extract',
    before: [signedInWithCsrf(config.session)],
    limitFor: (req) => {
      const maxBytes = planMaxBytes(req.user);
      return {
        bytes: base64Length(maxBytes) + JSON_ALLOWANCE,
        tooLarge: () => extractionErrors.sizeExceeded(maxBytes),
      };
    },
    admit: [concurrency.admit],
  };
}
