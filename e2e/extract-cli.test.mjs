// `npm run extract -- FILE [--page N] [--lang CODE]`: the pipeline without server or sign-in.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { root } from './support/stack.mjs';
import { FIXTURES } from './support/fixtures.mjs';

jest.setTimeout(60_000);

const EVAL = FIXTURES;
const extract = (...args) =>
  spawnSync('npm', ['run', '--silent', 'extract', '--', ...args], { cwd: root, encoding: 'utf8' });

test('prints the text of an image and of a PDF page', () => {
  const image = extract(path.join(EVAL, 'printed/tesseractjs_simple_90.jpg'));
  expect(image.status).toBe(0);
  expect(image.stdout).toBe('Tesseract.js\n');

  const pdf = extract(path.join(EVAL, 'pdf-scanned/ocrmypdf_cardinal.pdf'), '--page', '3');
  expect(pdf.status).toBe(0);
  expect(pdf.stdout).toContain('32 Track MIDI Sequence Recorder');
});

test('translates with a local pair when asked', () => {
  const result = extract(path.join(EVAL, 'printed/tesseractjs_testocr.png'), '--lang', 'es');
  expect(result.status).toBe(0);
  expect(result.stdout).toContain('El perro marrón rápido saltó');
});

test('fails with a message and a non-zero status', () => {
  const wrongType = extract('/etc/hostname');
  expect(wrongType.status).toBe(1);
  expect(wrongType.stderr).toContain('UNSUPPORTED_FILE');

  const page = extract(path.join(EVAL, 'pdf-digital/pdfminer_simple1.pdf'), '--page', '9');
  expect(page.status).toBe(1);
  expect(page.stderr).toContain('Page 9 does not exist: this PDF has 1 page.');

  const usage = extract();
  expect(usage.status).toBe(2);
  expect(usage.stderr).toContain('Usage: npm run extract -- FILE');
});

test('leaves nothing in the temporary folder, after a reading or a failure', () => {
  // Its own TMPDIR: other processes' files in /tmp do not count.
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'extract-cli-'));
  try {
    const env = { ...process.env, TMPDIR: tmp };
    const run = (...args) =>
      spawnSync('npm', ['run', '--silent', 'extract', '--', ...args], {
        cwd: root,
        encoding: 'utf8',
        env,
      });
    expect(run(path.join(EVAL, 'printed/tesseractjs_simple.png')).stdout).toBe('Tesseract.js\n');
    expect(run(path.join(EVAL, 'pdf-scanned/ocrmypdf_cardinal.pdf'), '--page', '2').status).toBe(0);
    expect(run('/etc/hostname').status).toBe(1);
    expect(readdirSync(tmp)).toEqual([]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
