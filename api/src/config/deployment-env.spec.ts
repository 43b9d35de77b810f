import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { CONFIG_VARIABLES } from './app-config.js';

// docker-compose.yml passes every variable the API and the web servers read, .env.example lists
// every one it takes from `.env` (security plan item 44), and the README documents each: a
// variable added to the config schema, or read by a web server, and not deployed fails here, by
// name.
const ROOT = new URL('../../../', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, ROOT), 'utf8');

/** Read by the code, deliberately not passed by the stack: production refuses each of them. */
const NOT_DEPLOYED: Record<string, string> = {
  DEV_IDP_URL: 'the local sign-in provider',
  GEOIP_COUNTRY_OVERRIDE: 'local testing of prices by country',
  LEMONSQUEEZY_TEST_MODE: "the overlay's test mode",
  FORCE_HSTS: 'HSTS without a proxy: Caddy says TLS in X-Forwarded-Proto (TRUST_PROXY_HOPS=1)',
};

type Service = { build?: { target?: string }; environment?: Record<string, string> };
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
};

/** What a Dockerfile stage sets itself with ENV (API_PORT, WEB_HOST, ...). */
function stageEnv(target: string): string[] {
  const lines = read('Dockerfile').replace(/\\\n/g, ' ').split('\n');
  const from = lines.findIndex((line) => new RegExp(`^FROM .* AS ${target}$`, 'i').test(line));
  const end = lines.findIndex((line, i) => i > from && /^FROM /i.test(line));
  return lines
    .slice(from, end < 0 ? undefined : end)
    .filter((line) => /^ENV /i.test(line))
    .flatMap((line) => [...line.matchAll(/(\w+)=/g)].map((m) => m[1] ?? ''));
}

/**
 * The variables the production web server reads for a shell or a remote, recorded by running it
 * on an environment that notes every name asked for (once unset, once set, to take both sides of
 * each `||`), and those its command line (scripts/web-server.mjs) reads.
 */
function webServerVariables(kind: 'shell' | 'remote'): string[] {
  const script = `
    import { mkdtempSync, writeFileSync } from 'node:fs';
    import { tmpdir } from 'node:os';
    import path from 'node:path';
    import { createWebServer } from './scripts/lib/web-server.mjs';
    const dir = mkdtempSync(path.join(tmpdir(), 'web-env-'));
    writeFileSync(path.join(dir, 'index.html'), '<html></html>');
    const names = new Set();
    for (const value of [undefined, 'https://set.example']) {
      const env = new Proxy({}, {
        get: (_, name) => (typeof name === 'string' && names.add(name), value),
      });
      createWebServer({ dir, kind: ${JSON.stringify(kind)}, env });
    }
    console.log(JSON.stringify([...names]));`;
  const recorded = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
    }),
  ) as string[];
  const cli = [...read('scripts/web-server.mjs').matchAll(/process\.env\.(\w+)/g)].map(
    (m) => m[1] ?? '',
  );
  return [...new Set([...recorded, ...cli])];
}

/** The names `needed` that neither the service's environment nor its image's ENV sets. */
function missing(service: string, needed: readonly string[]): string[] {
  const { build, environment = {} } = compose.services[service] ?? {};
  const given = new Set([...Object.keys(environment), ...stageEnv(build?.target ?? '')]);
  return needed.filter((name) => !given.has(name) && !(name in NOT_DEPLOYED)).sort();
}

describe('the deployment passes every variable the code reads', () => {
  const shellVariables = webServerVariables('shell');
  const remoteVariables = webServerVariables('remote');

  it('docker-compose.yml gives the api service every variable of the config schema', () => {
    expect({ 'missing from the api service': missing('api', CONFIG_VARIABLES) }).toEqual({
      'missing from the api service': [],
    });
  });

  it("docker-compose.yml gives the shell service every variable the shell's server reads", () => {
    expect(shellVariables).toEqual(expect.arrayContaining(['API_URL', 'PAYPAL_CLIENT_ID', 'PORT']));
    expect({ 'missing from the shell service': missing('shell', shellVariables) }).toEqual({
      'missing from the shell service': [],
    });
  });

  it("docker-compose.yml gives each remote's service every variable a remote's server reads", () => {
    expect(remoteVariables).toEqual(expect.arrayContaining(['SHELL_URL', 'TRUST_PROXY_HOPS']));
    const remotes = Object.keys(compose.services).filter(
      (name) => name.startsWith('mfe-') && compose.services[name]?.build?.target === 'web',
    );
    expect(remotes.length).toBeGreaterThan(0);
    for (const remote of remotes) {
      expect({ [`missing from ${remote}`]: missing(remote, remoteVariables) }).toEqual({
        [`missing from ${remote}`]: [],
      });
    }
  });

  it('.env.example lists every variable docker-compose.yml takes from .env, and no other', () => {
    const fromEnv = new Set(
      [...read('docker-compose.yml').matchAll(/\$\{(\w+)[^}]*\}/g)].map((m) => m[1] ?? ''),
    );
    const listed = new Set([...read('.env.example').matchAll(/^(\w+)=/gm)].map((m) => m[1] ?? ''));
    expect({
      'missing from .env.example': [...fromEnv].filter((name) => !listed.has(name)).sort(),
      'in .env.example, unused by docker-compose.yml': [...listed]
        .filter((name) => !fromEnv.has(name))
        .sort(),
    }).toEqual({
      'missing from .env.example': [],
      'in .env.example, unused by docker-compose.yml': [],
    });
  });

  it("has a row in the README's configuration table for every variable", () => {
    const documented = new Set(
      read('README.md')
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1])),
    );
    const variables = [...new Set([...CONFIG_VARIABLES, ...shellVariables, ...remoteVariables])];
    expect({
      'missing from the README': variables.filter((name) => !documented.has(name)).sort(),
    }).toEqual({ 'missing from the README': [] });
  });

  it('leaves out only variables the code reads, and passes none of them', () => {
    const read = new Set([...CONFIG_VARIABLES, ...shellVariables, ...remoteVariables]);
    for (const name of Object.keys(NOT_DEPLOYED)) {
      expect(read.has(name) ? name : `${name} (read by nothing)`).toBe(name);
      for (const [service, { environment = {} }] of Object.entries(compose.services)) {
        expect(`${service}: ${name} ${name in environment ? 'passed' : 'not passed'}`).toBe(
          `${service}: ${name} not passed`,
        );
      }
    }
  });
});
