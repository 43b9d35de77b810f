import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';

// A FerretDB of a test's own, which it may stop and start again on the same port and data (the
// fault tests). Same flags as scripts/lib/ferretdb.mjs; the binary is the one jest's global setup
// built into .tools/.
const BINARY = path.resolve(process.cwd(), '.tools', 'bin', 'ferretdb');

const portOpen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export class FerretdbProcess {
  private child: ChildProcess | null = null;
  readonly dataDir = mkdtempSync(path.join(os.tmpdir(), 'ferretdb-fault-'));

  constructor(readonly port: number) {}

  uri(database: string): string {
    return `mongodb://127.0.0.1:${String(this.port)}/${database}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      BINARY,
      [
        '--handler=sqlite',
        `--sqlite-url=file:${this.dataDir}/`,
        `--listen-addr=127.0.0.1:${String(this.port)}`,
        '--debug-addr=127.0.0.1:0',
        `--state-dir=${this.dataDir}`,
        '--telemetry=disable',
        '--log-level=ERROR',
      ],
      { stdio: 'ignore' },
    );
    this.child = child;
    const deadline = Date.now() + 30_000;
    while (!(await portOpen(this.port))) {
      if (child.exitCode !== null) throw new Error(`FerretDB exited (${String(child.exitCode)})`);
      if (Date.now() > deadline) throw new Error('FerretDB did not open its port in 30 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Stops it and waits until it has exited (its port is closed). */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}
