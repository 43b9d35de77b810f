import { existsSync } from 'node:fs';
import path from 'node:path';
import { childEnv } from './child-env.js';

/** What a converter or OCR child may use: address space and CPU time, enforced by the kernel. */
export type ResourceLimits = { memoryBytes: number; cpuSeconds: number };

let prlimitPath: string | null | undefined;
/** util-linux `prlimit`, or null where it is missing (then children run without these limits). */
export function findPrlimit(): string | null {
  if (prlimitPath !== undefined) return prlimitPath;
  const dirs = (childEnv().PATH ?? '/usr/bin:/bin').split(path.delimiter);
  prlimitPath =
    [...dirs, '/usr/bin', '/bin'].map((d) => path.join(d, 'prlimit')).find((p) => existsSync(p)) ??
    null;
  return prlimitPath;
}

/**
 * The command line that runs `command` under `limits`: `prlimit --as --cpu -- command args`.
 * The limits are set before exec and inherited by everything it starts (GraphicsMagick's
 * Ghostscript included), so a flate bomb or a looping PostScript program is stopped by the kernel
 * (allocation fails, SIGXCPU/SIGKILL) even where the wall-clock limit has not yet fired.
 */
export function limitedCommand(
  command: string,
  args: string[],
  limits: ResourceLimits | undefined,
): { command: string; args: string[] } {
  const prlimit = limits ? findPrlimit() : null;
  if (!limits || !prlimit) return { command, args };
  return {
    command: prlimit,
    args: [
      `--as=${String(Math.floor(limits.memoryBytes))}`,
      `--cpu=${String(Math.max(1, Math.ceil(limits.cpuSeconds)))}`,
      '--',
      command,
      ...args,
    ],
  };
}
