import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { fixture } from '../../../testing/fixtures.js';
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
    // the 5 s limit, so that it times out after the job has its answer. (800 ms, then 2 s, were
    // too tight for a real reading while the other suites of `npm test` share the two cores.)
    const wrapper = path.join(dir, 'tesseract');
    writeFileSync(
      wrapper,
      [
        '#!/bin/sh',
        `case "$*" in *"--psm 0"*) sleep 8 ;; esac`,
        `if [ ! -e ${dir}/failed ]; then touch ${dir}/failed; exit 1; fi`,
        'exec tesseract "$@"',
        '',
      ].join('\n'),
    );
    chmodSync(wrapper, 0o755);
    tesseract = new Tesseract({ binary: wrapper, timeoutMs: 5000, tempDir: () => dir });
    process.on('unhandledRejection', onUnhandled);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await tesseract.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers from the second reading and leaves no rejection unobserved when OSD times out', async () => {
    const image = readFileSync(fixture('printed/tesseractjs_simple.png'));
    const work = mkdtempSync(path.join(dir, 'job-'));
    const result = await readImage(image, { kind: 'local', tesseract }, { maxPixels: 50e6 }, work);
    expect(result.text.trim()).toBe('Tesseract.js');
    // OSD started after the second reading times out 5 s later; its rejection must be seen.
    await new Promise((resolve) => setTimeout(resolve, 6500));
    expect(unhandled).toEqual([]);
  });
});
