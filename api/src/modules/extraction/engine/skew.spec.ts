import sharp from 'sharp';
import { detectSkew, deskew } from './image-prep.js';
import { fixture } from '../../../testing/fixtures.js';

// Real pages: a level one, the same turned by a few degrees either way, and a blank page.
const PAGE = fixture('printed/tesseractjs_testocr.png');
const turned = (degrees: number) =>
  sharp(PAGE).rotate(degrees, { background: '#ffffff' }).png().toBuffer();

describe('skew of scanned pages', () => {
  it('finds no skew on a level page or a blank one', async () => {
    expect(await detectSkew(await sharp(PAGE).toBuffer())).toBe(0);
    const blank = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    expect(await detectSkew(blank)).toBe(0);
  });

  it.each([2, -3, 5])('measures a page turned by %d degrees, within 0.3', async (degrees) => {
    expect(Math.abs((await detectSkew(await turned(degrees))) - degrees)).toBeLessThanOrEqual(0.3);
  });

  it('levels the page it measured', async () => {
    const askew = await turned(4);
    const level = await deskew(askew, await detectSkew(askew));
    expect(await detectSkew(level)).toBe(0);
  });
});
