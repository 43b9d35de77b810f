// The embedded database: FerretDB v1.24 (MongoDB wire protocol) on its SQLite backend, built from
// the Go module proxy into .tools/ on first use. `go install ...@v1.24.0` alone produces a binary
// that panics at start (the module zip lacks build/version/version.txt, a generated file), so the
// module is downloaded with the Go toolchain, that one file is written, and the binary is built.

import {
  cpSync,
  chmodSync,
  existsSync,
  mkdirSync,
  rmSync,
  writeFileSync,
  readdirSync,
  statSync,
  lstatSync,
} from 'node:fs';
import path from 'node:path';
import { probe, run, waitForPort } from './proc.mjs';

export const FERRETDB_VERSION = 'v1.24.0';
const MODULE = 'github.com/FerretDB/FerretDB';

export function ferretdbBinary(root) {
  return path.join(root, '.tools', 'bin', 'ferretdb');
}

async function findGo() {
  for (const candidate of ['go', '/usr/local/go/bin/go', '/usr/lib/go/bin/go']) {
    if ((await probe(candidate, ['version'])).ok) return candidate;
  }
  throw new Error(
    'FerretDB (the embedded database) is built with Go, and no Go toolchain was found. ' +
      'Install Go 1.21+ or set MONGODB_URI to an existing MongoDB server.',
  );
}

function makeWritable(dir) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) makeWritable(full);
    else chmodSync(full, 0o644);
  }
}

/**
 * Makes `target` readable by its owner only: folders 0700, files 0600 (executables 0700),
 * recursively. Symbolic links are left alone.
 */
export function ownerOnly(target) {
  const stat = lstatSync(target, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    chmodSync(target, 0o700);
    for (const entry of readdirSync(target)) ownerOnly(path.join(target, entry));
  } else {
    chmodSync(target, stat.mode & 0o100 ? 0o700 : 0o600);
  }
}

/** Builds .tools/bin/ferretdb once; later calls return at once. */
export async function ensureFerretdb(root) {
  const binary = ferretdbBinary(root);
  if (existsSync(binary)) {
    const { ok, output } = await probe(binary, ['--version']);
    if (ok && output.includes(FERRETDB_VERSION)) return binary;
  }
  console.log(`Installing FerretDB ${FERRETDB_VERSION} (first run only; about a minute)...`);
  const go = await findGo();
  const info = JSON.parse(
    await run(go, ['mod', 'download', '-json', `${MODULE}@${FERRETDB_VERSION}`], {
      quiet: true,
      cwd: root,
      env: { ...process.env, GOFLAGS: '-mod=mod' },
    }),
  );
  const src = path.join(root, '.tools', 'ferretdb-src');
  rmSync(src, { recursive: true, force: true });
  cpSync(info.Dir, src, { recursive: true });
  makeWritable(src);
  writeFileSync(path.join(src, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
  mkdirSync(path.dirname(binary), { recursive: true });
  const build = (extra) =>
    run(go, ['build', '-trimpath', ...extra, '-o', binary, './cmd/ferretdb'], {
      cwd: src,
      quiet: true,
    });
  try {
    await build([]);
  } catch {
    // Newer Go toolchains refuse some of its dependencies' linkname uses.
    await build(['-ldflags=-checklinkname=0']);
  }
  rmSync(src, { recursive: true, force: true });
  console.log(`FerretDB installed at ${path.relative(root, binary)}`);
  return binary;
}

/** Starts FerretDB on 127.0.0.1:port with data in dataDir; returns the service and its URI. */
export async function startFerretdb(group, { binary, port, dataDir, name = 'ferretdb' }) {
  // The database files hold sessions and accounts: owner only, and FerretDB's new files too.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  ownerOnly(dataDir);
  const service = group.start(name, binary, [
    '--handler=sqlite',
    `--sqlite-url=file:${dataDir}/`,
    `--listen-addr=127.0.0.1:${port}`,
    '--debug-addr=127.0.0.1:0',
    `--state-dir=${dataDir}`,
    '--telemetry=disable',
    '--log-level=ERROR',
  ]);
  await waitForPort(port, { service, timeoutMs: 30000 });
  return { service, uri: `mongodb://127.0.0.1:${port}/ocr` };
}
