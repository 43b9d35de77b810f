import type { INestApplication } from '@nestjs/common';
import { TABLES_EXPORT_LIMITS } from 'contracts';
import { httpErrors } from '../../common/errors/http-errors.js';
import type { UploadRoute } from '../../common/http/body-parsing.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { signedInWithCsrf } from '../auth/upload-gate.js';

export const TABLES_EXPORT_PATH = '/api/sheets-extension/export';

/**
 * POST /api/sheets-extension/export reads a larger body than the default (edited tables, up to
 * TABLES_EXPORT_LIMITS.bodyBytes), so, like an upload, its caller is checked (signed in, CSRF)
 * before a byte of it is read: nobody signed out can make the server parse 2 MB of JSON.
 */
export function tablesExportRoute(app: INestApplication): UploadRoute {
  const config = app.get<AppConfig>(APP_CONFIG);
  return {
    path: TABLES_EXPORT_PATH,
    before: [signedInWithCsrf(config.session)],
    limitFor: () => ({
      bytes: TABLES_EXPORT_LIMITS.bodyBytes,
      tooLarge: httpErrors.payloadTooLarge,
    }),
    admit: [],
  };
}
