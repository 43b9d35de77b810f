import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { closeSync, openSync, statfsSync, writeSync } from 'node:fs';
import path from 'node:path';

// A process with a small tmpfs of its own mounted over a folder, so a test can fill that disk for
// real (ENOSPC from the kernel, not a mock) without touching the machine's. The mount lives in the
// process's own mount namespace: nothing is mounted where the test runs, and it disappears with
// the process. Root (CAP_SYS_ADMIN, as in CI's container) makes the namespace directly; anyone
// else through a user namespace. When neither works the test fails, saying why: it never passes
// without having filled a disk.

const TMPFS_MAGIC = 0x01021994;

/** How a process can be given its own mount namespace here, in the order tried. */
const WAYS: readonly (readonly string[])[] = [
  ['unshare', '--mount'],
  ['unshare', '--user', '--map-root-user', '--mount'],
];

/** The first way that can mount a tmpfs over `dir` here; throws with every failure otherwise. */
function launcher(dir: string): readonly string[] {
  const failures: string[] = [];
  for (const way of WAYS) {
    const [command = '', ...args] = way;
    const probe = spawnSync(
      command,
      [...args, 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$0"', dir],
      { encoding: 'utf8' },
    );
    if (probe.status === 0) return way;
    failures.push(`${way.join(' ')}: ${probe.error?.message ?? probe.stderr.trim()}`);
  }
  throw new Error(
    `No way to give a process its own tmpfs on this machine, so a full disk cannot be tested:\n${failures.join('\n')}`,
  );
}

export type TmpfsProcess = {
  child: ChildProcess;
  /** The tmpfs as the test sees it: /proc/<pid>/root/<dir>. */
  view: string;
};

/**
 * Runs `command args` with a tmpfs of `sizeBytes` mounted over `dir` (an existing, empty folder)
 * in its own mount namespace. The child's pid is the command's own (unshare and sh exec it).
 */
export function spawnWithTmpfs(
  dir: string,
  sizeBytes: number,
  command: string,
  args: readonly string[],
  options: SpawnOptions,
): TmpfsProcess {
  const [unshare = '', ...unshareArgs] = launcher(dir);
  const child = spawn(
    unshare,
    [
      ...unshareArgs,
      'sh',
      '-c',
      `mount -t tmpfs -o size=${String(sizeBytes)},mode=1777 tmpfs "$0" && exec "$@"`,
      dir,
      command,
      ...args,
    ],
    options,
  );
  if (child.pid === undefined) throw new Error(`${unshare} did not start`);
  return { child, view: path.join(`/proc/${String(child.pid)}/root`, dir) };
}

/**
 * Checks that `view` is a tmpfs of at most `maxBytes` before anything is written to fill it: a
 * path that resolved to the machine's own disk must never be filled.
 */
export function assertSmallTmpfs(view: string, maxBytes: number): void {
  const fs = statfsSync(view);
  const size = fs.blocks * fs.bsize;
  if (fs.type !== TMPFS_MAGIC || size > maxBytes) {
    throw new Error(
      `${view} is not the small tmpfs expected (type 0x${fs.type.toString(16)}, ${String(size)} bytes)`,
    );
  }
}

/** Writes `file` in the tmpfs at `view` until the disk is full; answers the bytes written. */
export function fillUp(view: string, maxBytes: number, file = 'filler'): number {
  assertSmallTmpfs(view, maxBytes);
  const fd = openSync(path.join(view, file), 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  let written = 0;
  try {
    for (;;) {
      try {
        written += writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
        throw error;
      }
      if (written > maxBytes) throw new Error(`${view} took more than ${String(maxBytes)} bytes`);
    }
  } finally {
    closeSync(fd);
  }
  if (statfsSync(view).bavail !== 0)
    throw new Error(`${view} is not full after ${String(written)}`);
  return written;
}
