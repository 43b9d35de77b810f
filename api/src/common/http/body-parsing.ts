import type { INestApplication } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { PLAN_MAX_BYTES } from '../../modules/extraction/pipeline/limits.js';

// JSON bodies: 100 KB everywhere, except uploads to /api/extract, whose base64 may carry a 30 MB
// file. An upload above that is answered like any oversize file, before it is all read.
const EXTRACT_LIMIT = Math.ceil((PLAN_MAX_BYTES.premium * 4) / 3) + 1024 * 1024;

export function setupBodyParsing(app: INestApplication): void {
  app.use('/api/extract', express.json({ limit: EXTRACT_LIMIT }));
  app.use(express.json({ limit: '100kb' }));
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    const type = (error as { type?: unknown } | null)?.type;
    if (type === 'entity.too.large') {
      const upload = req.path.startsWith('/api/extract');
      res.status(413).json({
        code: upload ? 'IMAGE_SIZE_EXCEED' : 'PAYLOAD_TOO_LARGE',
        error: upload ? 'File is larger than the 30MB limit.' : 'The request is too large.',
      });
      return;
    }
    if (type === 'entity.parse.failed') {
      res.status(400).json({ code: 'BAD_REQUEST', error: 'The request body is not valid JSON.' });
      return;
    }
    next(error);
  });
}
