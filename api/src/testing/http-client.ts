/** The scripts' freePort (scripts/lib/proc.mjs: Node built-ins only). */
type ScriptsProc = { freePort: () => Promise<number> };
const SCRIPTS_PROC = new URL('../../../scripts/lib/proc.mjs', import.meta.url).href;

/**
 * A free loopback port, for servers whose URL must be known before they start: the one choice
 * the browser suites and the API tests' global setup make too (scripts/lib/proc.mjs), below the
 * kernel's ephemeral range.
 */
export async function freePort(): Promise<number> {
  const { freePort: choose } = (await import(SCRIPTS_PROC)) as ScriptsProc;
  return choose();
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
