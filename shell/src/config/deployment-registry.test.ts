/**
 * @jest-environment-options {"customExportConditions": ["node", "require"]}
 */
// The deployment files must wire every remote of the registry (contracts/src/remotes.ts): one
// docker-compose service per remote built from its folder and serving its port, the shell told
// where each remote lives, the API allowing each origin, and the Dockerfile installing each
// workspace. A remote added to the registry but not deployed fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES, SHELL } from 'contracts';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '..', '..', '..');
const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');

type Service = {
  build?: { context?: string; target?: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  ports?: string[];
};
// `merge` resolves the `<<: *web` keys the file uses to share a front end's build and restart.
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;
const dockerfile = read('Dockerfile');
const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;

const localUrl = (port: number): string => `http://localhost:${String(port)}`;

describe.each(REMOTES.map((r) => [r.name, r] as const))('remote %s', (_name, remote) => {
  it('is a workspace of the repository', () => {
    expect(workspaces).toContain(remote.folder);
  });

  it('has a docker-compose service building its folder as a web image on its port', () => {
    const service = services[remote.folder];
    expect(service).toBeDefined();
    expect(service?.build?.target).toBe('web');
    expect(service?.build?.args?.WORKSPACE).toBe(remote.folder);
    expect(service?.environment?.PORT).toBe(String(remote.port));
    expect(service?.ports).toContain(`${String(remote.port)}:${String(remote.port)}`);
  });

  it('is passed to the shell service under its URL variable', () => {
    expect(services.shell?.environment?.[remote.urlVar]).toBe(localUrl(remote.port));
  });

  it('is allowed by the API service as a CORS origin', () => {
    const origins = services.api?.environment?.CORS_ORIGINS?.split(',') ?? [];
    expect(origins).toContain(localUrl(remote.port));
  });

  it("has its package.json installed by the Dockerfile's dependency stage", () => {
    expect(dockerfile).toContain(`COPY ${remote.folder}/package.json ${remote.folder}/`);
  });
});

it('serves the shell on its port and allows its origin', () => {
  const shell = services[SHELL.folder];
  expect(shell?.build?.args?.WORKSPACE).toBe(SHELL.folder);
  expect(shell?.environment?.PORT).toBe(String(SHELL.port));
  expect(shell?.ports).toContain(`${String(SHELL.port)}:${String(SHELL.port)}`);
  expect(services.api?.environment?.CORS_ORIGINS?.split(',')).toEqual([
    localUrl(SHELL.port),
    ...REMOTES.map((r) => localUrl(r.port)),
  ]);
});

it('deploys no web service and no remote workspace that the registry does not know', () => {
  const known = [SHELL.folder, ...REMOTES.map((r) => r.folder)];
  const webServices = Object.entries(services)
    .filter(([, service]) => service.build?.target === 'web')
    .map(([name]) => name);
  expect(webServices.sort()).toEqual([...known].sort());
  const remoteWorkspaces = workspaces.filter((w) => w.startsWith('mfe-'));
  expect(remoteWorkspaces.sort()).toEqual(REMOTES.map((r) => r.folder).sort());
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
