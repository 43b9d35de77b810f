// Child-process helpers for the start, test and e2e scripts. Node built-ins only: these run
// before `npm install` on a fresh clone.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';

/** Runs a command to completion, streaming its output; rejects with a message on failure. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: options.quiet ? 'pipe' : 'inherit', ...options });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('error', (error) => reject(new Error(`${cmd}: ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(output);
      else {
        const error = new Error(`${cmd} ${args.join(' ')} exited with ${signal ?? code}`);
        error.output = output;
        error.code = code;
        reject(error);
      }
    });
  });
}

/** Exit status of a command, never throwing (for "is it there?" probes). */
export function probe(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', () => resolve({ ok: false, output: '' }));
    child.on('exit', (code) => resolve({ ok: code === 0, output }));
  });
}

/** Long-running services, each with prefixed output; stopAll() ends every process group. */
export class ServiceGroup {
  constructor({ quiet = false } = {}) {
    this.services = [];
    this.quiet = quiet;
    this.stopping = false;
  }

  start(name, cmd, args, options = {}) {
    const child = spawn(cmd, args, {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    });
    const service = { name, child, log: '' };
    const onData = (chunk) => {
      const text = chunk.toString();
      service.log = (service.log + text).slice(-20000);
      if (!this.quiet) {
        for (const line of text.split('\n'))
          if (line.trim()) process.stdout.write(`[${name}] ${line}\n`);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    service.exited = new Promise((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    void service.exited.then(({ code, signal }) => {
      if (!this.stopping && !service.expectedStop) {
        // Quiet services' output is kept: show why it ended.
        const tail = this.quiet ? `; its last output:\n${service.log.slice(-4000)}` : '';
        process.stderr.write(`[${name}] exited unexpectedly (${signal ?? code})${tail}\n`);
      }
    });
    this.services.push(service);
    return service;
  }

  async stop(service) {
    service.expectedStop = true;
    killGroup(service.child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(service.child, 'SIGKILL'), 8000);
    await service.exited;
    clearTimeout(timer);
    this.services = this.services.filter((s) => s !== service);
  }

  async stopAll() {
    this.stopping = true;
    await Promise.all([...this.services].reverse().map((s) => this.stop(s)));
  }
}

function killGroup(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Resolves once something accepts TCP connections on host:port. */
export async function waitForPort(port, { host = '127.0.0.1', timeoutMs = 60000, service } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service && service.child.exitCode !== null) {
      throw new Error(
        `${service.name} exited before listening on ${port}:\n${service.log.slice(-3000)}`,
      );
    }
    if (await canConnect(host, port)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Nothing listened on ${host}:${port} within ${timeoutMs} ms`);
}

export function canConnect(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Ports this process has handed out: never handed out twice. */
const handedOut = new Set();

/** The kernel's ephemeral port range ([low, high]), or null where it cannot be read. */
function ephemeralRange() {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return Number.isInteger(low) && Number.isInteger(high) ? [low, high] : null;
  } catch {
    return null;
  }
}

function bindsOnLoopback(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function kernelPort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The lowest port freePort chooses from (below the kernel's ephemeral range). */
const CHOSEN_FROM = 20000;

/**
 * A free TCP port on the loopback interface, for a server whose URL must be known before it
 * starts. Chosen below the kernel's ephemeral range: a port the kernel picked itself (listen on
 * port 0, or the local end of any outgoing connection, such as a browser's or a database
 * client's) could be taken again by the kernel between this choice and the server's bind, which
 * failed a browser suite's start with EADDRINUSE; the kernel never hands out ports below that
 * range. Outside Linux, or with an unusual range, the kernel's own choice.
 */
export async function freePort() {
  const range = ephemeralRange();
  if (!range || range[0] - CHOSEN_FROM < 4096) return kernelPort();
  for (let tries = 0; tries < 100; tries++) {
    const port = CHOSEN_FROM + Math.floor(Math.random() * (range[0] - CHOSEN_FROM));
    if (handedOut.has(port)) continue;
    if (await bindsOnLoopback(port)) {
      handedOut.add(port);
      return port;
    }
  }
  return kernelPort();
}
