import { spawn } from 'node:child_process';
import { childEnv } from './child-env.js';
import { limitedCommand, type ResourceLimits } from './resource-limits.js';

export type ProcessResult = { code: number | null; stdout: Buffer; stderr: string };

export class ProcessAbortedError extends Error {
  constructor(readonly command: string) {
    super(`${command} was cancelled`);
  }
}

export class ProcessTimeoutError extends Error {
  constructor(readonly command: string) {
    super(`${command} timed out`);
  }
}

/**
 * Runs a command with input on stdin, in its own process group, so a timeout kills it and every
 * child it started (Ghostscript under GraphicsMagick, for instance). Its environment is the API's
 * without secrets (child-env.ts) unless the caller passes one made by childEnv().
 */
export function runProcess(
  command: string,
  args: string[],
  options: {
    input?: Buffer;
    timeoutMs: number;
    env?: NodeJS.ProcessEnv;
    maxOutputBytes?: number;
    /** Cancels the run: the process tree is killed and the promise rejects. */
    signal?: AbortSignal;
    /** Address space and CPU time for the process and everything it starts (prlimit). */
    limits?: ResourceLimits;
  },
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new ProcessAbortedError(command));
      return;
    }
    const limited = limitedCommand(command, args, options.limits);
    const child = spawn(limited.command, limited.args, {
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: options.env ?? childEnv(),
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let timedOut = false;
    const killTree = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killTree();
    }, options.timeoutMs);
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      killTree();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (options.maxOutputBytes && outBytes > options.maxOutputBytes) killTree();
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 20_000) err += chunk.toString();
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (timedOut) reject(new ProcessTimeoutError(command));
      else if (aborted) reject(new ProcessAbortedError(command));
      else resolve({ code, stdout: Buffer.concat(out), stderr: err });
    });
    child.stdin.on('error', () => undefined); // the process may exit before reading everything
    child.stdin.end(options.input ?? Buffer.alloc(0));
  });
}
