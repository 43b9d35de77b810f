import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Ports this test process has handed out: never handed out twice. */
const handedOut = new Set<number>();

/** The lowest port freePort chooses from (below the kernel's ephemeral range). */
const CHOSEN_FROM = 20000;

function ephemeralRange(): [number, number] | null {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return low !== undefined &&
      high !== undefined &&
      Number.isInteger(low) &&
      Number.isInteger(high)
      ? [low, high]
      : null;
  } catch {
    return null;
  }
}

function listenOnce(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : null;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A free loopback port, for servers whose URL must be known before they start: chosen below the
 * kernel's ephemeral range, so no port the kernel hands out meanwhile (another listen on port 0,
 * the local end of an outgoing connection) can take it before the server binds it. The same
 * choice as the scripts' freePort (scripts/lib/proc.mjs), which the browser suites use.
 */
export async function freePort(): Promise<number> {
  const range = ephemeralRange();
  if (range && range[0] - CHOSEN_FROM >= 4096) {
    for (let tries = 0; tries < 100; tries++) {
      const port = CHOSEN_FROM + Math.floor(Math.random() * (range[0] - CHOSEN_FROM));
      if (handedOut.has(port) || (await listenOnce(port)) === null) continue;
      handedOut.add(port);
      return port;
    }
  }
  const port = await listenOnce(0);
  if (port === null) throw new Error('no free loopback port');
  return port;
}

/** A browser-like client: one cookie jar per origin, redirects followed by hand. */
export class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  /** The Cookie header this browser sends to `origin` (every cookie it holds for it). */
  cookieHeader(origin: string): string {
    const jar = this.jars.get(origin);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }

  setCookie(origin: string, name: string, value: string): void {
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    jar.set(name, value);
    this.jars.set(origin, jar);
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const { origin } = new URL(url);
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired =
        attributes.some((a) => /^\s*expires=thu, 01 jan 1970/i.test(a)) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    this.jars.set(origin, jar);
    return response;
  }

  /** Follows redirects until one points at a URL starting with `stopAt` (not requested). */
  async follow(
    url: string,
    stopAt: string,
    init: RequestInit = {},
  ): Promise<{ response: Response; url: string }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; hops < 20; hops++) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) break;
      current = new URL(location, current).toString();
      if (current.startsWith(stopAt)) return { response, url: current };
      response = await this.request(current);
    }
    return { response, url: current };
  }
}
