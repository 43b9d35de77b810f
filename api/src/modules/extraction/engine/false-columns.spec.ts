import { readFileSync } from 'node:fs';
import { jest } from '@jest/globals';
import { distance } from 'fastest-levenshtein';
import sharp from 'sharp';
import { fixture } from '../../../testing/fixtures.js';
import { ExtractionEngine } from './engine.js';

// Issue 24 through the engine's front door with real Tesseract: lines that Tesseract's layout
// analysis cuts into false columns come out in the order they were written, and real columns keep
// their order. The three images are make:hard-set's (test-fixtures/hard/README.md); the form is
// drawn here.

jest.setTimeout(120_000);

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();
const sortKey = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
/** The text's words sorted: what bench:ocr's order-free CER compares. */
const sorted = (text: string) =>
  fold(text)
    .split(' ')
    .sort((a, b) => sortKey(a).localeCompare(sortKey(b)) || a.localeCompare(b))
    .join(' ');
const cer = (text: string, truth: string) => distance(fold(text), fold(truth)) / fold(truth).length;
const orderFreeCer = (text: string, truth: string) =>
  distance(sorted(text), sorted(truth)) / fold(truth).length;

describe('false columns', () => {
  const engine = new ExtractionEngine({ tesseractPath: 'tesseract' });
  afterAll(() => engine.close());

  const read = async (name: string) => {
    const truth = readFileSync(fixture(`hard/${name}.gt.txt`), 'utf8');
    const result = await engine.extract({ bytes: readFileSync(fixture(`hard/${name}.jpg`)) });
    return {
      text: result.text,
      cer: cer(result.text, truth),
      orderFree: orderFreeCer(result.text, truth),
      steps: result.steps.map((s) => s.step),
    };
  };

  it('reads a slanted photo of a monospaced page line by line', async () => {
    // Plain Tesseract cuts six of its lines in two and reads the right halves apart: CER 0.35
    // against 0.08 with the words sorted.
    const { cer: error, orderFree, steps } = await read('typewriter-slanted');
    expect(steps).toContainEqual(expect.stringMatching(/^join columns \(\d+ lines\)$/));
    expect(error).toBeLessThanOrEqual(orderFree + 0.01);
    expect(error).toBeLessThan(0.05);
  });

  it('reads a two-line snippet of small print in order', async () => {
    // Photographed 2.9° askew: plain Tesseract cuts both lines into pieces (CER 0.30; sorted
    // 0.15). The cut is seen in the first reading's word boxes, and the page levelled and read
    // again.
    const { text, cer: error, orderFree, steps } = await read('snippet-two-lines');
    expect(steps).toContainEqual(expect.stringMatching(/^level /));
    expect(error).toBeLessThanOrEqual(orderFree + 0.01);
    expect(error).toBeLessThan(0.03);
    expect(text.split('\n')).toHaveLength(2);
  });

  it('keeps the columns of a two-column page, justified with a narrow gutter', async () => {
    // Its gutter is 0.26 in, under three of the page's word gaps (wide in narrow justified
    // columns), and its rows share baselines; but no row is cut at an ordinary word gap.
    const { cer: error, steps } = await read('two-column');
    expect(steps.filter((s) => s.startsWith('join columns'))).toEqual([]);
    expect(error).toBeLessThan(0.01);
  });

  it("keeps a form's labels and values in their columns", async () => {
    // Values a tab stop after the longest label: Tesseract reads the labels, then the values.
    const labels = ['Name:', 'Date of birth:', 'Place of birth:', 'Address:', 'Occupation:'];
    const values = ['Ada Lovelace', '10 December 1815', 'London', '12 St James Square'];
    values.push('Mathematician');
    const column = (lines: string[]) =>
      sharp({
        text: {
          text: `<span font="DejaVu Sans 11">${lines.join('\n')}</span>`,
          dpi: 300,
          spacing: 40,
        },
      })
        .extractChannel(0)
        .negate()
        .png()
        .toBuffer();
    const [left, right] = await Promise.all([column(labels), column(values)]);
    const image = await sharp({
      create: { width: 2000, height: 800, channels: 3, background: '#ffffff' },
    })
      .composite([
        { input: left, left: 150, top: 150 },
        { input: right, left: 640, top: 150 },
      ])
      .png()
      .toBuffer();
    const result = await engine.extract({ bytes: image });
    expect(result.steps.map((s) => s.step)).not.toContainEqual(
      expect.stringMatching(/^join columns/),
    );
    expect(fold(result.text)).toBe(fold([...labels, ...values].join(' ')));
  });
});
