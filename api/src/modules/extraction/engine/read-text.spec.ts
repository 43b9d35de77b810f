import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { fixture } from '../../../testing/fixtures.js';
import { shellScript } from '../../../testing/shell-script.js';
import { readImage } from './read-text.js';
import { Tesseract } from './tesseract.js';

jest.setTimeout(30_000);

describe('readImage when orientation detection outlives the reading', () => {
  let dir: string;
  let tesseract: Tesseract;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'slow-osd-'));
    // Real Tesseract behind a wrapper: the first reading fails as an unreadable upload does
    // (ENGINE_FAILED, so the image is decoded and read again), and OSD (--psm 0) is slow, past
    // the 5 s limit, so that it is still running when the job has its answer. (800 ms, then 2 s,
    // were too tight for a real reading while the other suites of `npm test` share the two cores.)
    const wrapper = shellScript(dir, 'tesseract', [
      `case "$*" in *"--psm 0"*) echo $$ >> ${dir}/osd; sleep 8 ;; esac`,
      `if [ ! -e ${dir}/failed ]; then touch ${dir}/failed; exit 1; fi`,
      'exec tesseract "$@"',
    ]);
    tesseract = new Tesseract({ binary: wrapper, timeoutMs: 5000, tempDir: () => dir });
    process.on('unhandledRejection', onUnhandled);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await tesseract.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers from the second reading; its OSD is killed, not left to run on or reject unobserved', async () => {
    const image = readFileSync(fixture('printed/tesseractjs_simple.png'));
    const work = mkdtempSync(path.join(dir, 'job-'));
    const result = await readImage(image, { kind: 'local', tesseract }, { maxPixels: 50e6 }, work);
    expect(result.text.trim()).toBe('Tesseract.js');
    // The OSD started beside the second reading has exited with the job (it would have slept on
    // for 8 s), and its rejection was seen.
    const file = path.join(dir, 'osd');
    const osd = existsSync(file) ? readFileSync(file, 'utf8').split(/\s+/).filter(Boolean) : [];
    expect(osd.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  });
});

describe('readImage and orientation detection after an unsure reading', () => {
  let dir: string;
  let tesseract: Tesseract;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'turn-osd-'));
    // Real Tesseract, but OSD (--psm 0) answers at once that the page is upside down, surely: a
    // reading that waits for OSD then tries the page turned (a step recorded, kept or not).
    const wrapper = shellScript(dir, 'tesseract', [
      'case "$*" in *"--psm 0"*)',
      '  printf "Page number: 0\\nOrientation in degrees: 180\\nRotate: 180\\n"',
      '  printf "Orientation confidence: 20.00\\nScript: Latin\\nScript confidence: 9.00\\n"',
      '  exit 0 ;;',
      'esac',
      'exec tesseract "$@"',
    ]);
    tesseract = new Tesseract({ binary: wrapper, timeoutMs: 20_000, tempDir: () => dir });
  });
  afterAll(async () => {
    await tesseract.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const readSteps = async (image: Buffer) => {
    const work = mkdtempSync(path.join(dir, 'job-'));
    const result = await readImage(image, { kind: 'local', tesseract }, { maxPixels: 50e6 }, work);
    return result.steps.map((s) => s.step);
  };

  it('does not wait for OSD after a reading that is unsure but not noise (small print read at 55-75)', async () => {
    const image = readFileSync(fixture('hard/small-print.png'));
    // The case this is about: read unsurely, but well above a turned page's noise.
    const first = await tesseract.recognise(image, 'eng', mkdtempSync(path.join(dir, 'first-')));
    expect(first.confidence).toBeGreaterThanOrEqual(55);
    expect(first.confidence).toBeLessThan(75);
    const steps = await readSteps(image);
    expect(steps.filter((step) => /turn/.test(step))).toEqual([]);
  });

  it('still waits for OSD, and tries its turn, after a reading of noise (a page turned 270°)', async () => {
    const image = readFileSync(fixture('hard/turned-270.png'));
    const first = await tesseract.recognise(image, 'eng', mkdtempSync(path.join(dir, 'first-')));
    expect(first.confidence).toBeLessThan(55);
    const steps = await readSteps(image);
    expect(steps).toContain('turn 180°');
  });
});
