// V8's compile hint on the front ends' chunks (issue 25, shared-ui/compile-hints.mjs): the plugin
// marks each chunk up to its size limit once, and the shell's and every remote's production build
// carry it on the scripts a first visit runs (their entries and the modules they share).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES } from 'contracts';
import { COMPILE_HINT, compileHints } from '../shared-ui/compile-hints.mjs';
import { root } from './support/stack.mjs';

const chunk = (code) => ({ type: 'chunk', code });

test('the plugin marks every chunk up to its limit, once, and leaves assets and larger chunks alone', () => {
  const plugin = compileHints({ maxBytes: 100 });
  const bundle = {
    'small.js': chunk('export const a = 1;'),
    'large.js': chunk(`export const b = '${'x'.repeat(200)}';`),
    'poster.webp': { type: 'asset', source: 'RIFF' },
  };
  plugin.generateBundle.handler({}, bundle);
  plugin.generateBundle.handler({}, bundle); // a second pass adds nothing
  expect(bundle['small.js'].code).toBe(`${COMPILE_HINT}\nexport const a = 1;`);
  expect(bundle['large.js'].code.startsWith(COMPILE_HINT)).toBe(false);
  expect(bundle['poster.webp'].source).toBe('RIFF');
  expect(plugin.apply).toBe('build');
});

/** The first line of each `.js` file in `dir` whose name matches `pattern`. */
function firstLines(dir, pattern) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.js') && pattern.test(name))
    .map((name) => ({ name, first: readFileSync(path.join(dir, name), 'utf8').split('\n', 1)[0] }));
}

test.each([['shell'], ...REMOTES.map((remote) => [remote.folder])])(
  '%s: its federation entry and shared modules open with the compile hint',
  (dir) => {
    const dist = path.join(root, dir, 'dist');
    const files = [
      ...firstLines(dist, /^remoteEntry/),
      ...firstLines(path.join(dist, 'assets'), /__loadShare__|^index-|^routes-/),
    ];
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => file.first !== COMPILE_HINT)).toEqual([]);
  },
);
