import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import ts from 'typescript';

// The Dockerfile must build what the tests test: the Debian packages `npm start` installs (one
// list, scripts/debian-packages.txt), every workspace, and the oldest Node version we support;
// and its api image must carry nothing that only development runs (security plan item 44). No
// image is built: the stages are read as text.
const ROOT = new URL('../../', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, ROOT), 'utf8');

/** Instructions of one stage (`FROM ... AS name`), continuation lines joined, comments dropped. */
function stage(dockerfile: string, name: string): string[] {
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const from = instructions.findIndex((line) => new RegExp(`^FROM .* AS ${name}$`, 'i').test(line));
  if (from < 0) throw new Error(`no stage ${name}`);
  const end = instructions.findIndex((line, i) => i > from && /^FROM /i.test(line));
  return instructions.slice(from, end < 0 ? undefined : end);
}

/** The stage and those it is built FROM, nearest first, as one list of instructions. */
function lineage(dockerfile: string, name: string): string[] {
  const instructions = stage(dockerfile, name);
  const parent = /^FROM (\S+) AS /i.exec(instructions[0] ?? '')?.[1] ?? '';
  const isStage = new RegExp(`^FROM .* AS ${parent}$`, 'im').test(dockerfile);
  return isStage ? [...instructions, ...lineage(dockerfile, parent)] : instructions;
}

/** `covered` is `source` or lies under it (paths relative to the repository / WORKDIR /app). */
const covers = (source: string, covered: string): boolean =>
  source === '.' || covered === source || covered.startsWith(`${source}/`);

/** A stage's COPY instructions: the stage copied from (null: the build context) and the sources. */
function copies(instructions: string[]): { from: string | null; sources: string[] }[] {
  return instructions
    .filter((line) => /^COPY /i.test(line))
    .map((line) => {
      const words = line.split(/\s+/).slice(1);
      const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length) ?? null;
      const paths = words.filter((w) => !w.startsWith('--')).slice(0, -1);
      // A stage's paths are absolute; the app lives in WORKDIR /app, as in the repository.
      const relative = (p: string): string =>
        from
          ? path.posix.relative('/app', path.posix.resolve('/', p)) || '.'
          : path.posix.normalize(p);
      return { from, sources: paths.map(relative) };
    });
}

/** RUN commands of a lineage, with its ARG defaults (`ARG WORKSPACE=api`) put in. */
function runCommands(instructions: string[]): string[] {
  const args = new Map(
    instructions
      .map((line) => /^ARG (\w+)=(\S+)$/i.exec(line))
      .filter((m) => m !== null)
      .map((m): [string, string] => [m[1] ?? '', m[2] ?? '']),
  );
  return instructions
    .filter((line) => /^RUN /i.test(line))
    .map((line) => line.replace(/\$\{(\w+)\}/g, (whole, name: string) => args.get(name) ?? whole));
}

const DEV_ONLY = ['api/src/dev-payments', 'api/src/dev-idp'];
const API = fileURLToPath(new URL('../', import.meta.url));
const apiScripts = (JSON.parse(read('api/package.json')) as { scripts: Record<string, string> })
  .scripts;

/**
 * What an API tsconfig compiles from dev-payments/ or dev-idp/: files its include/exclude leave in,
 * or that a compiled file imports. Refuses a config that does not compile the API (main.ts).
 */
function devFilesCompiled(config: string): string[] {
  const file = path.join(API, config);
  const { config: json } = ts.readConfigFile(file, (name) => ts.sys.readFile(name)) as {
    config: unknown;
  };
  const { fileNames } = ts.parseJsonConfigFileContent(json, ts.sys, API, undefined, file);
  const files = fileNames.map((name) => path.relative(path.join(API, 'src'), name));
  if (!files.includes('main.ts')) throw new Error(`api/${config} does not compile main.ts`);
  const dev = /^dev-(payments|idp)\//;
  const importsDev = /from '[^']*\/dev-(payments|idp)\//;
  return files.filter(
    (name) => dev.test(name) || importsDev.test(readFileSync(path.join(API, 'src', name), 'utf8')),
  );
}

/**
 * Why the api stage would carry development-only code or packages: a source that takes in
 * api/src/dev-payments or api/src/dev-idp, node_modules installed without --omit=dev, or an
 * api/dist built by a tsconfig that compiles them.
 */
