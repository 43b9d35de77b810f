import { cleanTable, normaliseCell, scoreTable } from './table-score.js';

const EXPECTED: string[][] = [
  ['Name', 'City', 'Amount'],
  ['Ann', 'Oslo', '10.00'],
  ['Bob', 'Rome', '20.00'],
  ['Cy', 'Lima', '30.00'],
];

describe('table score', () => {
  it('gives 1.0 to identical tables', () => {
    expect(scoreTable(EXPECTED, [EXPECTED])).toMatchObject({
      precision: 1,
      recall: 1,
      f1: 1,
      rowsExact: 1,
      rightCells: 12,
      matched: [0, 0],
    });
  });

  it('loses recall, not precision, for a missing row', () => {
    const s = scoreTable(EXPECTED, [EXPECTED.filter((_, r) => r !== 2)]);
    expect(s).toMatchObject({ precision: 1, recall: 9 / 12, rowsExact: 3 / 4 });
  });

  it('loses precision, not recall, for an extra column; its rows are no longer exact', () => {
    const s = scoreTable(EXPECTED, [
      EXPECTED.map((row, r) => [...row.slice(0, 2), `x${r}`, ...row.slice(2)]),
    ]);
    expect(s).toMatchObject({ recall: 1, precision: 12 / 16, rowsExact: 0 });
  });

  it('counts a cell split in two as wrong: across columns it shifts the rest of its row', () => {
    const split = EXPECTED.map((row) => [...row]);
    split[1] = ['Ann', 'Os', 'lo', '10.00'];
    const s = scoreTable(EXPECTED, [split]);
    expect(s).toMatchObject({ rightCells: 10, predictedCells: 13, rowsExact: 3 / 4 });
  });

  it('counts a multi-line cell split over two rows as one wrong cell', () => {
    const expected = EXPECTED.map((row) => [...row]);
    expected[1] = ['Ann', 'Oslo Norway', '10.00'];
    const split = [...EXPECTED.slice(0, 2), ['', 'Norway', ''], ...EXPECTED.slice(2)];
    const s = scoreTable(expected, [split]);
    expect(s).toMatchObject({ rightCells: 11, predictedCells: 13, rowsExact: 3 / 4 });
    expect(s.f1).toBeCloseTo((2 * (11 / 13) * (11 / 12)) / (11 / 13 + 11 / 12));
  });

  it('aligns columns shifted as a whole, and charges cells shifted in one row', () => {
    const wholeShift = EXPECTED.map((row) => ['', '', ...row]);
    expect(scoreTable(EXPECTED, [wholeShift]).f1).toBe(1);
    const oneRow = EXPECTED.map((row) => [...row, '']);
    oneRow[2] = ['', 'Bob', 'Rome', '20.00'];
    const s = scoreTable(EXPECTED, [oneRow]);
    expect(s.rightCells).toBe(9);
    expect(s.rowsExact).toBe(3 / 4);
  });

  it('normalises cells: NFKC, bidi marks, whitespace; drops empty rows and columns', () => {
    expect(normaliseCell('\u202B\u05E9\u05DC\u05D5\u05DD\u202C')).toBe('\u05E9\u05DC\u05D5\u05DD');
    expect(normaliseCell(' ﬁle\u00A0 １０\n\t2 \u200E')).toBe('file 10 2');
    expect(
      cleanTable([
        ['', 'a', ''],
        ['', '', ''],
        ['', ' b ', ''],
      ]),
    ).toEqual([['a'], ['b']]);
    const noisy = [
      ['\u200FName', 'City\t', 'Amount'],
      [' ', '', ''],
      ['Ann', ' Oslo', '１０.００'],
      ['Bob', 'Rome\n', '20.00\u2069'],
      ['Cy', 'Lima', '30.00'],
    ];
    expect(scoreTable(EXPECTED, [noisy]).f1).toBe(1);
  });

  it('matches one expected table with two consecutive predicted tables joined', () => {
    const first = EXPECTED.slice(0, 2);
    const second = EXPECTED.slice(2);
    const other = [['Total', '60.00']];
    const s = scoreTable(EXPECTED, [other, first, second]);
    expect(s).toMatchObject({ f1: 1, matched: [1, 2] });
    // Each part alone is only part of the table.
    expect(scoreTable(EXPECTED, [first]).recall).toBe(6 / 12);
  });

  it('gives 0 to no prediction, or an empty one', () => {
    expect(scoreTable(EXPECTED, [])).toMatchObject({
      precision: 0,
      recall: 0,
      f1: 0,
      rowsExact: 0,
    });
    expect(scoreTable(EXPECTED, [[], [['', '']]]).f1).toBe(0);
  });

  it('keeps rows in order: swapped rows are not both right', () => {
    const [head, ann, bob, cy] = EXPECTED;
    const swapped = [head, bob, ann, cy].map((row) => row ?? []);
    expect(scoreTable(EXPECTED, [swapped]).rightCells).toBe(9);
  });
});
