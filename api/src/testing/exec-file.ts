import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Runs a program to make a test's file (Ghostscript, heif-enc), awaited: the API under test shares
 * the test's event loop, and execFileSync froze it, its database heartbeat included, while the
 * child ran. Rejects when the program fails.
 */
export const execFileAsync = promisify(execFile);