function apiImageProblems(dockerfile: string): string[] {
  const problems: string[] = [];
  for (const { from, sources } of copies(stage(dockerfile, 'api'))) {
    const built = from ? lineage(dockerfile, from) : [];
    const context = from
      ? copies(built)
          .filter((c) => !c.from)
          .flatMap((c) => c.sources)
      : [];
    for (const source of sources) {
      const what = from
        ? `COPY --from=${from} ${path.posix.join('/app', source)}`
        : `COPY ${source}`;
      for (const dir of DEV_ONLY) {
        const carried = from
          ? covers(source, dir) && context.some((c) => covers(c, dir))
          : covers(source, dir);
        if (carried) problems.push(`${what} carries ${dir}`);
      }
      if (!from) continue;
      const commands = runCommands(built);
      if (covers(source, 'node_modules')) {
        for (const install of commands.filter((c) => /\bnpm (ci|install)\b/.test(c))) {
          if (!/--omit=dev\b/.test(install))
            problems.push(`${what} has dev dependencies: ${install}`);
        }
      }
      // Only a stage given the API's sources can have built an api/dist.
      if (covers(source, 'api/dist') && context.some((c) => covers(c, 'api/src'))) {
        const configs = commands
          .flatMap((c) => [...c.matchAll(/npm run (\S+) (?:-w|--workspace)[= ]api\b/g)])
          .flatMap((m) => [...(apiScripts[m[1] ?? ''] ?? '').matchAll(/tsc -p (\S+)/g)])
          .map((m) => m[1] ?? '')
          .filter((config) => !config.startsWith('../'));
        if (configs.length === 0) problems.push(`${what}: no API build found`);
        for (const config of configs) {
          const dev = devFilesCompiled(config);
          if (dev.length > 0)
            problems.push(`${what} is built by api/${config}, which compiles ${dev.join(', ')}`);
        }
      }
    }
  }
  return problems;
}

/** The packages a stage's `apt-get install` names, a `$(grep -v '^#' FILE)` of a COPYed list expanded. */
function installedPackages(instructions: string[], lists: Record<string, string>): string[] {
  const copied = new Map<string, string>();
  for (const line of instructions) {
    const copy = /^COPY (\S+) (\S+)$/i.exec(line);
    if (copy?.[1] && copy[2]) copied.set(copy[2], copy[1]);
  }
  const runs = instructions.filter((line) => /^RUN .*apt-get install/i.test(line));
  const [run] = runs;
  if (!run || runs.length !== 1)
    throw new Error(`expected one apt-get install, not ${runs.length}`);
  const command = /apt-get install ([^&;|]*)/.exec(run)?.[1] ?? '';
  return command
    .replace(/\$\(grep -v '\^#' (\S+)\)/g, (_, file: string) => {
      const list = lists[copied.get(file) ?? ''];
      if (list === undefined) throw new Error(`${file} is not a COPY of a known list`);
      return list;
    })
    .split(/\s+/)
    .filter((word) => word && !word.startsWith('-'));
}

/** PLATFORM_PACKAGES as scripts/lib/system-deps.mjs reads them (what `npm start` installs). */
const platformPackages = (): string[] =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import('./scripts/lib/system-deps.mjs');" +
          'console.log(JSON.stringify(m.PLATFORM_PACKAGES));',
      ],
      { cwd: ROOT, encoding: 'utf8' },
    ),
  ) as string[];

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const listFile = 'scripts/debian-packages.txt';
  const list = read(listFile)
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join(' ');

  it('installs in the api image exactly the Debian packages npm start installs', () => {
    const packages = installedPackages(stage(dockerfile, 'api'), { [listFile]: list });
    expect(packages).toContain('tesseract-ocr');
    expect([...packages].sort()).toEqual([...platformPackages()].sort());
  });

  it('would notice an image that installs only some of them', () => {
    const partial = ['FROM node:20-bookworm-slim AS api', 'RUN apt-get install -y tesseract-ocr'];
    expect(installedPackages(partial, {})).toEqual(['tesseract-ocr']);
    expect(platformPackages()).not.toEqual(['tesseract-ocr']);
  });

  it('installs every workspace', () => {
    const { workspaces } = JSON.parse(read('package.json')) as { workspaces: string[] };
    const deps = stage(dockerfile, 'deps');
    for (const ws of workspaces) expect(deps).toContain(`COPY ${ws}/package.json ${ws}/`);
  });

  it('carries in the api image neither dev-payments/, dev-idp/ nor dev dependencies', () => {
    expect(apiImageProblems(dockerfile)).toEqual([]);
  });

  it('would notice an api image copied whole from the build (the Dockerfile before item 44)', () => {
    const whole = [
      'FROM node:20-bookworm-slim AS deps',
      'RUN npm ci --no-audit --no-fund',
      'FROM deps AS build',
      'ARG WORKSPACE=api',
      'COPY . .',
      'RUN npm run build -w contracts && npm run build -w ${WORKSPACE}',
      'FROM node:20-bookworm-slim AS api',
      'COPY --from=build /app /app',
    ].join('\n');
    const problems = apiImageProblems(whole);
    expect(problems.slice(0, 3)).toEqual([
      'COPY --from=build /app carries api/src/dev-payments',
      'COPY --from=build /app carries api/src/dev-idp',
      'COPY --from=build /app has dev dependencies: RUN npm ci --no-audit --no-fund',
    ]);
    // The development build keeps the sandboxes `npm start` and the browser tests run from it.
    expect(problems[3]).toMatch(
      /^COPY --from=build \/app is built by api\/tsconfig\.build\.json, which compiles .*dev-idp\/main\.ts.*dev-payments\/main\.ts/,
    );
  });

  it('runs the oldest Node version the root package.json declares', () => {
    const { engines } = JSON.parse(read('package.json')) as { engines: { node: string } };
    const oldest = semver.minVersion(engines.node)?.major;
    const images = [...dockerfile.matchAll(/^FROM node:(\d+)\S* /gm)].map((m) => Number(m[1]));
    expect(images.length).toBeGreaterThan(0);
    for (const major of images) expect(major).toBe(oldest);
  });
});
