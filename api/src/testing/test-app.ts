import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { App } from 'supertest/types.js';
import { createApp } from '../app.factory.js';
import { loadConfig } from '../config/app-config.js';

export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123';

/** The real application, wired as main.ts wires it, on a fresh database of the test server. */
export async function createTestApp(env: NodeJS.ProcessEnv = {}): Promise<INestApplication<App>> {
  const server = process.env.TEST_MONGODB_URI;
  if (!server) throw new Error('TEST_MONGODB_URI is not set: run the API tests through jest');
  const uri = server.replace(/\/[^/]*$/, `/test_${randomUUID().replaceAll('-', '')}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MONGODB_URI: uri,
    SESSION_SECRET: TEST_SESSION_SECRET,
    ...env,
  });
  // A failed start fails its test; it must not end jest's process (and the run) with it.
  const app = (await createApp(config, { abortOnError: false })) as INestApplication<App>;
  await app.init();
  return app;
}
