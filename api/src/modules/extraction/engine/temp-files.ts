import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Every temporary file the engine writes (uploads, rendered pages, Tesseract's output, the warm
// processes' sentinel, Apertium's text) lives in one folder per engine, named after the process
// that owns it: `ocr-engine-<pid>.<start time>-XXXXXX` under os.tmpdir(). close() removes it; a
// folder whose process is gone (killed, crashed, the machine restarted) is removed when the next
// engine is created. The start time tells a reused pid (a container's API is often pid 1 on every
// start) from the owner.

export const ENGINE_TMP_PREFIX = 'ocr-engine-';

/** The process's start time in clock ticks since boot (Linux), or '0' where unknown. */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const owner = (pid: number): string => `${String(pid)}.${startTime(pid) ?? '0'}`;

/** Makes this engine's folder (mode 0700). */
export function makeEngineTempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), `${ENGINE_TMP_PREFIX}${owner(process.pid)}-`));
}

/** Removes the engine folders of processes that no longer run; answers their names. */
export function removeStaleTempDirs(tmp = os.tmpdir()): string[] {
  const removed: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(tmp);
  } catch {
    return removed;
  }
  for (const name of entries) {
    const match = new RegExp(`^${ENGINE_TMP_PREFIX}(\\d+)\\.(\\d+)-`).exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    const started = match[2];
    const live = alive(pid) && (started === '0' || startTime(pid) === started);
    if (live) continue;
    rmSync(path.join(tmp, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
