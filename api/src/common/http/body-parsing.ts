import type { INestApplication } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  base64Length,
  extractionErrors,
  PLAN_MAX_BYTES,
} from '../../modules/extraction/engine/index.js';
import type { DomainError } from '../errors/domain-error.js';
import { httpErrors } from '../errors/http-errors.js';

// JSON bodies: 100 KB everywhere, except uploads to /api/extract, whose base64 may carry the
// largest plan's file. An upload above that is answered like any oversize file, before it is all
// read; every answer comes from the error catalogues.
const EXTRACT_LIMIT = base64Length(PLAN_MAX_BYTES.premium) + 1024 * 1024;

const send = (res: Response, error: DomainError): void => {
  res.status(error.status).json({ code: error.code, error: error.message });
};

export function setupBodyParsing(app: INestApplication): void {
  app.use('/api/extract', express.json({ limit: EXTRACT_LIMIT }));
  app.use(express.json({ limit: '100kb' }));
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    const type = (error as { type?: unknown } | null)?.type;
    if (type === 'entity.too.large') {
      const upload = req.path.startsWith('/api/extract');
      send(
        res,
        upload
          ? extractionErrors.sizeExceeded(PLAN_MAX_BYTES.premium)
          : httpErrors.payloadTooLarge(),
      );
      return;
    }
    if (type === 'entity.parse.failed') {
      send(res, httpErrors.invalidJson());
      return;
    }
    next(error);
  });
}
