import { readFileSync } from 'node:fs';
import semver from 'semver';

// Every locked package must run on every Node version the root package.json declares: a package
// whose `engines.node` leaves one out (npm's EBADENGINE warning) fails here, naming it.
const read = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8'));

type Locked = {
  version?: string;
  engines?: { node?: string } | string[];
  os?: string[];
};

/** Locked packages whose node range does not cover all of `declared` (Linux packages only). */
function excluding(declared: string, packages: Record<string, Locked>): string[] {
  return Object.entries(packages)
    .filter(([, pkg]) => !pkg.os || pkg.os.includes('linux'))
    .flatMap(([where, pkg]) => {
      const node = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
      if (!node || semver.subset(declared, node)) return [];
      return [`${where}@${pkg.version ?? '?'} (node ${node})`];
    });
}

describe('Node versions', () => {
  const { engines } = read('package.json') as { engines: { node: string } };
  const { packages } = read('package-lock.json') as { packages: Record<string, Locked> };

  it('declares a range that includes the Node this runs on', () => {
    expect(semver.validRange(engines.node)).not.toBeNull();
    expect(semver.satisfies(process.versions.node, engines.node)).toBe(true);
  });

  it('locks only packages whose engines accept every declared Node version', () => {
    expect(excluding(engines.node, packages)).toEqual([]);
  });

  it('names a package that would not run on a declared version', () => {
    const lock = { 'node_modules/new-only': { version: '2.0.0', engines: { node: '>=22' } } };
    expect(excluding('>=20.19.0', lock)).toEqual(['node_modules/new-only@2.0.0 (node >=22)']);
    expect(excluding('>=22.12.0', lock)).toEqual([]);
  });
});
