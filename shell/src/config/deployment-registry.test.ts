/**
 * @jest-environment-options {"customExportConditions": ["node", "require"]}
 */
// The deployment files must wire every remote of the registry (contracts/src/remotes.ts) and give
// every service what it needs: docker-compose.yml rendered with a `.env` of our own (its
// `${VAR}` references replaced as docker-compose does), the proxy's deploy/Caddyfile and the
// Dockerfile. One service per remote built from its folder and served by the production web
// server, reached only through the TLS proxy on its own hostname; the shell told where each
// remote lives; the API built with the OCR packages, with its secrets, Redis, MongoDB with
// credentials and the proxy trusted; the databases on an internal network only; no secret
// written in the file. A remote added to the registry but not deployed fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES, SHELL } from 'contracts';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '..', '..', '..');
const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');

type Service = {
  image?: string;
  build?: { context?: string; target?: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  networks?: string[];
  volumes?: string[];
  stop_grace_period?: string;
};
type Compose = {
  services: Record<string, Service>;
  networks?: Record<string, { internal?: boolean } | null>;
};

/** `${VAR}`, `${VAR:-default}` and `${VAR-default}` replaced from `env`, as docker-compose does. */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(
    /\$\{(\w+)(?:(:?-)([^}]*))?\}/g,
    (_: string, name: string, op: string | undefined, fallback: string | undefined): string => {
      const value = env[name];
      if (value === undefined || (op === ':-' && value === '')) return op ? (fallback ?? '') : '';
      return value;
    },
  );
}

const DOMAIN = 'example.test';
const ENV = {
  SITE_DOMAIN: DOMAIN,
  SESSION_SECRET: 'session-secret-from-env-0123456789abcdef',
  MONGO_ROOT_USERNAME: 'dbuser',
  MONGO_ROOT_PASSWORD: 'dbpassword0123',
  GOOGLE_CLIENT_ID: 'client-id-from-env',
  GOOGLE_CLIENT_SECRET: 'client-secret-from-env',
};
const composeText = read('docker-compose.yml');
// `merge` resolves the `<<: *web` keys the file uses to share a front end's build and restart.
const raw = parse(composeText, { merge: true }) as Compose;
const compose = parse(interpolate(composeText, ENV), { merge: true }) as Compose;
const services = compose.services;
const dockerfile = read('Dockerfile');
const caddyfile = read('deploy/Caddyfile');
const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;

const remoteOrigin = (folder: string): string => `https://${folder}.${DOMAIN}`;
const shellOrigin = `https://${DOMAIN}`;

/** The Caddyfile's site blocks: address → the upstream of its reverse_proxy. */
const proxyRoutes = new Map(
  [...caddyfile.matchAll(/^(\S+) \{\s*\n\s*reverse_proxy (\S+)\s*\n\s*\}/gm)].map((m) => [
    (m[1] ?? '').replace(/\{\$SITE_DOMAIN\}/g, DOMAIN),
    m[2],
  ]),
);

/** Instructions of one Dockerfile stage (`FROM ... AS name`), continuation lines joined. */
function stage(name: string): string[] {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const from = lines.findIndex((line) => new RegExp(`^FROM .* AS ${name}$`, 'i').test(line));
  const end = lines.findIndex((line, i) => i > from && /^FROM /i.test(line));
  return from < 0 ? [] : lines.slice(from, end < 0 ? undefined : end);
}

describe.each(REMOTES.map((r) => [r.name, r] as const))('remote %s', (_name, remote) => {
  const service = services[remote.folder];

  it('is a workspace of the repository', () => {
    expect(workspaces).toContain(remote.folder);
  });

  it('has a docker-compose service building its folder as a web image on its port', () => {
    expect(service).toBeDefined();
    expect(service?.build?.target).toBe('web');
    expect(service?.build?.args?.WORKSPACE).toBe(remote.folder);
    expect(service?.environment?.PORT).toBe(String(remote.port));
  });

  it('is reached only through the proxy, on its own hostname', () => {
    expect(service?.ports).toBeUndefined();
    expect(proxyRoutes.get(`${remote.folder}.${DOMAIN}`)).toBe(
      `${remote.folder}:${String(remote.port)}`,
    );
  });

  it("answers CORS to the shell's origin and trusts the proxy's X-Forwarded-Proto", () => {
    expect(service?.environment?.SHELL_URL).toBe(shellOrigin);
    expect(service?.environment?.TRUST_PROXY_HOPS).toBe('1');
  });

  it('is passed to the shell service under its URL variable', () => {
    expect(services.shell?.environment?.[remote.urlVar]).toBe(remoteOrigin(remote.folder));
  });

  it('is allowed by the API service as a CORS origin', () => {
    const origins = services.api?.environment?.CORS_ORIGINS?.split(',') ?? [];
    expect(origins).toContain(remoteOrigin(remote.folder));
  });

  it("has its package.json installed by the Dockerfile's dependency stage", () => {
    expect(dockerfile).toContain(`COPY ${remote.folder}/package.json ${remote.folder}/`);
  });
});

