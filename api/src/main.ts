import { createApp } from './app.factory.js';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config.js';

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

const config = readConfig();
const app = await createApp(config);
await app.listen(config.port, config.host);
console.log(`API listening on http://${config.host}:${String(config.port)}`);

// Graceful shutdown: stop accepting connections, let requests in flight finish, close the
// database, then exit 0. A second signal, or 10 s, ends it at once.
let closing = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (closing) process.exit(1);
  closing = true;
  console.log(`${signal} received: shutting down`);
  setTimeout(() => process.exit(1), 10_000).unref();
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('Shutdown failed', error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
