// Debian packages the platform needs. As root they are installed; otherwise a clear message names
// them so a person can install them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { probe, run } from './proc.mjs';

/**
 * Package names of a list such as scripts/debian-packages.txt: lines starting with # are comments,
 * every other word is a package (read the way the Dockerfile's `$(grep -v '^#' FILE)` reads it).
 */
export function readPackageList(file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .flatMap((line) => line.split(/\s+/))
    .filter(Boolean);
}

// What the platform needs at run time (Tesseract and its language models, poppler, GraphicsMagick,
// Ghostscript, Apertium): the one list the Dockerfile installs too.
export const PLATFORM_PACKAGES = readPackageList(
  fileURLToPath(new URL('../debian-packages.txt', import.meta.url)),
);
// libheif-examples: heif-enc makes the HEIC photo the API tests upload.
export const TEST_PACKAGES = [
  'chromium',
  'docker-compose',
  'fonts-dejavu-core',
  'libheif-examples',
];

async function isInstalled(pkg) {
  const { ok, output } = await probe('dpkg-query', ['-W', '-f=${Status}', pkg]);
  return ok && output.includes('install ok installed');
}

export async function ensureDebianPackages(packages, purpose) {
  const missing = [];
  for (const pkg of packages) if (!(await isInstalled(pkg))) missing.push(pkg);
  if (missing.length === 0) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Missing Debian packages for ${purpose}: ${missing.join(' ')}\n` +
        `Install them with: sudo apt-get install -y ${missing.join(' ')}`,
    );
    return false;
  }
  console.log(`Installing Debian packages for ${purpose}: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    await run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
      env,
      quiet: true,
    });
  } catch {
    await run('apt-get', ['update'], { env, quiet: true });
    await run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
      env,
      quiet: true,
    });
  }
  return true;
}
