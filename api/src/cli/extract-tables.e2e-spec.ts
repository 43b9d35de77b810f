import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jest } from '@jest/globals';
import { ensureApiBuild } from '../testing/api-build.js';
import { fixture } from '../testing/fixtures.js';

// `npm run extract-tables` as a person runs it (the root script, then scripts/extract-tables.mjs
// on the built API): the mistakes refused before the engine reads anything, each with status 1,
// its message and the usage line. What the reader prints for real files is the end-to-end test
// scripts-extract-tables.e2e.pending.md describes, written once the engine has extractTables.
jest.setTimeout(180_000);

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const USAGE = 'Usage: npm run extract-tables -- FILE [--page N | --pages A-B]';
const PDF = fixture('pdf-digital/pdfminer_simple1.pdf');

beforeAll(() => {
  ensureApiBuild(ROOT);
});

// 'PDF' in a case's arguments stands for a real one-page digital PDF (short test names).
const run = (args: string[]) =>
  spawnSync(
    process.execPath,
    ['scripts/extract-tables.mjs', ...args.map((a) => (a === 'PDF' ? PDF : a))],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );

describe('npm run extract-tables', () => {
  it('is the root package script, and answers --help with its usage', () => {
    const result = spawnSync('npm', ['run', '--silent', 'extract-tables', '--', '--help'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(USAGE);
  });

  it.each([
    [[], 'FILE is missing.'],
    [['PDF', '--page', '1', '--pages', '1-2'], 'Give --page or --pages, not both.'],
    [['PDF', '--pages', '3-1'], '--pages must be a range A-B of page numbers with A ≤ B'],
    [['PDF', '--format', 'xlsx'], '--format xlsx writes a file: give --out PATH.'],
    [['PDF', '--bogus'], "Unknown option '--bogus'."],
  ])('refuses %j with status 1, its message and the usage', (args, message) => {
    const result = run(args);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain(USAGE);
  });

  it('says which file it cannot read, with status 1', () => {
    const missing = path.join(ROOT, 'test-fixtures', 'no-such-file.pdf');
    const result = run([missing, '--page', '2']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`Cannot read ${missing}\n`);
  });
});
