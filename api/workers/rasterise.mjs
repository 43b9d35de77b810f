// Renders one PDF page to PNG on stdout with pdf2pic (GraphicsMagick + Ghostscript). It runs in
// its own process group so the API can kill it, Ghostscript included, when it runs too long.
// Usage: node rasterise.mjs FILE PAGE DENSITY WIDTH HEIGHT
import { fromPath } from 'pdf2pic';

const [file, page, density, width, height] = process.argv.slice(2);
const convert = fromPath(file, {
  density: Number(density),
  width: Number(width),
  height: Number(height),
  preserveAspectRatio: false,
  format: 'png',
});

try {
  const result = await convert(Number(page), { responseType: 'buffer' });
  if (!result.buffer || result.buffer.length === 0) throw new Error('empty page image');
  process.stdout.write(result.buffer);
} catch (error) {
  process.stderr.write(
    `rasterise failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(2);
}
