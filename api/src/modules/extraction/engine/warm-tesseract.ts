import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { childEnv } from '../../../common/process/child-env.js';
import { limitedCommand, type ResourceLimits } from '../../../common/process/resource-limits.js';
import { ProcessTimeoutError } from '../../../common/process/run-process.js';

// Long-lived Tesseract processes. Starting Tesseract (linking its libraries, loading a model)
// costs about 70 ms, more than reading a one-line screenshot takes; a process that stays up
// between requests reads that line in about 30 ms. Tesseract's own `stream_filelist` mode reads
// image paths from stdin, one per line, and renders each page as soon as its line arrives;
// `stdbuf -o0` makes it write every page out at once instead of when it exits.
//
// A reading process renders TSV (for word confidences) and text to stdout. A page's output is
// known to be complete when the next page begins, so each image is followed by a 1x1 blank
// "sentinel" image, read in no time, whose TSV page row (`1 <page> 0 0 0 0 0 0 1 1 -1`) closes
// the page before it. The text renderer writes `page_separator` before every page but the first
// (a warm-up sentinel is that first page), which splits a page's TSV from its text.
//
// Each page has a time limit; at the limit the process's whole group is killed (the job fails
// with ENGINE_TIMEOUT) and a fresh process is started for the next one. A page whose caller
// cancels it (OSD a confident reading no longer needs) is not finished unseen: its process is
// killed too, so that no work of a job runs on after it. A process that exits
// (an unreadable image ends Tesseract's file list) fails its job and is not reused.

const SEPARATOR = '\u001e';
const SENTINEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWP4//8/AAX+Av5Y8msOAAAAAElFTkSuQmCC',
  'base64',
);
// A process is replaced after this many pages, so that nothing it accumulates grows unbounded.
const PAGES_PER_PROCESS = 200;
/** Native Tesseract 5, one thread per process (the pool provides the parallelism). */
export const TESSERACT_ENV = childEnv({ OMP_THREAD_LIMIT: '1' });

export type WarmKind = 'read-eng' | 'osd';
export type WarmReading = { tsv: string; text: string };

