// The module runs in the landing's browser bundle and in an extension's content script: bundled
// as a browser would get it, it must run where nothing of Node exists.
import { buildSync } from 'esbuild';
import path from 'node:path';
import vm from 'node:vm';

const bundle = buildSync({
  entryPoints: [path.join(__dirname, '..', 'src', 'index.ts')],
  bundle: true,
  platform: 'browser',
  format: 'iife',
  globalName: 'sentimentClassifier',
  write: false,
  logLevel: 'silent',
});
const code = bundle.outputFiles[0]?.text ?? '';

type Exported = { classify: (text: string) => { label: string } };

describe('browser safety', () => {
  it('runs in a context with no Node globals (process, require, Buffer, module)', () => {
    // What a page or a content script has that the model might touch; nothing of Node.
    const context = vm.createContext({ console, atob, btoa, TextDecoder, TextEncoder });
    vm.runInContext(
      `${code}\nthis.result = sentimentClassifier.classify('Amazing video!');`,
      context,
    );
    const exported = vm.runInContext('sentimentClassifier', context) as Exported;
    expect((context as { result: { label: string } }).result.label).toBe('positive');
    expect(exported.classify('The worst video ever').label).toBe('negative');
    for (const name of ['process', 'require', 'Buffer', 'module', 'global']) {
      expect(vm.runInContext(`typeof ${name}`, context)).toBe('undefined');
    }
  });

  it('imports no Node built-in modules', () => {
    expect(code).not.toMatch(/require\(["'](node:)?(fs|path|os|crypto|child_process|vm)["']\)/);
  });
});
