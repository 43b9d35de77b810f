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
console.log(`API listening on http://${config.host}:${config.port}`);