class WarmProcessExitedError extends Error {
  constructor(readonly stderr: string) {
    super(`tesseract exited: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
  }
}

let stdbufPath: string | null | undefined;
/** `stdbuf` (coreutils), or null where it is missing: then every page gets its own process. */
function findStdbuf(): string | null {
  if (stdbufPath !== undefined) return stdbufPath;
  const dirs = (childEnv().PATH ?? '/usr/bin:/bin').split(path.delimiter);
  stdbufPath = dirs.map((d) => path.join(d, 'stdbuf')).find((p) => existsSync(p)) ?? null;
  return stdbufPath;
}

type Job = {
  /** Where this page's output ends in what has arrived, or -1 while it is incomplete. */
  take: (output: string) => number;
  /** Characters after the end that belong to no page (the sentinel's row). */
  skip?: number;
  resolve: (output: string) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};

class WarmProcess {
  readonly child: ChildProcessWithoutNullStreams;
  private output = '';
  /** Ends the warm-up page's output (the TSV header and the sentinel's row), which is dropped. */
  private preamble: string | null = null;
  private stderr = '';
  private fed = 0;
  private job: Job | null = null;
  private exitError: Error | null = null;
  private timedOut = false;
  private markExited: () => void = () => undefined;
  /** Resolves once the process has exited. */
  readonly gone = new Promise<void>((resolve) => (this.markExited = resolve));
  pages = 0;

  constructor(
    readonly binary: string,
    stdbuf: string,
    readonly kind: WarmKind,
    private readonly sentinel: string,
    limits: ResourceLimits | undefined,
    private readonly onExit: (process: WarmProcess) => void,
  ) {
    const args =
      kind === 'osd'
        ? ['--psm', '0']
        : [
            '-l',
            'eng',
            '--psm',
            '3',
            '-c',
            'preserve_interword_spaces=1',
            '-c',
            `page_separator=${SEPARATOR}`,
            'tsv',
            'txt',
          ];
    // The CPU-time limit covers the process's whole life: every page it may read at its limit.
    const command = limitedCommand(
      stdbuf,
      ['-o0', binary, '-c', 'stream_filelist=true', '-', '-', ...args],
      limits && { ...limits, cpuSeconds: limits.cpuSeconds * (PAGES_PER_PROCESS + 1) },
    );
    this.child = spawn(command.command, command.args, {
      detached: true, // its own process group: a timeout kills everything it started
      stdio: ['pipe', 'pipe', 'pipe'],
      env: TESSERACT_ENV,
    });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.output += chunk;
      this.settle();
    });
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    this.child.stdin.on('error', () => undefined); // it may exit before reading its input
    this.child.on('error', (error) => this.exited(error));
    this.child.on('close', () => this.exited(new WarmProcessExitedError(this.stderr)));
    if (kind === 'read-eng') {
      // The warm-up page: afterwards every page's text follows a separator.
      this.fed = 1;
      this.preamble = `1\t1\t0\t0\t0\t0\t0\t0\t1\t1\t-1\t\n`;
      this.child.stdin.write(`${this.sentinel}\n`);
    }
    this.idle(true);
  }

  get alive(): boolean {
    return this.exitError === null;
  }

  /**
   * Reads one image file; rejects with ProcessTimeoutError at the limit, and with another error
   * when `signal` aborts first (either way the process is killed).
   */
  run(file: string, timeoutMs: number, signal?: AbortSignal): Promise<string> {
    if (this.job || !this.alive) return Promise.reject(new Error('warm process not available'));
    if (signal?.aborted) return Promise.reject(new Error('cancelled'));
    this.pages += 1;
    this.idle(false);
    const onAbort = () => this.kill();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settled = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.timedOut = true;
        this.kill();
      }, timeoutMs);
      if (this.kind === 'osd') {
        this.job = {
          // OSD's report ends with this line.
          take: (output) => (/Script confidence:[^\n]*\n/.test(output) ? output.length : -1),
          resolve,
          reject,
          timer,
        };
        this.child.stdin.write(`${file}\n`);
      } else {
        // The page row of the sentinel that follows this image ends its output.
        const marker = `1\t${String(this.fed + 2)}\t0\t0\t0\t0\t0\t0\t1\t1\t-1\t\n`;
        this.fed += 2;
        this.job = {
          take: (output) => output.indexOf(marker),
          skip: marker.length,
          resolve,
          reject,
          timer,
        };
        this.child.stdin.write(`${file}\n${this.sentinel}\n`);
      }
      this.settle();
    });
    const done = () => signal?.removeEventListener('abort', onAbort);
    settled.then(done, done);
    return settled;
  }

  private settle(): void {
    if (this.preamble !== null) {
      const end = this.output.indexOf(this.preamble);
      if (end < 0) return;
      this.output = this.output.slice(end + this.preamble.length);
      this.preamble = null;
    }
    const job = this.job;
    const end = job ? job.take(this.output) : -1;
    if (!job || end < 0) return;
    clearTimeout(job.timer);
    this.job = null;
    const output = this.output.slice(0, end);
    this.output = this.output.slice(end + (job.skip ?? 0));
    job.resolve(output);
    if (this.alive) this.idle(true);
  }

  private exited(error: Error): void {
    if (this.exitError) return;
    this.exitError = error;
    this.markExited();
    const job = this.job;
    this.job = null;
    if (job) {
      clearTimeout(job.timer);
      job.reject(this.timedOut ? new ProcessTimeoutError('tesseract') : error);
    }
    this.onExit(this);
  }

  /** An idle process does not keep Node running (the command line exits when it is done). */
  private idle(idle: boolean): void {
    const handles = [this.child.stdin, this.child.stdout, this.child.stderr] as unknown as Socket[];
    if (idle) {
      this.child.unref();
      for (const h of handles) h.unref();
    } else {
      this.child.ref();
      for (const h of handles) h.ref();
    }
  }

  kill(): void {
    try {
      if (this.child.pid) process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  /** Ends its file list: Tesseract finishes and exits. */
  close(): void {
    if (this.job) this.kill();
    else this.child.stdin.end();
  }
}

/**
 * Warm processes per engine binary and kind, at most `max` of each; a caller that finds them
 * all busy gets null and starts a one-off process instead. The sentinel image is written into
 * the folder `tempDir()` names (the engine's, removed by its close()).
 */
export class WarmRegistry {
  private readonly all = new Set<WarmProcess>();
  private readonly idle = new Set<WarmProcess>();
  private sentinel: string | null = null;

  constructor(
    private readonly tempDir: () => string,
    private readonly limits?: ResourceLimits,
    private readonly max = Math.max(1, os.availableParallelism()),
  ) {}

  private sentinelPath(): string {
    if (!this.sentinel) {
      const file = path.join(this.tempDir(), 'sentinel.png');
      writeFileSync(file, SENTINEL_PNG, { mode: 0o600 });
      this.sentinel = file;
    }
    return this.sentinel;
  }

  private acquire(binary: string, kind: WarmKind): WarmProcess | null {
    const stdbuf = findStdbuf();
    if (!stdbuf) return null;
    const same = (p: WarmProcess) => p.binary === binary && p.kind === kind;
    const free = [...this.idle].find((p) => same(p) && p.alive);
    if (free) {
      this.idle.delete(free);
      return free;
    }
    if ([...this.all].filter(same).length >= this.max) return null;
    const proc = new WarmProcess(binary, stdbuf, kind, this.sentinelPath(), this.limits, (gone) => {
      this.all.delete(gone);
      this.idle.delete(gone);
    });
    this.all.add(proc);
    return proc;
  }

  /**
   * Runs one image file through a warm process of this kind; null when none is free (the caller
   * then runs Tesseract once itself). Rejects as a one-off run would: ProcessTimeoutError at the
   * time limit, another error when Tesseract could not read the file.
   */
  run(
    binary: string,
    kind: WarmKind,
    file: string,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<string> | null {
    const proc = this.acquire(binary, kind);
    if (!proc) return null;
    const result = proc.run(file, timeoutMs, signal);
    const release = () => {
      if (!proc.alive) return;
      if (proc.pages >= PAGES_PER_PROCESS) proc.close();
      else this.idle.add(proc);
    };
    result.then(release, release);
    return result;
  }

  /** The TSV and text of one page from a warm `-l eng --psm 3` process; null when none is free. */
  read(binary: string, file: string, timeoutMs: number): Promise<WarmReading> | null {
    const pending = this.run(binary, 'read-eng', file, timeoutMs);
    if (!pending) return null;
    return pending.then((output) => {
      let start = 0;
      while (output[start] === SEPARATOR) start += 1; // the previous sentinel's
      const page = output.slice(start);
      const split = page.indexOf(SEPARATOR);
      if (split < 0) throw new Error('unexpected output from tesseract');
      return { tsv: page.slice(0, split), text: page.slice(split + 1) };
    });
  }

  /**
   * OSD's report for one page from a warm `--psm 0` process; null when none is free. The process
   * is killed when `signal` aborts before the report is complete.
   */
  osd(
    binary: string,
    file: string,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<string> | null {
    return this.run(binary, 'osd', file, timeoutMs, signal);
  }

  /** The process ids of the live warm processes (for tests and diagnostics). */
  processIds(): number[] {
    return [...this.all].flatMap((p) => (p.alive && p.child.pid ? [p.child.pid] : []));
  }

  /**
   * Ends every warm process: idle ones finish their file list, busy ones are killed, and any
   * still running after `graceMs` is killed too. Resolves once all have exited.
   */
  async close(graceMs = 2000): Promise<void> {
    const procs = [...this.all];
    for (const p of procs) p.close();
    this.idle.clear();
    this.sentinel = null; // the engine removes its folder; a later process writes it again
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        for (const p of procs) p.kill();
        resolve();
      }, graceMs);
    });
    await Promise.race([Promise.all(procs.map((p) => p.gone)), late]);
    clearTimeout(timer);
    await Promise.all(procs.map((p) => p.gone));
  }
}
