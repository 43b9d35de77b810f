import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import semver from 'semver';

// The Dockerfile must build what the tests test: the Debian packages `npm start` installs (one
// list, scripts/debian-packages.txt), every workspace, and the oldest Node version we support.
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

  it('runs the oldest Node version the root package.json declares', () => {
    const { engines } = JSON.parse(read('package.json')) as { engines: { node: string } };
    const oldest = semver.minVersion(engines.node)?.major;
    const images = [...dockerfile.matchAll(/^FROM node:(\d+)\S* /gm)].map((m) => Number(m[1]));
    expect(images.length).toBeGreaterThan(0);
    for (const major of images) expect(major).toBe(oldest);
  });
});
