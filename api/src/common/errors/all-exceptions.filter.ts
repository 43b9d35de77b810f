import {
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ErrorCode } from 'contracts';
import { isDatabaseUnavailable } from './database-errors.js';
import { DomainError } from './domain-error.js';
import { errorActionOf } from './error-action.js';
import { LOG_ONLY_REPORTER, type ErrorReporter } from './error-reporter.js';
import { errorEnvelopeOf } from './error-envelope.js';
import { CODE_BY_STATUS, httpErrors } from './http-errors.js';
import { requestId as newRequestId } from '../logging/logging.js';

const fallbackLogger = new Logger('AllExceptionsFilter');

export type ErrorBody = {
  code: ErrorCode | `HTTP_${number}`;
  error: string;
  requestId?: string;
  [detail: string]: string | number | boolean | undefined;
};

function httpMessage(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return [...new Set(message.map(String))].join('; ');
  if (typeof message === 'string') return message;
  return exception.message;
}

/**
 * The one place that maps errors to HTTP answers, in the envelope the route asked for (the forms
 * answer `success: false` beside the code). Unknown errors are logged with their action, reported
 * (when error reporting is configured) and leak nothing.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly reporter: ErrorReporter = LOG_ONLY_REPORTER) {}

  catch(caught: unknown, host: ArgumentsHost): void {
    let exception = caught;
    const http = host.switchToHttp();
    // pino-http gives every request its id and a child logger.
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const rawId: unknown = request.id; // absent for errors raised before the request logger
    const requestId =
      typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : undefined;

    // Errors raised before the request logger runs (session middleware) have no req.log.
    const log = (request as Partial<Pick<Request, 'log'>>).log;
    if (isDatabaseUnavailable(exception)) {
      const message = exception instanceof Error ? exception.message : String(exception);
      if (log) log.warn({ requestId, reason: message }, 'Database unavailable');
      else fallbackLogger.warn(`Database unavailable: ${message}`);
      // Session-store errors come before the request logger: give them an id all the same.
      exception = httpErrors.databaseUnavailable(requestId ?? newRequestId(request, response));
    }

    let status: number;
    let body: ErrorBody;
    if (exception instanceof DomainError) {
      status = exception.status;
      body = { ...exception.details, code: exception.code, error: exception.message };
      for (const [name, value] of Object.entries(exception.headers))
        response.setHeader(name, value);
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      body = { code: CODE_BY_STATUS[status] ?? `HTTP_${status}`, error: httpMessage(exception) };
    } else {
      status = HttpStatus.INTERNAL_SERVER_ERROR;
      const internal = httpErrors.internal();
      body = { code: internal.code, error: internal.message, requestId };
      const action = errorActionOf(request);
      if (log) log.error({ err: exception, requestId, action }, 'Unhandled error');
      else
        fallbackLogger.error(
          `[${action}] ${exception instanceof Error ? (exception.stack ?? '') : String(exception)}`,
        );
      this.reporter.report(exception, action, request);
    }
    response
      .status(status)
      .json(errorEnvelopeOf(request) === 'form' ? { success: false, ...body } : body);
  }
}
