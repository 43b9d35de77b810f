// `npm run support -- grant EMAIL | revoke EMAIL | list [--since DATE]` against a real FerretDB.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { jest } from '@jest/globals';
import { MongoClient } from 'mongodb';
import { ServiceGroup } from '../scripts/lib/proc.mjs';
import { root, startDatabase } from './support/stack.mjs';

jest.setTimeout(60_000);

const group = new ServiceGroup({ quiet: true });
let db;
let client;
let dataDir;

beforeAll(async () => {
  const started = await startDatabase(group);
  dataDir = started.dataDir;
  client = new MongoClient(started.uri);
  db = client.db();
  process.env.SUPPORT_TEST_URI = started.uri;
});
afterAll(async () => {
  await client?.close();
  await group.stopAll();
  rmSync(dataDir, { recursive: true, force: true });
});

const support = (...args) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'support', '--', ...args], {
      cwd: root,
      env: { ...process.env, MONGODB_URI: process.env.SUPPORT_TEST_URI },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

test('grants and revokes the support role by email', async () => {
  await db.collection('users').insertOne({
    googleId: 'sub-1',
    name: 'Sam Support',
    email: 'sam@example.com',
    roles: [],
  });
  const granted = await support('grant', 'sam@example.com');
  expect(granted.status).toBe(0);
  expect(granted.stdout).toContain('sam@example.com now has the support role');
  expect((await db.collection('users').findOne({ googleId: 'sub-1' })).roles).toEqual(['support']);

  // Granting twice keeps one role.
  expect((await support('grant', 'sam@example.com')).status).toBe(0);
  expect((await db.collection('users').findOne({ googleId: 'sub-1' })).roles).toEqual(['support']);

  const revoked = await support('revoke', 'sam@example.com');
  expect(revoked.status).toBe(0);
  expect((await db.collection('users').findOne({ googleId: 'sub-1' })).roles).toEqual([]);

  const unknown = await support('grant', 'nobody@example.com');
  expect(unknown.status).toBe(1);
  expect(unknown.stderr).toContain('No account with the email nobody@example.com');
});

test('lists messages newest first, optionally since a date', async () => {
  const message = (at, name, text, extra = {}) => ({
    kind: 'contact',
    surface: 'text-ocr',
    form: 'contact',
    fields: { name, email: `${name.toLowerCase()}@example.com`, message: text },
    searchText: text.toLowerCase(),
    userId: null,
    userEmail: null,
    userAgent: 'test',
    handled: false,
    handledAt: null,
    handledBy: null,
    createdAt: new Date(at),
    updatedAt: new Date(at),
    ...extra,
  });
  await db.collection('messages').insertMany([
    message('2026-10-01T09:00:00Z', 'Old', 'An old question'),
    message('2026-11-20T10:30:00Z', 'Mina', 'Page 3 came out empty', {
      handled: true,
      handledBy: 'sam@example.com',
    }),
    message('2026-11-21T08:15:00Z', 'Ravi', 'Can I pay yearly?\nThanks'),
  ]);

  const all = await support('list');
  expect(all.status).toBe(0);
  const order = ['Ravi', 'Mina', 'Old'].map((name) => all.stdout.indexOf(`${name} <`));
  expect(order.every((at) => at >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  expect(all.stdout).toContain(
    '2026-11-21 08:15 UTC  contact/contact  text-ocr  [open]  Ravi <ravi@example.com>',
  );
  expect(all.stdout).toContain('    message: Can I pay yearly? Thanks');
  expect(all.stdout).toContain('[handled by sam@example.com]');

  const recent = await support('list', '--since', '2026-11-01');
  expect(recent.stdout).toContain('Ravi <');
  expect(recent.stdout).not.toContain('Old <');

  const bad = await support('list', '--since', 'last week');
  expect(bad.status).toBe(2);
  expect(bad.stderr).toContain('--since must be a date such as 2026-11-01');
});
