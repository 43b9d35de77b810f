import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Options } from 'pino-http';
import type { AppConfig } from '../../config/app-config.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A caller's X-Request-Id is kept when it looks sane; otherwise a new one is made. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

// Routes whose query carries secrets: the OAuth callback's ?code=&state= could be replayed
// by anyone who reads the logs.
const SECRET_QUERY_PATHS = ['/auth/google/callback'];

/** The URL as logged: the query of SECRET_QUERY_PATHS replaced by a marker. */
export function loggedUrl(url: string): string {
  const index = url.indexOf('?');
  if (index === -1) return url;
  const path = url.slice(0, index);
  return SECRET_QUERY_PATHS.includes(path.replace(/\/+$/, '')) ? `${path}?[redacted]` : url;
}

/** Structured JSON logs, one line per request, each with its request id; secrets redacted. */
export function loggerParams(config: AppConfig): Options {
  return {
    level: config.logLevel,
    genReqId: requestId,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    customProps: () => ({ service: 'api' }),
    serializers: {
      req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: loggedUrl(req.url),
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}
