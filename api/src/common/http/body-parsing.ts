import type { INestApplication } from '@nestjs/common';
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { DomainError } from '../errors/domain-error.js';
import { httpErrors } from '../errors/http-errors.js';

// Request bodies: nothing large is read, and nothing is inflated, before the caller is known.
// - Compressed bodies are refused everywhere (browsers never compress uploads; an inflated
//   body's size cannot be known from its Content-Length).
// - Upload routes check the caller (sign-in, CSRF, admission) before a byte of the body is read,
//   then read it within the caller's own limit.
// - Every other route gets a body sized for what it takes.
// - Payment webhooks get their raw body, before sessions (signature auth, no session or CSRF).
// Every refusal comes from an error catalogue and is answered at once; what the client was still
// sending is then dropped unread for a moment (refuse(), below) and the connection cut.

const KB = 1024;

/** Bodies of routes not named below: ids, flags, a return path. */
export const DEFAULT_BODY_LIMIT_BYTES = 2 * KB;

/** A route whose JSON body may be larger than the default. */
export type BodyLimit = { paths: readonly string[]; limitBytes: number };

/** An upload route: its caller is checked before its (large) body is read. */
export type UploadRoute = {
  path: string;
  /** Who calls (sign-in, CSRF), before anything else. Any may refuse. */
  before: RequestHandler[];
  /** The most this caller may send, and the answer when over it. */
  limitFor: (req: Request) => UploadLimit;
  /** Once the declared size is within the limit, just before reading (a concurrency slot). */
  admit: RequestHandler[];
};

export type UploadLimit = { bytes: number; tooLarge: () => DomainError };

/**
 * A payment webhook's route: each provider's documented maximum payload, kept raw in `req.body`
 * (a Buffer) for signature verification. Mounted before sessions, so no session is read or
 * created; CSRF exempts /api/webhooks/ (auth/csrf.ts); the 'webhook' rate limit per sending
 * address applies before anything is read or written (payments/webhook-intake.ts), generous
 * enough for a provider's few addresses.
 */
export type WebhookRoute = { path: `/api/webhooks/${string}`; limitBytes: number };

/**
 * After a refusal, how long and how much of what the client was still sending is dropped before
 * the connection is cut. Closing at once with its data unread makes the kernel reset the
 * connection, and a client still writing then sees the reset (EPIPE, ECONNRESET) instead of the
 * answer already sent. A lingering close instead, as web servers do: the answer, the end of this
 * side of the connection, and the client's data read and dropped until it stops (it has read the
 * answer), for at most this long and this much. Nothing dropped is kept, parsed or inflated.
 */
export const REFUSAL_LINGER_MS = 2000;
export const REFUSAL_LINGER_BYTES = 16 * 1024 * 1024;

/** How long and how much a refusal lingers (tests give one limit room to check the other). */
export type Linger = { ms: number; bytes: number };
const LINGER: Linger = { ms: REFUSAL_LINGER_MS, bytes: REFUSAL_LINGER_BYTES };

/**
 * Answers with a catalogue error at once, `Connection: close`; the rest of the body is dropped
 * unread until the client stops sending or the linger's limits, then the connection is cut.
 */
export function refuse(res: Response, error: DomainError, linger: Linger = LINGER): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (!res.req.complete) lingerOnClose(res.req, linger);
  res.setHeader('Connection', 'close');
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.status(error.status).json({ code: error.code, error: error.message });
}

/**
 * Node ends a `Connection: close` answer's connection with `socket.destroySoon()`: end this side,
 * then destroy the socket as soon as the answer is written, its unread data and all. For a
 * refused body this socket's `destroySoon` ends this side only, and destroys the socket when the
 * client has stopped (its body or its side ended), after `linger.ms`, or past `linger.bytes`,
 * whichever comes first; meanwhile the body is read and dropped.
 */
function lingerOnClose(req: Request, linger: Linger): void {
  const socket = req.socket;
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  let cutting = false;
  /** Destroys the socket once the answer has been written out (its 'finish'). */
  const cut = (): void => {
    clearTimeout(timer);
    if (cutting) return;
    cutting = true;
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > linger.bytes) cut();
  });
  req.resume();
  socket.destroySoon = () => {
    socket.end();
    if (req.complete) return cut();
    req.once('end', cut);
    socket.once('end', cut);
    socket.once('close', () => clearTimeout(timer));
    timer = setTimeout(cut, linger.ms);
    timer.unref();
  };
}

const declaredLength = (req: Request): number | undefined => {
  const header = req.headers['content-length'];
  return header === undefined ? undefined : Number(header);
};

/** Content-Encoding other than identity → 415, before anything is read or inflated. */
export function refuseCompressedBodies(app: INestApplication): void {
  app.use((req: Request, res: Response, next: NextFunction) => {
    const encoding = req.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity') {
      refuse(res, httpErrors.unsupportedEncoding());
      return;
    }
    next();
  });
}

/** Raw bodies for payment webhooks; call before the sessions are set up. */
export function setupWebhookBodies(app: INestApplication, routes: readonly WebhookRoute[]): void {
  for (const route of routes) {
    app.use(route.path, oversizeByLength(fixedLimit(route.limitBytes, httpErrors.payloadTooLarge)));
    app.use(route.path, express.raw({ type: () => true, limit: route.limitBytes, inflate: false }));
  }
}

