import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request } from 'express';
import { finalize, type Observable } from 'rxjs';
import { ExtractionConcurrency } from './extraction-concurrency.js';

/**
 * Holds the caller's concurrency slot (taken by the upload gate, extract-upload.ts) until the
 * extraction has ended, whether or not the client is still there to read its answer: its slot is
 * never free while the engine still works on its file.
 */
@Injectable()
export class ExtractionSlotInterceptor implements NestInterceptor {
  constructor(private readonly concurrency: ExtractionConcurrency) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const release = this.concurrency.holdForJob(context.switchToHttp().getRequest<Request>());
    return next.handle().pipe(finalize(release));
  }
}
