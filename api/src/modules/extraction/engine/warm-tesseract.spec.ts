import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import sharp from 'sharp';
import { ProcessTimeoutError } from '../../../common/process/run-process.js';
import { meanConfidence } from './tesseract.js';
import { WarmRegistry } from './warm-tesseract.js';
import { FIXTURES } from '../../../testing/fixtures.js';

// Real Tesseract: a warm process must read exactly what a fresh `tesseract` run reads.
jest.setTimeout(30_000);

const EVAL = FIXTURES;
const PAGES = [
  'printed/tesseractjs_testocr.png',
  'printed/uw3_010005.png',
  'photos/wildreceipt_choeun.jpg',
];
const ENV = { ...process.env, OMP_THREAD_LIMIT: '1' };

/** What one fresh Tesseract process reads, with the same options. */
function oneOff(file: string, ...extra: string[]): string {
  return execFileSync('tesseract', [file, '-', ...extra], {
    env: ENV,
    stdio: ['ignore', 'pipe', 'ignore'],
  }).toString();
}

/** True once the process has exited (gone, or a zombie waiting to be reaped). */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 30; i++) {
    const stat = existsSync(`/proc/${String(pid)}/stat`)
      ? readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      : '';
    if (!stat || / Z /.test(stat)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe('warm Tesseract processes', () => {
  let dir: string;
  let warm: WarmRegistry;
  const evalPage = (i: number) => path.join(EVAL, PAGES[i] ?? '');
  /** A reading that must be served by a warm process. */
  const read = (file: string, binary = 'tesseract', timeoutMs = 10_000) => {
    const pending = warm.read(binary, file, timeoutMs);
    if (!pending) throw new Error('no warm process was free');
    return pending;
  };
  const osd = (file: string) => {
    const pending = warm.osd('tesseract', file, 10_000);
    if (!pending) throw new Error('no warm process was free');
    return pending;
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'warm-spec-'));
    warm = new WarmRegistry(() => dir, undefined, 1);
  });
  afterEach(async () => {
    await warm.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads page after page in one process, each exactly as a fresh run does', async () => {
    const pids = new Set<number>();
    for (const page of [...PAGES, ...PAGES]) {
      const file = path.join(EVAL, page);
      const { text, tsv } = await read(file);
      expect(text).toBe(oneOff(file, '-c', 'preserve_interword_spaces=1'));
      const fresh = oneOff(file, '-c', 'preserve_interword_spaces=1', 'tsv');
      expect(meanConfidence(tsv)).toEqual(meanConfidence(fresh));
      warm.processIds().forEach((pid) => pids.add(pid));
    }
    expect(pids.size).toBe(1);
  });

  it("gives OSD's report of a turned page, as a fresh run does", async () => {
    const file = path.join(dir, 'turned.png');
    await sharp(path.join(EVAL, 'printed/tesseractjs_testocr.png')).rotate(180).toFile(file);
    const report = await osd(file);
    expect(report).toBe(oneOff(file, '--psm', '0'));
    expect(report).toMatch(/Rotate: 180/);
  });

  it('answers null while its only process is busy, so the caller runs Tesseract itself', async () => {
    const first = read(evalPage(0));
    expect(warm.read('tesseract', evalPage(1), 10_000)).toBeNull();
    expect((await first).text).toMatch(/brown dog/);
    expect((await read(evalPage(1))).text).toMatch(/linear grid problem/);
  });

  it('fails a file Tesseract cannot read, and serves the next page from a new process', async () => {
    const junk = path.join(dir, 'junk.png');
    writeFileSync(junk, 'not an image at all');
    await read(evalPage(1));
    const [before = 0] = warm.processIds();
    await expect(read(junk)).rejects.toThrow(/tesseract exited/);
    expect(await gone(before)).toBe(true);
    const next = await read(evalPage(1));
    expect(next.text).toMatch(/linear grid problem/);
    expect(warm.processIds()).not.toContain(before);
  });

  it('kills the whole process tree at the time limit', async () => {
    // A stand-in engine that starts a child and hangs.
    const fake = path.join(dir, 'tesseract');
    writeFileSync(fake, `#!/bin/sh\nsleep 120 &\necho $! > ${dir}/child.pid\nwait\n`);
    chmodSync(fake, 0o755);
    const started = Date.now();
    await expect(read(evalPage(1), fake, 500)).rejects.toBeInstanceOf(ProcessTimeoutError);
    expect(Date.now() - started).toBeLessThan(5_000);
    const child = Number(readFileSync(path.join(dir, 'child.pid'), 'utf8').trim());
    expect(await gone(child)).toBe(true);
    expect(warm.processIds()).toEqual([]);
  });

  it('kills the process of a page its caller cancels before settling', async () => {
    const fake = path.join(dir, 'tesseract');
    writeFileSync(fake, `#!/bin/sh\nsleep 120 &\necho $! > ${dir}/child.pid\nwait\n`);
    chmodSync(fake, 0o755);
    const cancel = new AbortController();
    const pending = warm.osd(fake, evalPage(1), 60_000, cancel.signal);
    const [pid = 0] = warm.processIds();
    while (!existsSync(path.join(dir, 'child.pid'))) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    cancel.abort();
    await expect(pending).rejects.toThrow();
    // Settled once the process has exited (and was reaped): nothing of the page runs on.
    expect(existsSync(`/proc/${String(pid)}`)).toBe(false);
    const child = Number(readFileSync(path.join(dir, 'child.pid'), 'utf8').trim());
    expect(await gone(child)).toBe(true);
    expect(warm.processIds()).toEqual([]);
  });

  it('ends its processes when closed', async () => {
    await read(evalPage(1));
    await osd(evalPage(0));
    const pids = warm.processIds();
    expect(pids).toHaveLength(2);
    await warm.close();
    for (const pid of pids) expect(await gone(pid)).toBe(true);
  });
});
