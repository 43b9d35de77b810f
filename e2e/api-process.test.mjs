// The built API as a process: configuration checked before start, graceful shutdown.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { jest } from '@jest/globals';
import { ServiceGroup, freePort, waitForPort } from '../scripts/lib/proc.mjs';
import { root, startDatabase } from './support/stack.mjs';
import { rmSync } from 'node:fs';

jest.setTimeout(60_000);

const main = path.join(root, 'api', 'dist', 'main.js');

function runApi(env) {
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

test('a missing or invalid variable stops start-up with a message naming it', async () => {
  const api = runApi({ API_PORT: 'eighty' });
  expect(await api.exited).toEqual({ code: 1, signal: null });
  expect(api.output()).toContain('API not started. Invalid configuration');
  expect(api.output()).toMatch(/MONGODB_URI: is required/);
  expect(api.output()).toMatch(/API_PORT:/);
  expect(api.output()).toMatch(/SESSION_SECRET: is required/);
});

test('the local sign-in provider refuses to run in production', async () => {
  const child = spawn(process.execPath, [path.join(root, 'api', 'dist', 'dev-idp', 'main.js')], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', DEV_IDP_URL: 'http://127.0.0.1:1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  expect(code).toBe(1);
  expect(output).toContain('refuses to run with NODE_ENV=production');
});

test('the API refuses the local sign-in provider in production', async () => {
  const api = runApi({
    NODE_ENV: 'production',
    MONGODB_URI: 'mongodb://127.0.0.1:1/x',
    SESSION_SECRET: 'a-session-secret-of-at-least-32-chars',
  });
  expect(await api.exited).toEqual({ code: 1, signal: null });
  expect(api.output()).toContain('GOOGLE_CLIENT_ID: is required in production');
});

describe('with a database', () => {
  const group = new ServiceGroup({ quiet: true });
  let db;
  beforeAll(async () => {
    db = await startDatabase(group);
  });
  afterAll(async () => {
    await group.stopAll();
    rmSync(db.dataDir, { recursive: true, force: true });
  });

  test('answers health, then shuts down gracefully on SIGTERM', async () => {
    const port = await freePort();
    const api = runApi({
      MONGODB_URI: db.uri,
      API_PORT: String(port),
      SESSION_SECRET: 'a-session-secret-of-at-least-32-chars',
    });
    await waitForPort(port, { service: { name: 'api', child: api.child, log: '' } });
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const requestId = health.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const started = Date.now();
    api.child.kill('SIGTERM');
    expect(await api.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(api.output()).toContain('SIGTERM received: shutting down');
  });
});
