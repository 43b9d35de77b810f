import type { Request } from 'express';
import {
  ERROR_ACTION_TAG,
  isIgnoredEvent,
  isIgnoredErrorMessage,
  scrubBreadcrumb,
  scrubErrorEvent,
} from 'contracts';

// The API's error reports (spec §7): unexpected errors go to the error-reporting service through
// Sentry's Node SDK when SENTRY_DSN is set, each tagged with its action (error-action.ts), with
// the spec's ignored phrases dropped and nothing of the request's body, cookies, credentials or
// query (contracts' scrubErrorEvent). Without a DSN the SDK is never loaded: the exception filter
// logs, as it always does. The SDK runs as a client of its own, not installed globally: no
// automatic instrumentation of every request, nothing shared between apps in one process.
export const ERROR_REPORTER = Symbol('ERROR_REPORTER');

export type ErrorReporter = {
  report(error: unknown, action: string, request?: Request): void;
  /** Waits (at most timeoutMs) for reports still being sent; at shutdown and in tests. */
  flush(timeoutMs: number): Promise<boolean>;
};

export const LOG_ONLY_REPORTER: ErrorReporter = {
  report: () => undefined,
  flush: () => Promise.resolve(true),
};

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export async function createErrorReporter(options: {
  dsn: string | null;
  environment: string;
}): Promise<ErrorReporter> {
  if (!options.dsn) return LOG_ONLY_REPORTER;
  const Sentry = await import('@sentry/node');
  const client = new Sentry.NodeClient({
    dsn: options.dsn,
    environment: options.environment,
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
    beforeSend: (event) => (isIgnoredEvent(event) ? null : scrubErrorEvent(event)),
    beforeBreadcrumb: (breadcrumb) => (scrubBreadcrumb(breadcrumb), breadcrumb),
  });
  const base = new Sentry.Scope();
  base.setClient(client);
  client.init();
  return {
    report(error, action, request) {
      if (isIgnoredErrorMessage(messageOf(error))) return;
      const scope = base.clone();
      scope.setTag(ERROR_ACTION_TAG, action);
      if (request) {
        // Method, path and headers only; beforeSend strips credentials, cookies and the query.
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        );
        scope.addEventProcessor((event) => ({
          ...event,
          request: { method: request.method, url: request.originalUrl, headers },
        }));
      }
      scope.captureException(error);
    },
    flush: async (timeoutMs) => client.flush(timeoutMs),
  };
}
