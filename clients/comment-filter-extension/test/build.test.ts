// The built extension (scripts/build.mjs) as Chrome loads it and the store receives it: the
// manifest's permissions exactly as intended (adding one fails here), every file it names
// present, the platform's URLs from the build's environment, the popup without the classifier's
// model, and the store zip (scripts/pack.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const workspace = path.join(__dirname, '..');
const API = 'https://api.filter.test';
const WEB = 'https://filter.test';

function build(outdir: string, env: Record<string, string>): string {
  return execFileSync(process.execPath, ['scripts/build.mjs', '--outdir', outdir], {
    cwd: workspace,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    stdio: 'pipe',
  });
}

type Manifest = Record<string, unknown> & {
  permissions?: string[];
  host_permissions?: string[];
  content_scripts?: { matches: string[]; js: string[]; css: string[] }[];
  background?: { service_worker: string };
  action?: { default_popup: string };
  icons?: Record<string, string>;
};

let dist: string;
let manifest: Manifest;
beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'comment-filter-extension-'));
  build(dist, { COMMENT_FILTER_API_URL: `${API}/`, COMMENT_FILTER_WEB_URL: WEB });
  manifest = JSON.parse(readFileSync(path.join(dist, 'manifest.json'), 'utf8')) as Manifest;
}, 60_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const read = (file: string): string => readFileSync(path.join(dist, file), 'utf8');

describe('the built extension', () => {
  it('is Manifest V3 asking only for storage, scripting, the watch pages and the API host', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.permissions).toEqual(['storage', 'scripting']);
    expect(manifest.host_permissions).toEqual(['https://www.youtube.com/watch*', `${API}/*`]);
    expect(manifest.content_scripts).toEqual([
      {
        matches: ['https://www.youtube.com/watch*'],
        js: ['content.js'],
        css: ['content.css'],
        run_at: 'document_idle',
      },
    ]);
    // Nothing else that widens what it may do or who may talk to it.
    expect(Object.keys(manifest).sort()).toEqual(
      [
        'action',
        'background',
        'content_scripts',
        'description',
        'host_permissions',
        'icons',
        'manifest_version',
        'minimum_chrome_version',
        'name',
        'permissions',
        'short_name',
        'version',
      ].sort(),
    );
  });

  it('holds every file the manifest names, and square PNG icons of each size', () => {
    const named = [
      ...(manifest.content_scripts ?? []).flatMap((script) => [...script.js, ...script.css]),
      manifest.background?.service_worker,
      manifest.action?.default_popup,
      'popup.js',
      'popup.css',
    ];
    for (const file of named) expect(existsSync(path.join(dist, String(file)))).toBe(true);
    for (const [size, file] of Object.entries(manifest.icons ?? {})) {
      const png = readFileSync(path.join(dist, file));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([Number(size), Number(size)]);
    }
    expect(Object.keys(manifest.icons ?? {})).toEqual(['16', '32', '48', '128']);
  });

  it("points the popup at the platform's URLs given to the build", () => {
    expect(read('popup.js')).toContain(API);
    expect(read('popup.js')).toContain(WEB);
    expect(read('popup.js')).not.toContain('localhost');
  });

  it('bundles the classifier and its model into the service worker only', () => {
    expect(statSync(path.join(dist, 'service-worker.js')).size).toBeGreaterThan(1_000_000);
    expect(statSync(path.join(dist, 'content.js')).size).toBeLessThan(50_000);
    expect(statSync(path.join(dist, 'popup.js')).size).toBeLessThan(50_000);
    expect(read('popup.js')).toContain('AFINN-165');
  });

  it('refuses a platform URL that is not an http(s) origin', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'comment-filter-extension-bad-'));
    try {
      expect(() => build(out, { COMMENT_FILTER_API_URL: 'https://api.filter.test/v1' })).toThrow(
        /COMMENT_FILTER_API_URL must be an http\(s\) origin/,
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('packs into a zip for the store with manifest.json at its root', () => {
    const zip = path.join(dist, '..', `${path.basename(dist)}.zip`);
    try {
      execFileSync(process.execPath, ['scripts/pack.mjs', '--dist', dist, '--out', zip], {
        cwd: workspace,
        stdio: 'pipe',
      });
      const listing = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
      expect(listing).toContain('manifest.json');
      expect(listing).toContain('icons/128.png');
      expect(listing.sort()).toEqual(
        execFileSync('find', ['.', '-type', 'f'], { cwd: dist, encoding: 'utf8' })
          .trim()
          .split('\n')
          .map((file) => file.replace(/^\.\//, ''))
          .sort(),
      );
      // Every entry's data checks out against its CRC.
      expect(execFileSync('unzip', ['-t', zip], { encoding: 'utf8' })).toContain('No errors');
    } finally {
      rmSync(zip, { force: true });
    }
  });
});