describe('the shell service', () => {
  const shell = services[SHELL.folder];

  it('builds the shell on its port, reached through the proxy at the site domain', () => {
    expect(shell?.build?.args?.WORKSPACE).toBe(SHELL.folder);
    expect(shell?.environment?.PORT).toBe(String(SHELL.port));
    expect(shell?.ports).toBeUndefined();
    expect(proxyRoutes.get(DOMAIN)).toBe(`${SHELL.folder}:${String(SHELL.port)}`);
    expect(shell?.environment?.TRUST_PROXY_HOPS).toBe('1');
  });

  it('tells browsers the API at its hostname, which the API allows', () => {
    expect(shell?.environment?.API_URL).toBe(`https://api.${DOMAIN}`);
    expect(services.api?.environment?.CORS_ORIGINS?.split(',')).toEqual([
      shellOrigin,
      ...REMOTES.map((r) => remoteOrigin(r.folder)),
    ]);
  });
});

describe('the API service', () => {
  const api = services.api;
  const env = api?.environment ?? {};

  it('is built from the api stage, which installs the Debian packages (OCR, PDFs, translation)', () => {
    expect(api?.build?.target).toBe('api');
    expect(stage('api')).toContain('COPY scripts/debian-packages.txt /tmp/debian-packages.txt');
  });

  it('runs in production behind the proxy, which it trusts as its one hop', () => {
    expect(env.NODE_ENV).toBe('production');
    expect(env.TRUST_PROXY_HOPS).toBe('1');
    expect(api?.ports).toBeUndefined();
    expect(proxyRoutes.get(`api.${DOMAIN}`)).toBe('api:4000');
    expect(env.API_PUBLIC_URL).toBe(`https://api.${DOMAIN}`);
    expect(env.WEB_URL).toBe(shellOrigin);
  });

  it('gets its session secret and Google client from the environment', () => {
    expect(env.SESSION_SECRET).toBe(ENV.SESSION_SECRET);
    expect(env.GOOGLE_CLIENT_ID).toBe(ENV.GOOGLE_CLIENT_ID);
    expect(env.GOOGLE_CLIENT_SECRET).toBe(ENV.GOOGLE_CLIENT_SECRET);
  });

  it('uses Redis and MongoDB with credentials, both services of the stack', () => {
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    const uri = new URL(env.MONGODB_URI ?? '');
    expect(uri.protocol).toBe('mongodb:');
    expect(uri.hostname).toBe('mongo');
    expect(uri.username).toBe(ENV.MONGO_ROOT_USERNAME);
    expect(uri.password).toBe(ENV.MONGO_ROOT_PASSWORD);
    expect(api?.networks).toEqual(expect.arrayContaining(['data', 'web']));
  });

  it('is given time to finish running extractions when stopped (at least 4 minutes)', () => {
    const grace = /^(\d+)m$/.exec(api?.stop_grace_period ?? '');
    expect(Number(grace?.[1] ?? 0)).toBeGreaterThanOrEqual(4);
  });
});

describe('the databases', () => {
  it.each(['mongo', 'redis'])('%s is on the internal network only, publishing no port', (name) => {
    const service = services[name];
    expect(service?.ports).toBeUndefined();
    expect(service?.networks).toEqual(['data']);
    expect(compose.networks?.data?.internal).toBe(true);
  });

  it('MongoDB requires a password, from the environment', () => {
    const env = services.mongo?.environment ?? {};
    expect(env.MONGO_INITDB_ROOT_USERNAME).toBe(ENV.MONGO_ROOT_USERNAME);
    expect(env.MONGO_INITDB_ROOT_PASSWORD).toBe(ENV.MONGO_ROOT_PASSWORD);
  });
});

