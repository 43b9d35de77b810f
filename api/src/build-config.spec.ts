import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jest } from '@jest/globals';
import ts from 'typescript';

// The production build (tsconfig.build.json) must compile no test code: no spec, and nothing from
// a `testing/` folder, whether listed by the config or pulled in by an import.
jest.setTimeout(60_000);

const API = fileURLToPath(new URL('..', import.meta.url));
const TEST_CODE = /(^|\/)testing\/|\.(e2e-)?spec\.ts$/;

/** Files under api/src that `tsc -p tsconfig.build.json` compiles, with `exclude` replaced if given. */
function compiled(exclude?: string[], oldProgram?: ts.Program): [string[], ts.Program] {
  const file = path.join(API, 'tsconfig.build.json');
  const { config } = ts.readConfigFile(file, (name) => ts.sys.readFile(name)) as {
    config: { exclude?: string[] };
  };
  if (exclude) config.exclude = exclude;
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, API, undefined, file);
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: { ...parsed.options, noEmit: true },
    oldProgram,
  });
  const src = path.join(API, 'src') + path.sep;
  const files = program
    .getSourceFiles()
    .map((sf) => path.resolve(sf.fileName))
    .filter((name) => name.startsWith(src))
    .map((name) => path.relative(src, name).split(path.sep).join('/'));
  return [files, program];
}

describe('the production build', () => {
  let program: ts.Program;

  it('compiles the API and no test code', () => {
    const [files, built] = compiled();
    program = built;
    expect(files).toContain('main.ts');
    expect(files.filter((name) => TEST_CODE.test(name))).toEqual([]);
  });

  it('would be caught compiling a testing folder', () => {
    const [files] = compiled(['src/**/*.spec.ts', 'src/**/*.e2e-spec.ts', 'src/testing'], program);
    // The old excludes: a module's testing/ folder, and what it imports, was compiled.
    expect(files.filter((name) => TEST_CODE.test(name)).length).toBeGreaterThan(0);
  });
});
