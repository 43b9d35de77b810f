// The error-reporting SDK, loaded by main.tsx with a dynamic import only when the runtime
// configuration names a DSN (contracts' ERROR_REPORTING): without one, none of this is downloaded.
import * as Sentry from '@sentry/react';
import { ERROR_ACTION_TAG, isIgnoredEvent, scrubBreadcrumb, scrubErrorEvent } from 'contracts';
import type { ErrorReporter } from 'shared-ui';

export type SentryOptions = {
  dsn: string;
  /** Tests send the envelopes through their own transport to a local receiver. */
  transport?: Sentry.BrowserOptions['transport'];
};

/** Starts the SDK and answers the reporter that shared-ui's reportError sends through. */
export function startErrorReporting({ dsn, transport }: SentryOptions): ErrorReporter {
  Sentry.init({
    dsn,
    ...(transport ? { transport } : {}),
    // Errors only: no sessions, tracing or replays.
    integrations: (defaults) =>
      defaults.filter((integration) => integration.name !== 'BrowserSession'),
    // What the SDK catches by itself (uncaught errors, rejections) has no action of ours.
    initialScope: { tags: { [ERROR_ACTION_TAG]: 'unhandled' } },
    beforeSend: (event) => (isIgnoredEvent(event) ? null : scrubErrorEvent(event)),
    beforeBreadcrumb: (breadcrumb) => {
      scrubBreadcrumb(breadcrumb);
      return breadcrumb;
    },
  });
  return (error, { action }) => {
    Sentry.withScope((scope) => {
      scope.setTag(ERROR_ACTION_TAG, action);
      Sentry.captureException(error);
    });
  };
}