describe('the TLS proxy', () => {
  const proxy = services.proxy;

  it('is the official Caddy image with the Caddyfile of the repository', () => {
    expect(proxy?.image).toMatch(/^caddy:2(\.|$)/);
    expect(proxy?.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(proxy?.environment?.SITE_DOMAIN).toBe(DOMAIN);
  });

  it('is the only service published on the host', () => {
    const published = Object.entries(services)
      .filter(([, service]) => service.ports)
      .map(([name]) => name);
    expect(published).toEqual(['proxy']);
    expect(proxy?.ports).toEqual(expect.arrayContaining(['443:443', '80:80']));
  });

  it('routes exactly the shell, the API and every remote', () => {
    expect([...proxyRoutes.values()].sort()).toEqual(
      [
        `${SHELL.folder}:${String(SHELL.port)}`,
        'api:4000',
        ...REMOTES.map((r) => `${r.folder}:${String(r.port)}`),
      ].sort(),
    );
  });
});

it('writes no secret in the compose file: each one is a variable from .env', () => {
  for (const [name, service] of Object.entries(raw.services)) {
    for (const [key, value] of Object.entries(service.environment ?? {})) {
      if (/SECRET|PASSWORD|API_KEY|TOKEN/.test(key)) {
        expect(`${name}.${key}=${value}`).toMatch(/=\$\{\w+(:?-)?\}$/);
      }
    }
    const uri = service.environment?.MONGODB_URI;
    if (uri) expect(uri).toMatch(/^mongodb:\/\/\$\{\w+[^}]*\}:\$\{\w+\}@/);
  }
});

it('serves every front end with the production web server, not a dev or preview server', () => {
  const web = stage('web');
  const cmd = web.find((line) => line.startsWith('CMD')) ?? '';
  expect(cmd).toContain('scripts/web-server.mjs');
  expect(web.join('\n')).not.toMatch(/vite/);
  expect(web.join('\n')).toMatch(/WEB_HOST=0\.0\.0\.0/);
});

it('deploys no web service and no remote workspace that the registry does not know', () => {
  const known = [SHELL.folder, ...REMOTES.map((r) => r.folder)];
  const webServices = Object.entries(services)
    .filter(([, service]) => service.build?.target === 'web')
    .map(([name]) => name);
  expect(webServices.sort()).toEqual([...known].sort());
  for (const name of webServices) expect(services[name]?.networks).toEqual(['web']);
  const remoteWorkspaces = workspaces.filter((w) => w.startsWith('mfe-'));
  expect(remoteWorkspaces.sort()).toEqual(REMOTES.map((r) => r.folder).sort());
});

it('deploys no client of clients/*: they run elsewhere (the Sheets add-on on Apps Script)', () => {
  const clients = workspaces.filter((w) => w.startsWith('clients/'));
  expect(clients).toContain('clients/sheets-apps-script');
  for (const client of clients) {
    const name = client.split('/').pop() ?? client;
    expect(REMOTES.map((r) => r.folder)).not.toContain(client);
    expect(services[name]).toBeUndefined();
    expect(Object.values(services).filter((s) => s.build?.args?.WORKSPACE === client)).toEqual([]);
    expect(caddyfile).not.toContain(name);
  }
});

it("installs every workspace's package.json in the Dockerfile", () => {
  for (const workspace of workspaces) {
    expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  }
});

it('gives every remote its own name, folder, port and variables', () => {
  for (const key of ['name', 'folder', 'port', 'portVar', 'urlVar'] as const) {
    const values = [SHELL[key as keyof typeof SHELL], ...REMOTES.map((r) => r[key])];
    expect(new Set(values).size).toBe(values.length);
  }
});

it('reads the variables the way docker-compose does', () => {
  expect(interpolate('a ${X:-d} ${Y} ${Z:-}', { X: '' })).toBe('a d  ');
  expect(interpolate('${X:-d}', { X: 'x' })).toBe('x');
});
