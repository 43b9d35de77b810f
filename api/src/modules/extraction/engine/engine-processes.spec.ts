import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import sharp from 'sharp';
import { fixture } from '../../../testing/fixtures.js';
import { makePdf } from '../../../testing/pdf-bytes.js';
import { ExtractionEngine } from './engine.js';
import { DEFAULT_LIMITS, jobMemoryBytes, poolCapacity } from './limits.js';
import { rasterisePage } from './pdf.js';
import { ENGINE_TMP_PREFIX, removeStaleTempDirs } from './temp-files.js';

// The engine's child processes, for real: Ghostscript (under GraphicsMagick, under the rasterise
// worker), poppler and Tesseract, seen through wrappers that record what each was given (its
// arguments, environment, kernel limits and peak memory) before running the real program.
jest.setTimeout(60_000);

const SECRETS = ['SESSION_SECRET', 'GOOGLE_CLIENT_SECRET', 'OPENAI_API_KEY', 'MONGODB_URI'];
const GIB = 1024 ** 3;

/** A wrapper that logs a call of `tool` to `<log>/<tool>.log`, then runs the real one. */
function spy(dir: string, log: string, tool: string): void {
  const real = execFileSync('sh', ['-c', `command -v ${tool}`])
    .toString()
    .trim();
  writeFileSync(
    path.join(dir, tool),
    [
      '#!/bin/sh',
      `{ echo "== ${tool} $*"; env; cat /proc/self/limits; } >> ${log}/${tool}.log`,
      // Run it as a child to sample its peak memory (VmHWM only grows) while it runs; its
      // standard input kept (GraphicsMagick reads the PDF from it).
      'exec 3<&0',
      `${real} "$@" <&3 & pid=$!`,
      'peak=0',
      'while kill -0 $pid 2>/dev/null; do',
      "  v=$(awk '/VmHWM/{print $2}' /proc/$pid/status 2>/dev/null)",
      '  [ -n "$v" ] && [ "$v" -gt "$peak" ] && peak=$v',
      '  sleep 0.02',
      'done',
      'wait $pid; rc=$?',
      `echo "peak_kb $peak" >> ${log}/${tool}.log`,
      'exit $rc',
      '',
    ].join('\n'),
  );
  chmodSync(path.join(dir, tool), 0o755);
}

const calls = (log: string, tool: string): string =>
  existsSync(path.join(log, `${tool}.log`))
    ? readFileSync(path.join(log, `${tool}.log`), 'utf8')
    : '';

