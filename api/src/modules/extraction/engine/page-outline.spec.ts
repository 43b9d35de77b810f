import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { distance } from 'fastest-levenshtein';
import sharp from 'sharp';
import { fixture } from '../../../testing/fixtures.js';
import {
  pagePhoto,
  photographedCorners,
  renderPage,
  type Point,
} from '../../../testing/page-photo.js';
import { openCvLoaded, straightenPage } from './page-outline.js';
import { Tesseract } from './tesseract.js';

jest.setTimeout(60_000);

const TEXT = [
  'It was the best of times, it was the worst of times, it was the age of',
  'wisdom, it was the age of foolishness, it was the epoch of belief, it was',
  'the epoch of incredulity, it was the season of Light, it was the season of',
  'Darkness, it was the spring of hope, it was the winter of despair, we had',
  'everything before us, we had nothing before us, we were all going direct',
  'to Heaven, we were all going direct the other way; in short, the period',
  'was so far like the present period, that some of its noisiest authorities',
  'insisted on its being received, for good or for evil, in the superlative',
  'degree of comparison only. There were a king with a large jaw and a queen',
  'with a plain face, on the throne of England; there were a king with a',
  'large jaw and a queen with a fair face, on the throne of France.',
].join('\n');

const PHOTO = { width: 1280, height: 1600 };
// A page tilted back 30° and turned 12° sideways and 6° in its plane, as a phone would see it.
const VIEW = { tilt: 30, turn: 12, roll: 6, fill: 0.75 };

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();
const cer = (read: string, truth: string) => distance(fold(read), fold(truth)) / fold(truth).length;

describe('straightenPage on images that are not photos of a page', () => {
  // These run first: none of them may load OpenCV.
  it.each([
    ['a scanned page', 'printed/uw3_010005.png'],
    ['a printed page', 'printed/tesseractjs_testocr.png'],
  ])('finds no outline on %s, without loading OpenCV', async (_name, file) => {
    expect(await straightenPage(readFileSync(fixture(file)))).toBeNull();
    expect(openCvLoaded()).toBe(false);
  });

  it('finds no outline on a page that fills the frame', async () => {
    const page = await renderPage(TEXT);
    const image = await sharp(page.data, {
      raw: { width: page.width, height: page.height, channels: 3 },
    })
      .jpeg()
      .toBuffer();
    expect(await straightenPage(image)).toBeNull();
    expect(openCvLoaded()).toBe(false);
  });

  it('finds no outline on a page scanned within a dark border, without loading OpenCV', async () => {
    // A scanner's lid around the page (the evaluation set's will AD78_0054): the frame is all
    // background, but the page fills it; told before OpenCV's load and search.
    const page = await renderPage(TEXT);
    const border = Math.round(page.width * 0.05);
    const image = await sharp(page.data, {
      raw: { width: page.width, height: page.height, channels: 3 },
    })
      .extend({ top: border, bottom: border, left: border, right: border, background: '#202020' })
      .jpeg()
      .toBuffer();
    expect(await straightenPage(image)).toBeNull();
    expect(openCvLoaded()).toBe(false);
  });

  it.each([
    [
      'a handwritten will, scanned with a dark border',
      'handwriting/testaments_poilus_AN_0183_p0.jpg',
    ],
    ['a receipt photographed on a table, cut by the frame', 'photos/wildreceipt_choeun.jpg'],
  ])('leaves %s as it is', async (_name, file) => {
    expect(await straightenPage(readFileSync(fixture(file)))).toBeNull();
  });
});

describe('straightenPage on a phone photo of a page at a slant', () => {
  let photo: Buffer;
  let corners: Point[];
  let aspect: number;
  let dir: string;
  let tesseract: Tesseract;

  beforeAll(async () => {
    const page = await renderPage(TEXT);
    aspect = page.width / page.height;
    corners = photographedCorners(aspect, PHOTO, VIEW);
    photo = await pagePhoto({ text: TEXT, ...PHOTO, corners, shade: 0.65 });
    dir = mkdtempSync(path.join(os.tmpdir(), 'page-outline-'));
    tesseract = new Tesseract({ binary: 'tesseract', timeoutMs: 30_000, tempDir: () => dir });
  });
  afterAll(async () => {
    await tesseract.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the page within a few pixels of its true corners', async () => {
    const found = await straightenPage(photo);
    expect(found).not.toBeNull();
    expect(found?.corners).toHaveLength(4);
    found?.corners.forEach(([x, y], i) => {
      const [tx, ty] = corners[i] ?? [0, 0];
      expect(Math.hypot(x - tx, y - ty)).toBeLessThan(2);
    });
    expect(found?.reason).toMatch(/page outline found/);
  });

  it('gives a rectangle of the page alone, in the shape of the page', async () => {
    const found = await straightenPage(photo);
    const { width, height } = await sharp(found?.image).metadata();
    // Foreshortening undone: the shape of the paper itself.
    expect(width / height).toBeGreaterThan(aspect * 0.97);
    expect(width / height).toBeLessThan(aspect * 1.03);
    // No table left: the outer strip of the result is paper (bright), all round.
    const { data, info } = await sharp(found?.image)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let dark = 0;
    let edge = 0;
    for (let y = 0; y < info.height; y++)
      for (let x = 0; x < info.width; x++) {
        if (x > 3 && y > 3 && x < info.width - 4 && y < info.height - 4) continue;
        edge += 1;
        if ((data[y * info.width + x] ?? 0) < 100) dark += 1;
      }
    expect(dark / edge).toBeLessThan(0.02);
  });

  it('lets Tesseract read the page far better than the photo as it came', async () => {
    const found = await straightenPage(photo);
    if (!found) throw new Error('no page found');
    const before = cer((await tesseract.recognise(photo, 'eng', dir)).text, TEXT);
    const after = cer((await tesseract.recognise(found.image, 'eng', dir)).text, TEXT);
    expect(after).toBeLessThan(0.05);
    expect(after).toBeLessThan(before / 3);
  });

  it('finds the same page in the photo turned by EXIF, corners in upright pixels', async () => {
    // Stored on its side, with the EXIF tag that turns it back upright (6: 90° clockwise).
    const sideways = await sharp(photo)
      .rotate(-90)
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const found = await straightenPage(sideways);
    found?.corners.forEach(([x, y], i) => {
      const [tx, ty] = corners[i] ?? [0, 0];
      expect(Math.hypot(x - tx, y - ty)).toBeLessThan(2);
    });
    expect(found).not.toBeNull();
  });
});
