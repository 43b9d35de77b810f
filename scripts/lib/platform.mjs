// Starts the built platform (API, every remote of the registry, the shell) the way production
// serves it: node for the API, each front end from its own production web server
// (scripts/web-server.mjs: static files, security headers, caching, compression). Used by
// `npm start` and by the browser tests.
import path from 'node:path';
import { REMOTES, SHELL } from 'contracts';
import { canConnect, waitForPort } from './proc.mjs';

/** Every remote to serve, from the one registry: its folder, default port and variables. */
export const REMOTE_SERVICES = REMOTES.map((r) => ({
  name: r.name,
  dir: r.folder,
  portVar: r.portVar,
  urlVar: r.urlVar,
  port: r.port,
}));

const portOf = (env, name, fallback) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535)
    throw new Error(`${name} must be a port number`);
  return value;
};

/** Ports and public URLs of every part, from the environment with the documented defaults. */
export function platformLayout(env = process.env) {
  const shellPort = portOf(env, SHELL.portVar, SHELL.port);
  const apiPort = portOf(env, 'API_PORT', 4000);
  const remotes = REMOTE_SERVICES.map((r) => {
    const port = portOf(env, r.portVar, r.port);
    return { ...r, port, url: env[r.urlVar] || `http://localhost:${port}` };
  });
  const shellUrl = env[SHELL.urlVar] || `http://localhost:${shellPort}`;
  const idpPort = portOf(env, 'DEV_IDP_PORT', 4100);
  return {
    shell: { port: shellPort, url: shellUrl },
    api: { port: apiPort, url: env.API_URL || `http://localhost:${apiPort}` },
    // The embedded sign-in provider runs only when no Google client is configured.
    idp: env.GOOGLE_CLIENT_ID
      ? null
      : { port: idpPort, url: env.DEV_IDP_URL || `http://localhost:${idpPort}` },
    remotes,
    corsOrigins: env.CORS_ORIGINS || [shellUrl, ...remotes.map((r) => r.url)].join(','),
  };
}

/** Refuses to start over something already listening: a clear message beats a half-started stack. */
export async function assertPortsFree(layout) {
  const taken = [];
  for (const { port } of [
    layout.shell,
    layout.api,
    ...layout.remotes,
    ...(layout.idp ? [layout.idp] : []),
  ]) {
    if (await canConnect('127.0.0.1', port)) taken.push(port);
  }
  if (taken.length > 0) {
    throw new Error(
      `Port(s) ${taken.join(', ')} already in use. Stop what runs there, or choose other ports ` +
        '(SHELL_PORT, API_PORT, MFE_*_PORT; see the README).',
    );
  }
}

export function startApi(group, { root, layout, mongoUri, sessionSecret, env = process.env }) {
  return group.start('api', process.execPath, [path.join(root, 'api', 'dist', 'main.js')], {
    cwd: path.join(root, 'api'),
    env: {
      ...env,
      MONGODB_URI: mongoUri,
      API_PORT: String(layout.api.port),
      API_PUBLIC_URL: layout.api.url,
      WEB_URL: layout.shell.url,
      CORS_ORIGINS: layout.corsOrigins,
      SESSION_SECRET: sessionSecret,
      ...(layout.idp ? { DEV_IDP_URL: layout.idp.url } : {}),
    },
  });
}

export function startIdp(group, { root, layout, accountsFile, env = process.env }) {
  return group.start(
    'sign-in',
    process.execPath,
    [path.join(root, 'api', 'dist', 'dev-idp', 'main.js')],
    {
      cwd: root,
      env: {
        ...env,
        DEV_IDP_URL: layout.idp.url,
        API_PUBLIC_URL: layout.api.url,
        DEV_IDP_ACCOUNTS_FILE: accountsFile,
      },
    },
  );
}

/** A remote's web server; its CORS answers the shell's origin only. */
export function startRemote(group, { root, layout, remote, env = process.env }) {
  return startWeb(group, root, remote.dir, {
    ...env,
    PORT: String(remote.port),
    SHELL_URL: layout.shell.url,
  });
}

/** The shell's web server; /runtime-config.json and its CSP come from these variables. */
export function startShell(group, { root, layout, env = process.env }) {
  const remoteUrls = Object.fromEntries(layout.remotes.map((r) => [r.urlVar, r.url]));
  return startWeb(group, root, SHELL.folder, {
    ...env,
    ...remoteUrls,
    PORT: String(layout.shell.port),
    API_URL: layout.api.url,
  });
}

const startWeb = (group, root, workspace, env) =>
  group.start(
    workspace,
    process.execPath,
    [path.join(root, 'scripts', 'web-server.mjs'), workspace],
    { cwd: root, env },
  );

/**
 * Starts the sign-in provider (when used), API, remotes and shell; waits until each listens.
 * `apiEnv`: variables for the API alone, over `env` (a browser test's TRUST_PROXY_HOPS).
 */
export async function startPlatform(
  group,
  { root, layout, mongoUri, sessionSecret, idpAccountsFile, env = process.env, apiEnv = {} },
) {
  const idp = layout.idp
    ? startIdp(group, { root, layout, accountsFile: idpAccountsFile, env })
    : null;
  const api = startApi(group, {
    root,
    layout,
    mongoUri,
    sessionSecret,
    env: { ...env, ...apiEnv },
  });
  const remotes = layout.remotes.map((remote) => ({
    remote,
    service: startRemote(group, { root, layout, remote, env }),
  }));
  const shell = startShell(group, { root, layout, env });
  await Promise.all([
    ...(idp ? [waitForPort(layout.idp.port, { service: idp })] : []),
    waitForPort(layout.api.port, { service: api }),
    waitForPort(layout.shell.port, { service: shell }),
    ...remotes.map(({ remote, service }) => waitForPort(remote.port, { service })),
  ]);
  return { api, shell, remotes };
}
