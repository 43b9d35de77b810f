import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jest } from '@jest/globals';
import { ensureApiBuild } from '../testing/api-build.js';
import { fixture } from '../testing/fixtures.js';

// `npm run extract` as a person runs it (scripts/extract.mjs on the built API, built here when
// missing or stale), under a loader hook that lists every module the process loads: a digital
// PDF whose text layer answers must print that text without loading what only images, the vision
// model or translation need (issue 15: the command line starts in well under a second).
jest.setTimeout(180_000);

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const HOOK = path.join(ROOT, 'api', 'test', 'module-log.mjs');

// Packages and engine modules a digital PDF must not load: image decoding (sharp, heic-decode),
// the image reader, the vision model's client, translation and language detection, file-type
// (a PDF is told by its header), the language list, the server's framework and database.
const HEAVY_PACKAGES = [
  'sharp',
  'heic-decode',
  'openai',
  'franc-min',
  'file-type',
  'iso-639-1',
  'pdf2pic',
  '@nestjs/core',
  '@nestjs/common',
  'mongoose',
];
const HEAVY_ENGINE_MODULES = [
  'read-text.js',
  'image-prep.js',
  'vision-reader.js',
  'translator.js',
  'apertium.js',
  'scripts.js',
  'languages.js',
];

let dir: string;
beforeAll(() => {
  ensureApiBuild(ROOT);
  dir = mkdtempSync(path.join(os.tmpdir(), 'cli-modules-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the command line on `file`; its output and the URLs of the modules it loaded. */
function extract(
  file: string,
  name: string,
): { status: number | null; stdout: string; loaded: string[] } {
  const log = path.join(dir, `${name}.log`);
  const result = spawnSync(process.execPath, ['--import', HOOK, 'scripts/extract.mjs', file], {
    cwd: ROOT,
    env: { ...process.env, MODULE_LOG: log },
    encoding: 'utf8',
  });
  let loaded: string[] = [];
  try {
    loaded = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  } catch {
    // nothing was logged: the assertions below say so
  }
  return { status: result.status, stdout: result.stdout, loaded };
}

const heavyIn = (loaded: string[]) =>
  loaded.filter(
    (url) =>
      HEAVY_PACKAGES.some((p) => url.includes(`/node_modules/${p}/`)) ||
      HEAVY_ENGINE_MODULES.some((m) => url.endsWith(`/extraction/engine/${m}`)),
  );

describe('npm run extract', () => {
  it('prints a digital PDF page from its text layer, loading none of the image, vision and translation code', () => {
    const pdf = fixture('pdf-digital/pdfminer_simple1.pdf');
    const { status, stdout, loaded } = extract(pdf, 'pdf');
    expect(status).toBe(0);
    // The page's text layer as poppler reads it, cleaned as the engine cleans it.
    const layer = spawnSync('pdftotext', ['-f', '1', '-l', '1', '-enc', 'UTF-8', pdf, '-'], {
      encoding: 'utf8',
    }).stdout;
    expect(stdout.replace(/\s+/g, ' ').trim()).toBe(layer.replace(/\s+/g, ' ').trim());
    expect(loaded.some((url) => url.endsWith('/api/dist/cli/extract.js'))).toBe(true);
    expect(heavyIn(loaded)).toEqual([]);
  });

  it('still reads an image with OCR, loading the image reader (the hook sees what loads)', () => {
    const { status, stdout, loaded } = extract(fixture('printed/tesseractjs_simple.png'), 'image');
    expect(status).toBe(0);
    expect(stdout).toMatch(/Tesseract/i);
    const heavy = heavyIn(loaded);
    expect(heavy.some((url) => url.includes('/node_modules/sharp/'))).toBe(true);
    expect(heavy.some((url) => url.endsWith('/extraction/engine/read-text.js'))).toBe(true);
  });
});
