// Some packages the API uses ship CommonJS that requires ES-only modules: @nestjs/throttler
// requires @nestjs/common (ESM-only since Nest 12), sanitize-html requires htmlparser2 (ESM-only
// since v10). Node 20.19+ loads that (require of ESM), so the API itself runs them as published;
// Jest's module runtime cannot (it needs Node 24.9+). For the API tests, the same published files
// are bundled into ES modules, and Jest maps the package names to them. Each bundle is rebuilt
// when the installed version changes.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = path.join(root, 'node_modules', '.cache', 'jest-esm');
const requireFromApi = createRequire(path.join(root, 'api', 'package.json'));
const BUILTIN = [/^node:/, ...builtinModules.map((name) => new RegExp(`^${name}$`))];

/** Package name → the Nest packages it must import as the tests' own instances (not bundled). */
export const ESM_BUNDLES = {
  '@nestjs/throttler': ['@nestjs/common', '@nestjs/core'],
  'sanitize-html': [],
};

export const bundlePath = (name) => path.join(outDir, `${name.replace('/', '__')}.mjs`);

async function bundle(name, shared) {
  // Resolved as the API resolves it: npm may nest a package under api/node_modules.
  const pkgDir = path.dirname(requireFromApi.resolve(`${name}/package.json`));
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const stamp = `// ${name} ${pkg.version}\n`;
  const file = bundlePath(name);
  if (existsSync(file) && readFileSync(file, 'utf8').startsWith(stamp)) return;

  const { output } = await build({
    input: path.join(pkgDir, pkg.main ?? 'index.js'),
    external: [...shared, 'reflect-metadata', ...BUILTIN],
    platform: 'node',
    write: false,
    logLevel: 'silent',
    output: { format: 'esm' },
  });
  let code = output[0].code;
  const imports = shared.map((dep, i) => `import * as __shared${i} from '${dep}';`);
  shared.forEach((dep, i) => {
    code = code.replaceAll(`__require("${dep}")`, `__shared${i}`);
  });
  // The bundle ends with `export default require_x();`: name the package's exports too, as read
  // from the package itself (Node can load it; only Jest cannot).
  const names = Object.keys(createRequire(import.meta.url)(name)).filter(
    (key) => /^[A-Za-z_$][\w$]*$/.test(key) && key !== 'default',
  );
  const tail = /export default (require_\w+\(\));\s*export \{\};\s*$/;
  if (!tail.test(code)) throw new Error(`${name}: unexpected bundle ending`);
  code = code.replace(
    tail,
    `const __cjs = $1;\nexport default __cjs;\n` +
      (names.length ? `export const { ${names.join(', ')} } = __cjs;\n` : ''),
  );
  for (const dep of shared) {
    if (code.includes(`__require("${dep}")`)) throw new Error(`${name}: ${dep} left as require`);
  }
  mkdirSync(outDir, { recursive: true });
  writeFileSync(file, `${stamp}${imports.join('\n')}\n${code}`);
}

export async function buildEsmBundles() {
  for (const [name, shared] of Object.entries(ESM_BUNDLES)) await bundle(name, shared);
}
