// `npm run support -- grant EMAIL | revoke EMAIL | list [--since DATE] | plan … | credits …` against
// a real FerretDB.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
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

const newestEntitlements = (userId) =>
  db.collection('entitlements').findOne({ userId }, { sort: { rev: -1 } });

test('grants, replaces and revokes a plan by email, recording who did it', async () => {
  const { insertedId } = await db.collection('users').insertOne({
    googleId: 'sub-plan',
    name: 'Priya Plan',
    email: 'priya@example.com',
    roles: [],
  });
  const userId = insertedId.toString();

  const trial = await support(
    'plan',
    'priya@example.com',
    'pro-yearly',
    '--until',
    '2099-12-31',
    '--trial',
    '--by',
    'Sam',
  );
  expect(trial.stderr).toBe('');
  expect(trial.status).toBe(0);
  expect(trial.stdout).toContain('priya@example.com: Pro Yearly (trial), valid till 2099-12-31.');
  expect((await newestEntitlements(userId)).main).toMatchObject({
    plan: 'Pro Yearly',
    mode: 'manual',
    trial: true,
    end: new Date('2099-12-31T23:59:59.999Z'),
  });

  const lifetime = await support('plan', 'priya@example.com', 'lifetime');
  expect(lifetime.stdout).toContain('priya@example.com: Lifetime, valid till for ever.');
  expect((await newestEntitlements(userId)).main).toMatchObject({ plan: 'Lifetime', end: null });

  const free = await support('plan', 'priya@example.com', 'free');
  expect(free.stdout).toContain('priya@example.com: back on the free plan.');
  expect((await newestEntitlements(userId)).main).toBeNull();
  expect((await support('plan', 'priya@example.com', 'free')).stdout).toContain(
    'already on the free plan',
  );

  const history = await db
    .collection('billing_history')
    .find({ userId })
    .sort({ createdAt: 1 })
    .toArray();
  expect(history.map((entry) => [entry.action, entry.by.kind, entry.outcome])).toEqual([
    ['grant', 'support', 'applied'],
    ['grant', 'support', 'applied'],
    ['revoke', 'support', 'applied'],
    ['revoke', 'support', 'duplicate'],
  ]);
  expect(history[0].by.name).toBe('Sam');
  expect(history[1].by.name).toBe(os.userInfo().username);

  const unknown = await support('plan', 'priya@example.com', 'gold');
  expect(unknown.status).toBe(2);
  expect(unknown.stderr).toContain('Unknown plan gold');
  const past = await support('plan', 'priya@example.com', 'pro-monthly', '--until', '2001-01-01');
  expect(past.status).toBe(2);
  expect(past.stderr).toContain('--until must be a day to come');
  const nobody = await support('plan', 'nobody@example.com', 'pro-monthly');
  expect(nobody.status).toBe(1);
  expect(nobody.stderr).toContain('No account with the email nobody@example.com');
});

test('adds and corrects add-on credits by email, never below zero', async () => {
  const { insertedId } = await db.collection('users').insertOne({
    googleId: 'sub-credits',
    name: 'Carl Credits',
    email: 'carl@example.com',
    roles: [],
  });
  const userId = insertedId.toString();

  const added = await support('credits', 'carl@example.com', '+50', '--by', 'Sam');
  expect(added.stderr).toBe('');
  expect(added.stdout).toContain(
    "carl@example.com: 55 credits (5 this month's allowance + 50 top-up).",
  );
  const taken = await support('credits', 'carl@example.com', '-52');
  expect(taken.status).toBe(0);
  expect(taken.stdout).toContain(
    "carl@example.com: 3 credits (3 this month's allowance + 0 top-up).",
  );
  const floor = await support('credits', 'carl@example.com', '-10');
  expect(floor.stdout).toContain('carl@example.com: 0 credits');
  expect(await newestEntitlements(userId)).toMatchObject({ topUpBalance: 0, defaultBalance: 0 });

  const history = await db.collection('billing_history').find({ userId }).toArray();
  expect(history.map((entry) => entry.action).sort()).toEqual(['adjust', 'adjust', 'top-up']);

  const bad = await support('credits', 'carl@example.com', 'lots');
  expect(bad.status).toBe(2);
  expect(bad.stderr).toContain('credits takes +N or -N');
});

test('moves plan fields left on user documents to billing when it runs', async () => {
  const { insertedId } = await db.collection('users').insertOne({
    googleId: 'sub-legacy',
    name: 'Lee Legacy',
    email: 'lee@example.com',
    roles: [],
    isPremium: true,
    planType: 'Lifetime',
    premiumSince: new Date('2025-01-01T00:00:00Z'),
    topUpBalance: 12,
  });
  expect((await support('list')).status).toBe(0);
  const user = await db.collection('users').findOne({ _id: insertedId });
  expect(user).not.toHaveProperty('isPremium');
  expect(user).not.toHaveProperty('topUpBalance');
  const entitlements = await newestEntitlements(insertedId.toString());
  expect(entitlements.main).toMatchObject({ plan: 'Lifetime', end: null });
  expect(entitlements.topUpBalance).toBe(12);
  expect(entitlements.migratedFrom).toMatchObject({ isPremium: true, planType: 'Lifetime' });
});
