// The one way a front end reports a failure (spec §7, §8): always logged with the action's name;
// sent to the error-reporting service too once the shell has loaded its SDK (only when a DSN is
// configured, so without one no SDK code is ever downloaded). Reports made before the SDK is ready
// wait for it, a few at most. The SDK's beforeSend drops the spec's ignored phrases and scrubs
// (contracts' error-reporting.ts), so none of that code is downloaded without a DSN either.
export type ErrorContext = {
  /** The failed action: 'login', 'navigation', 'navbar:Pricing', 'extraction', 'payments:...'. */
  action: string;
};

export type ErrorReporter = (error: unknown, context: ErrorContext) => void;

const MAX_WAITING = 20;
let reporter: ErrorReporter | null = null;
let waiting: [unknown, ErrorContext][] | null = null;

function send(to: ErrorReporter, error: unknown, context: ErrorContext): void {
  try {
    to(error, context);
  } catch (failure) {
    // Reporting must never break the page.
    console.error('error report failed', failure);
  }
}

export function reportError(error: unknown, context: ErrorContext): void {
  console.error(`[${context.action}] failed:`, error);
  if (reporter) send(reporter, error, context);
  else if (waiting && waiting.length < MAX_WAITING) {
    waiting.push([error, context]);
  }
}

/** The shell is loading a reporter: keep reports until it is set. */
export function expectErrorReporter(): void {
  waiting ??= [];
}

/** Sends reports to `next` from now on (and those kept while it loaded); null: log only. */
export function setErrorReporter(next: ErrorReporter | null): void {
  reporter = next;
  const kept = waiting ?? [];
  waiting = null;
  if (next) for (const [error, context] of kept) send(next, error, context);
}

/** `fn`, with anything it throws or rejects with reported under `action` instead of escaping. */
export function reportingErrors<A extends unknown[]>(
  action: string,
  fn: (...args: A) => unknown,
): (...args: A) => void {
  return (...args) => {
    try {
      const result = fn(...args);
      if (result instanceof Promise)
        result.catch((error: unknown) => reportError(error, { action }));
    } catch (error) {
      reportError(error, { action });
    }
  };
}