/** Refuses, unread, a body whose Content-Length is over the caller's limit. */
function oversizeByLength(limitFor: (req: Request) => UploadLimit): RequestHandler {
  return (req, res, next) => {
    const length = declaredLength(req);
    const limit = limitFor(req);
    if (length !== undefined && length > limit.bytes) refuse(res, limit.tooLarge());
    else next();
  };
}

const fixedLimit = (bytes: number, tooLarge: () => DomainError) => (): UploadLimit => ({
  bytes,
  tooLarge,
});

const isJson = (req: Request): boolean => req.is('application/json') === 'application/json';

/**
 * Reads a JSON body within `limitBytes`: refused as soon as Content-Length says it is over, or,
 * chunked, the moment the bytes read pass the limit; refused when it takes longer than
 * `timeoutMs` to arrive (a slow drip).
 */
function readJsonWithin(
  req: Request,
  res: Response,
  next: NextFunction,
  limit: UploadLimit,
  timeoutMs: number,
): void {
  if (!isJson(req)) {
    next(); // no body to read: validation names what is missing
    return;
  }
  let chunks: Buffer[] = [];
  let received = 0;
  let settled = false;
  const settle = (error?: DomainError): void => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', onEnd);
    if (error) {
      chunks = [];
      req.pause();
      refuse(res, error);
      return;
    }
    const text = Buffer.concat(chunks).toString('utf8');
    chunks = [];
    try {
      req.body = text.length === 0 ? {} : (JSON.parse(text) as unknown);
    } catch {
      refuse(res, httpErrors.invalidJson());
      return;
    }
    next();
  };
  const onData = (chunk: Buffer): void => {
    received += chunk.length;
    if (received > limit.bytes) settle(limit.tooLarge());
    else chunks.push(chunk);
  };
  const onEnd = (): void => settle();
  const timer = setTimeout(() => settle(httpErrors.requestTimeout()), timeoutMs);
  req.on('data', onData);
  req.on('end', onEnd);
  req.once('close', () => {
    if (!settled) settle(httpErrors.requestTimeout());
  });
}

export type BodyParsingOptions = {
  uploads: readonly UploadRoute[];
  limits: readonly BodyLimit[];
  /** Longest an upload's body may take to arrive. */
  uploadTimeoutMs: number;
};

/** Runs middleware in order; a DomainError from any of them is answered (connection closed). */
function chain(steps: readonly RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    const run = (index: number): void => {
      const step = steps[index];
      if (!step) {
        next();
        return;
      }
      void step(req, res, (error?: unknown) => {
        if (error instanceof DomainError) refuse(res, error);
        else if (error) next(error);
        else run(index + 1);
      });
    };
    run(0);
  };
}

function uploadHandler(route: UploadRoute, timeoutMs: number): RequestHandler {
  const reader: RequestHandler = (req, res, next) => {
    readJsonWithin(req, res, next, route.limitFor(req), timeoutMs);
  };
  return chain([...route.before, oversizeByLength(route.limitFor), ...route.admit, reader]);
}

/** JSON and form bodies within `limitBytes`; refused unread when Content-Length is over. */
const smallBodyParser = (limitBytes: number): RequestHandler =>
  chain([
    oversizeByLength(fixedLimit(limitBytes, httpErrors.payloadTooLarge)),
    express.json({ limit: limitBytes, inflate: false }),
    express.urlencoded({ extended: false, limit: limitBytes, inflate: false }),
  ]);

/** Call after the sessions are set up: upload routes check their caller from the session. */
export function setupBodyParsing(app: INestApplication, options: BodyParsingOptions): void {
  // Exact paths (app.use would match prefixes): the router is strict and case-sensitive
  // (app.factory.ts), so a path that reaches a route is spelt as the route is, and one spelt
  // otherwise (`/api/extract/`, `/API/extract`) finds no route behind the default limit. Uploads
  // are POST; other methods find no route.
  const uploads = new Map(
    options.uploads.map((route) => [route.path, uploadHandler(route, options.uploadTimeoutMs)]),
  );
  const byPath = new Map<string, RequestHandler>();
  for (const { paths, limitBytes } of options.limits) {
    const parser = smallBodyParser(limitBytes);
    for (const path of paths) byPath.set(path, parser);
  }
  const fallback = smallBodyParser(DEFAULT_BODY_LIMIT_BYTES);

  app.use((req: Request, res: Response, next: NextFunction) => {
    const upload = uploads.get(req.path);
    if (upload) {
      if (req.method === 'POST') upload(req, res, next);
      else next();
      return;
    }
    if (req.path.startsWith('/api/webhooks/')) {
      next(); // raw, or no route (setupWebhookBodies)
      return;
    }
    void (byPath.get(req.path) ?? fallback)(req, res, next);
  });
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const type = (error as { type?: unknown } | null)?.type;
    if (type === 'entity.too.large') refuse(res, httpErrors.payloadTooLarge());
    else if (type === 'entity.parse.failed') refuse(res, httpErrors.invalidJson());
    else if (type === 'encoding.unsupported' || type === 'charset.unsupported')
      refuse(res, httpErrors.unsupportedMediaType());
    else next(error);
  });
}
