import { readFileSync } from 'node:fs';
import { jest } from '@jest/globals';
import { distance } from 'fastest-levenshtein';
import sharp from 'sharp';
import { fixture } from '../../../testing/fixtures.js';
import { ExtractionEngine } from './engine.js';

// Hard pages through the engine's front door with real Tesseract: each is made here from a known
// paragraph (rendered, then made small, turned, askew or shaded as a camera or scanner would), and
// must come back close to that paragraph, with the step that repaired it recorded as kept.

jest.setTimeout(120_000);

const PROSE =
  'The Free Software Foundation may publish revised and new versions of the General Public ' +
  'License from time to time. Such new versions will be similar in spirit to the present ' +
  'version, but may differ in detail to address new problems or concerns. Each version is ' +
  'given a distinguishing version number. If the Program specifies that a certain numbered ' +
  'version of the License applies to it, you have the option of following the terms and ' +
  'conditions either of that numbered version or of any later version published by the Free ' +
  'Software Foundation.';

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();
const cer = (text: string) => distance(fold(text), fold(PROSE)) / fold(PROSE).length;

/** PROSE in black on white, `pt` points at `dpi`, in a column 6.5 inches wide. */
async function page(pt: number, dpi: number): Promise<Buffer> {
  const mask = await sharp({
    text: {
      text: `<span font="DejaVu Serif ${String(pt)}">${PROSE}</span>`,
      dpi,
      width: Math.round(6.5 * dpi),
      wrap: 'word',
    },
  })
    .png()
    .toBuffer();
  const margin = Math.round(0.6 * dpi);
  return sharp(await sharp(mask).extractChannel(0).negate().toBuffer())
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#ffffff' })
    .png()
    .toBuffer();
}

describe('hard pages', () => {
  const engine = new ExtractionEngine({ tesseractPath: 'tesseract' });
  afterAll(() => engine.close());

  const read = async (bytes: Buffer) => {
    const result = await engine.extract({ bytes });
    return { cer: cer(result.text), kept: result.steps.filter((s) => s.kept).map((s) => s.step) };
  };

  it('enlarges small print (6.5 pt at 95 dpi, a little blurred, JPEG)', async () => {
    const image = await sharp(await page(6.5, 95))
      .blur(0.5)
      .jpeg({ quality: 75 })
      .toBuffer();
    const { cer: error, kept } = await read(image);
    expect(kept).toEqual([expect.stringMatching(/^enlarge ×/)]);
    expect(error).toBeLessThan(0.03);
  });

  it('turns a page of small print turned 270° with no EXIF tag, OSD unsure of it', async () => {
    // PROSE, 7 pt at 110 dpi, turned 270° (test-fixtures/README.md). OSD guesses 270 at
    // confidence 0.8 and a Devanagari script: the other side is read too.
    const { cer: error, kept } = await read(
      readFileSync(fixture('hard/turned-270-small-unsure.jpg')),
    );
    expect(kept).toEqual(['turn 90°']);
    expect(error).toBeLessThan(0.03);
  });

  it('levels an image scanned askew', async () => {
    const image = await sharp(
      await sharp(await page(11, 200))
        .rotate(4.2, { background: '#ffffff' })
        .png()
        .toBuffer(),
    )
      .blur(0.6)
      .jpeg({ quality: 70 })
      .toBuffer();
    const { cer: error, kept } = await read(image);
    expect(kept).toEqual([expect.stringMatching(/^level 4\.\d°$/)]);
    expect(error).toBeLessThan(0.03);
  });

  it('evens out a shaded scan', async () => {
    const plain = await page(11, 200);
    const { width, height } = await sharp(plain).metadata();
    const shade = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}">` +
        '<defs><radialGradient id="g" cx="0.2" cy="0.3" r="0.9"><stop offset="0" stop-color="#f0f0f0"/>' +
        '<stop offset="1" stop-color="#505050"/></radialGradient></defs>' +
        '<rect width="100%" height="100%" fill="url(#g)"/></svg>',
    );
    const image = await sharp(plain)
      .composite([{ input: await sharp(shade).png().toBuffer(), blend: 'multiply' }])
      .blur(0.8)
      .jpeg({ quality: 60 })
      .toBuffer();
    const { cer: error, kept } = await read(image);
    expect(kept).toEqual(['even light']);
    expect(error).toBeLessThan(0.1);
  });

  it('straightens a phone photo of a page seen at a slant on a table', async () => {
    // make:hard-set --fixtures (test-fixtures/hard/README.md): a 30° slant, uneven light, JPEG.
    // Plain Tesseract reads it at CER 0.42.
    const truth = fold(readFileSync(fixture('hard/slanted-photo.gt.txt'), 'utf8'));
    const result = await engine.extract({ bytes: readFileSync(fixture('hard/slanted-photo.jpg')) });
    const kept = result.steps.filter((s) => s.kept).map((s) => s.step);
    expect(kept[0]).toBe('straighten page');
    expect(distance(fold(result.text), truth) / truth.length).toBeLessThan(0.05);
  });

  it('takes no step on a clean page', async () => {
    const { cer: error, kept } = await read(await page(11, 300));
    expect(kept).toEqual([]);
    expect(error).toBeLessThan(0.01);
  });
});
