import { createApp } from './app.factory.js';
import { ERROR_REPORTER, type ErrorReporter } from './common/errors/error-reporter.js';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config.js';
import { EXTRACTION_ENGINE } from './modules/extraction/engine.provider.js';
import type { ExtractionEngine } from './modules/extraction/engine/index.js';

function readConfig(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`API not started. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

// A promise rejected with no handler is a bug to fix where it happens (the known paths are, and
// tested); it must not take every user's requests down with it. It is logged with its stack and
// the API goes on, and it is reported (action 'unhandled') once error reporting is up. (An
// uncaught exception still ends the process: its state is unknown.)
let reporter: ErrorReporter | null = null;
process.on('unhandledRejection', (reason: unknown) => {
  reporter?.report(reason, 'unhandled');
  console.error(
    JSON.stringify({
      level: 50,
      time: Date.now(),
      msg: 'Unhandled promise rejection',
      err: reason instanceof Error ? { message: reason.message, stack: reason.stack } : reason,
    }),
  );
});

const config = readConfig();
const app = await createApp(config);
const errorReporter = app.get<ErrorReporter>(ERROR_REPORTER);
reporter = errorReporter;
await app.listen(config.port, config.host);
console.log(`API listening on http://${config.host}:${String(config.port)}`);

// Graceful shutdown: new extractions are refused (ENGINE_BUSY, 503 with Retry-After) while those
// running finish, up to the longest a job can run; then the server stops accepting connections,
// requests in flight finish, the database closes, and the process exits 0. A second signal, or
// that deadline plus 10 s, ends it at once (exit 1).
const graceMs = app.get<ExtractionEngine>(EXTRACTION_ENGINE).maxJobMs + 10_000;
let closing = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (closing) process.exit(1);
  closing = true;
  console.log(`${signal} received: shutting down`);
  setTimeout(() => process.exit(1), graceMs).unref();
  app.close().then(
    // Reports still on their way get a moment to leave.
    async () => {
      await errorReporter.flush(2000);
      process.exit(0);
    },
    (error: unknown) => {
      console.error('Shutdown failed', error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