describe('the engine’s child processes', () => {
  let dir: string;
  let bin: string;
  let log: string;
  let savedPath: string | undefined;
  const savedEnv: Record<string, string | undefined> = {};

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'engine-proc-'));
    bin = path.join(dir, 'bin');
    log = path.join(dir, 'log');
    mkdirSync(bin);
    mkdirSync(log);
    for (const tool of ['gs', 'gm', 'pdfinfo', 'pdftotext', 'tesseract']) spy(bin, log, tool);
    savedPath = process.env.PATH;
    process.env.PATH = `${bin}:${savedPath ?? ''}`;
    for (const name of SECRETS) {
      savedEnv[name] = process.env[name];
      process.env[name] = `secret-${name.toLowerCase()}`;
    }
  });
  afterAll(() => {
    process.env.PATH = savedPath;
    for (const name of SECRETS) {
      const saved = savedEnv[name];
      if (saved === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = saved;
    }
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    rmSync(log, { recursive: true, force: true });
    mkdirSync(log);
  });

  it('gives no child the API’s secrets, and each runs under the memory and CPU limits', async () => {
    const engine = new ExtractionEngine({ tesseractPath: path.join(bin, 'tesseract') });
    try {
      // A scanned PDF: pdfinfo, pdftotext, the rasterise worker (gm, gs), then Tesseract (warm).
      const scan = await engine.extract({
        bytes: readFileSync(fixture('pdf-scanned/ocrmypdf_skew.pdf')),
      });
      expect(scan.source).toBe('ocr');
    } finally {
      await engine.close();
    }
    for (const tool of ['gs', 'gm', 'pdfinfo', 'pdftotext', 'tesseract']) {
      const seen = calls(log, tool);
      expect(seen).toContain(`== ${tool}`);
      for (const name of SECRETS) expect(seen).not.toContain(`${name}=`);
      expect(seen).toMatch(
        new RegExp(`Max address space\\s+${String(DEFAULT_LIMITS.childMemoryBytes)}\\s`),
      );
      expect(seen).toMatch(/Max cpu time\s+\d+\s/);
    }
  });

  it('renders a 14400 pt page within the pixel cap, and Ghostscript stays under its memory limit', async () => {
    const huge = makePdf([
      {
        mediaBox: [0, 0, 14400, 14400],
        content: 'BT /F1 900 Tf 600 7000 Td (HELLO) Tj ET',
      },
    ]);
    const work = mkdtempSync(path.join(dir, 'work-'));
    const file = path.join(work, 'huge.pdf');
    writeFileSync(file, huge);
    const png = await rasterisePage(
      file,
      1,
      { width: 14400, height: 14400 },
      {
        maxPixels: DEFAULT_LIMITS.maxPixels,
        timeoutMs: 30_000,
        process: { memoryBytes: DEFAULT_LIMITS.childMemoryBytes, cpuSeconds: 30 },
      },
      work,
    );
    const { width, height } = await sharp(png).metadata();
    expect(width * height).toBeLessThanOrEqual(DEFAULT_LIMITS.maxPixels);
    expect(width).toBeGreaterThan(5000); // rendered at the density the cap allows (35 dpi), not less
    const gs = calls(log, 'gs');
    expect(gs).toMatch(/-r35x35|-r35\b/);
    // Ghostscript renders in bands (about 30 MB); GraphicsMagick holds the page (about 500 MB).
    for (const tool of ['gs', 'gm']) {
      const peakKb = Number(/peak_kb (\d+)/.exec(calls(log, tool))?.[1] ?? NaN);
      expect(peakKb).toBeGreaterThan(0);
      expect(peakKb * 1024).toBeLessThan(DEFAULT_LIMITS.childMemoryBytes / 2);
    }
  });

  it('sizes the render by the MediaBox even when a small CropBox hides it', async () => {
    const engine = new ExtractionEngine({ tesseractPath: 'tesseract' });
    try {
      const hidden = makePdf([
        {
          mediaBox: [0, 0, 14400, 14400],
          cropBox: [0, 0, 100, 100],
          content: '0 0 0 rg 1000 1000 5000 5000 re f', // no text layer: it is rendered
        },
      ]);
      await engine.extract({ bytes: hidden });
    } finally {
      await engine.close();
    }
    // At the CropBox's 300 dpi Ghostscript would draw 60000 x 60000 pixels (3.6 GP).
    const density = Number(/-r(\d+)/.exec(calls(log, 'gs'))?.[1] ?? NaN);
    expect(density).toBeLessThanOrEqual(35);
  });

  it('refuses a 5,000-page PDF from pdfinfo’s page count, before any rendering starts', async () => {
    const engine = new ExtractionEngine({ tesseractPath: 'tesseract' });
    const pages = Array.from({ length: 5000 }, () => ({
      mediaBox: [0, 0, 612, 792] as [number, number, number, number],
    }));
    const started = Date.now();
    const error = await engine
      .extract({ bytes: makePdf(pages), page: 1 })
      .catch((e: unknown) => e)
      .finally(() => engine.close());
    expect(error).toMatchObject({ code: 'PDF_TOO_MANY_PAGES', status: 422 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(calls(log, 'pdfinfo')).toContain('== pdfinfo');
    expect(calls(log, 'gs')).toBe('');
    expect(calls(log, 'gm')).toBe('');
    expect(calls(log, 'pdftotext')).toBe('');
  });

  it('kills a render that never ends at its time limit, grandchildren included', async () => {
    // Ghostscript that never finishes and has started a child of its own.
    const hang = path.join(dir, 'hang');
    mkdirSync(hang, { recursive: true });
    writeFileSync(
      path.join(hang, 'gs'),
      `#!/bin/sh\nsleep 300 &\necho $! > ${dir}/grandchild.pid\nwhile :; do :; done\n`,
    );
    chmodSync(path.join(hang, 'gs'), 0o755);
    process.env.PATH = `${hang}:${bin}:${savedPath ?? ''}`;
    const engine = new ExtractionEngine({
      tesseractPath: 'tesseract',
      limits: { rasteriseTimeoutMs: 1500 },
    });
    try {
      const started = Date.now();
      const error = await engine
        .extract({ bytes: makePdf([{ mediaBox: [0, 0, 612, 792] }]) })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'ENGINE_TIMEOUT' });
      expect(Date.now() - started).toBeLessThan(6000);
      const grandchild = Number(readFileSync(path.join(dir, 'grandchild.pid'), 'utf8'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const state = existsSync(`/proc/${String(grandchild)}/stat`)
        ? readFileSync(`/proc/${String(grandchild)}/stat`, 'utf8')
        : '';
      expect(state === '' || / Z /.test(state)).toBe(true);
      // No Ghostscript of this test is left (pgrep gs on our wrapper's path).
      const left = execFileSync('sh', ['-c', `pgrep -f '${hang}/g[s]' || true`])
        .toString()
        .trim();
      expect(left).toBe('');
    } finally {
      process.env.PATH = `${bin}:${savedPath ?? ''}`;
      await engine.close();
    }
  });
});

describe('the engine’s temporary files', () => {
  it('removes folders of dead processes at creation and its own at close', async () => {
    const tmp = os.tmpdir();
    // A folder left by a killed API: a pid that no longer runs.
    const dead = execFileSync('sh', ['-c', 'sh -c "echo \\$\\$" ']).toString().trim();
    const stale = path.join(tmp, `${ENGINE_TMP_PREFIX}${dead}.123-abcdef`);
    mkdirSync(path.join(stale, 'job-x'), { recursive: true });
    writeFileSync(path.join(stale, 'job-x', 'input.pdf'), 'left behind');
    // A live process's folder (this one's, with its real start time) is kept.
    const engine = new ExtractionEngine({ tesseractPath: 'tesseract' });
    expect(existsSync(stale)).toBe(false);
    await engine.extract({ bytes: readFileSync(fixture('printed/tesseractjs_simple.png')) });
    const mine = readdirSync(tmp).filter((n) =>
      n.startsWith(`${ENGINE_TMP_PREFIX}${String(process.pid)}.`),
    );
    expect(mine.length).toBeGreaterThan(0);
    // Its own live folder is kept (other test workers' live folders are theirs to keep too).
    expect(removeStaleTempDirs().filter((name) => mine.includes(name))).toEqual([]);
    expect(mine.every((name) => existsSync(path.join(tmp, name)))).toBe(true);
    await engine.close();
    const after = readdirSync(tmp).filter((n) => mine.includes(n));
    expect(after).toEqual([]);
  });
});

describe('the pool’s size', () => {
  it('is bounded by memory as well as cores, and lets a stopping engine finish its jobs', async () => {
    const job = jobMemoryBytes(DEFAULT_LIMITS);
    // A premium upload: 40 MB of base64 twice, 30 MB decoded, a 50 MP bitmap.
    expect(job).toBe(2 * Math.ceil((30 * 1024 * 1024) / 3) * 4 + 30 * 1024 * 1024 + 200_000_000);
    const big = poolCapacity(DEFAULT_LIMITS, { cores: 2, totalMemoryBytes: 23 * GIB });
    expect(big).toMatchObject({ concurrency: 2, maxQueue: 8 });
    const small = poolCapacity(DEFAULT_LIMITS, { cores: 8, totalMemoryBytes: 8 * GIB });
    expect(small.concurrency).toBe(1);
    // What the queue may hold at its worst fits in the budget beside the running jobs.
    expect(
      small.concurrency * (job + DEFAULT_LIMITS.childMemoryBytes) + small.maxQueue * job,
    ).toBeLessThanOrEqual(small.memoryBudgetBytes);

    const engine = new ExtractionEngine({ tesseractPath: 'tesseract', concurrency: 1 });
    const running = engine.extract({
      bytes: readFileSync(fixture('printed/tesseractjs_testocr.png')),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = engine.close();
    const refused = await engine
      .extract({ bytes: readFileSync(fixture('printed/tesseractjs_simple.png')) })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'ENGINE_BUSY', status: 503 });
    expect((await running).text).toContain('quick brown dog');
    await closing;
    expect(engine.warmProcessIds()).toEqual([]);
  });
});
