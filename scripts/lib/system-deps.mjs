// Debian packages the platform needs. As root they are installed; otherwise a clear message names
// them so a person can install them.
import { probe, run } from './proc.mjs';

// Tesseract with the models of the most used languages (original-language OCR of any script),
// poppler (PDF page count and text layer), GraphicsMagick and Ghostscript (pdf2pic), and Apertium
// with its English, Spanish, Catalan, French, Portuguese, Russian and Ukrainian pairs (local
// translation).
export const PLATFORM_PACKAGES = [
  'tesseract-ocr',
  ...['fra', 'deu', 'spa', 'ita', 'por', 'nld', 'swe', 'pol', 'ces', 'tur', 'vie', 'ind']
    .concat(['rus', 'ukr', 'ell', 'ara', 'heb', 'hin', 'ben', 'tha', 'jpn', 'kor'])
    .concat(['chi-sim', 'chi-tra'])
    .map((lang) => `tesseract-ocr-${lang}`),
  'poppler-utils',
  'graphicsmagick',
  'ghostscript',
  'apertium',
  'apertium-eng-spa',
  'apertium-eng-cat',
  'apertium-fr-es',
  'apertium-es-pt',
  'apertium-rus-ukr',
];
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
