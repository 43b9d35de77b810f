import { joinHyphenatedWords } from './clean-output.js';
import { joinFalseColumns } from './columns.js';

// The TSV of readings laid out as Tesseract does it (blocks, paragraphs, lines, words with boxes):
// words 30 px high, an ordinary word gap of 20 px.

type W = [text: string, left: number, top: number, width?: number];
type Block = W[][];

/** Tesseract's TSV for these blocks (each a list of lines of words); one paragraph a block. */
function tsv(blocks: Block[]): string {
  const rows = [
    'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
  ];
  blocks.forEach((lines, b) => {
    lines.forEach((words, l) => {
      words.forEach(([text, left, top, width = text.length * 15], w) => {
        rows.push(['5', '1', b + 1, 1, l + 1, w + 1, left, top, width, 30, 95, text].join('\t'));
      });
    });
  });
  return `${rows.join('\n')}\n`;
}

/** A line of words from `left`, each word 15 px a letter, `gap` px apart. */
function line(text: string, left: number, top: number, gap = 20): W[] {
  const words: W[] = [];
  let x = left;
  for (const word of text.split(' ')) {
    words.push([word, x, top]);
    x += word.length * 15 + gap;
  }
  return words;
}

const right = (words: W[]) => Math.max(...words.map(([t, l, , w]) => l + (w ?? t.length * 15)));

describe('joinFalseColumns', () => {
  it('joins lines cut at a river of white back into rows, in order', () => {
    const l1 = line('the quick brown fox', 100, 100);
    const l2 = line('over the lazy dog', 100, 150);
    // The right halves, a word gap and a double one further on, read as a block of their own.
    const r1 = line('jumps over', right(l1) + 40, 100);
    const r2 = line('and runs', right(l2) + 22, 150);
    const joined = joinFalseColumns(
      tsv([
        [l1, l2],
        [r1, r2],
      ]),
    );
    expect(joined).toEqual({
      text: 'the quick brown fox jumps over\nover the lazy dog and runs\n',
      joined: 2,
    });
  });

  it('follows the slope of a page photographed askew', () => {
    // Lines falling 5 px in every 100: the right half of a line sits lower than its left half.
    const slanted = (text: string, left: number, top: number): W[] =>
      line(text, left, top).map(([t, x, y]) => [t, x, Math.round(y + 0.05 * (x - 100))]);
    const l1 = slanted('one two three', 100, 100);
    const l2 = slanted('six seven eight', 100, 160);
    const r1 = slanted('four five', right(l1) + 30, 100);
    const r2 = slanted('nine ten', right(l2) + 30, 160);
    expect(
      joinFalseColumns(
        tsv([
          [l1, l2],
          [r1, r2],
        ]),
      )?.text,
    ).toBe('one two three four five\nsix seven eight nine ten\n');
  });

  it('joins a word cut in two without a space', () => {
    const l1 = line('without Cove', 100, 100);
    const r1 = line('r Texts, or', right(l1) + 2, 100);
    expect(joinFalseColumns(tsv([[l1], [r1]]))?.text).toBe('without Cover Texts, or\n');
  });

  it('leaves real columns, whose gutter is wider than a word gap on every row, alone', () => {
    const left = [line('first column one', 100, 100), line('first column two', 100, 150)];
    const gutter = right(left[0] ?? []) + 120; // six word gaps
    const second = [line('second column one', gutter, 100), line('second two', gutter, 150)];
    expect(joinFalseColumns(tsv([left, second]))).toBeNull();
  });

  it('leaves lines on other baselines alone', () => {
    const l1 = line('a line of text', 100, 100);
    const r1 = line('another line', right(l1) + 30, 125); // most of a line lower
    expect(joinFalseColumns(tsv([[l1], [r1]]))).toBeNull();
  });

  it('keeps a hyphenated word at a joined line end for the cleaning step to join', () => {
    const l1 = line('a word split at the', 100, 100);
    const l2 = line('nised of the next row', 100, 150);
    const r1 = line('end recog-', right(l1) + 30, 100);
    const r2 = line('and more', right(l2) + 20, 150);
    const joined = joinFalseColumns(
      tsv([
        [l1, l2],
        [r1, r2],
      ]),
    );
    expect(joinHyphenatedWords(joined?.text ?? '')).toBe(
      'a word split at the end recognised\nof the next row and more\n',
    );
  });

  it('keeps paragraphs apart where the rows are spaced further apart', () => {
    const rows = [100, 150, 200, 330, 380].map((top, i) => ({
      left: line(`left ${String(i)}`, 100, top),
      top,
      i,
    }));
    const blocks: Block[] = [
      rows.map((r) => r.left),
      rows.map((r) => line(`right ${String(r.i)}`, right(r.left) + 30, r.top)),
    ];
    expect(joinFalseColumns(tsv(blocks))?.text).toBe(
      'left 0 right 0\nleft 1 right 1\nleft 2 right 2\n\nleft 3 right 3\nleft 4 right 4\n',
    );
  });

  it('returns null for a page read in one block', () => {
    expect(joinFalseColumns(tsv([[line('one line', 100, 100), line('two', 100, 150)]]))).toBeNull();
  });
});
