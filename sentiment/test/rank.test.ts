import { classifyAll, rankPositiveFirst } from '../src/index.js';

describe('rankPositiveFirst', () => {
  const thread = [
    'First',
    'Amazing tutorial, thank you!',
    'The audio is terrible',
    'What camera is that?',
    'Love this channel ❤️',
    'Worst video ever',
    'So helpful!!',
  ];

  it('puts the positive comments first, each group in its original order', () => {
    expect(rankPositiveFirst(thread)).toEqual([
      'Amazing tutorial, thank you!',
      'Love this channel ❤️',
      'So helpful!!',
      'First',
      'The audio is terrible',
      'What camera is that?',
      'Worst video ever',
    ]);
  });

  it('ranks objects through textOf and returns the same objects', () => {
    const comments = thread.map((text, id) => ({ id, text }));
    const ranked = rankPositiveFirst(comments, { textOf: (comment) => comment.text });
    expect(ranked.map((comment) => comment.id)).toEqual([1, 4, 6, 0, 2, 3, 5]);
    expect(ranked[0]).toBe(comments[1]);
  });

  it('is stable: ranking a ranked thread changes nothing', () => {
    const once = rankPositiveFirst(thread);
    expect(rankPositiveFirst(once)).toEqual(once);
  });

  it('follows the strictness', () => {
    const relaxed = rankPositiveFirst(['the audio is terrible', 'ok'], { strictness: 'relaxed' });
    const strict = rankPositiveFirst(['the audio is terrible', 'ok'], { strictness: 'strict' });
    expect(relaxed).toEqual(['ok', 'the audio is terrible']);
    expect(strict).toEqual(['the audio is terrible', 'ok']);
  });
});

describe('classifyAll', () => {
  it('keeps the order and the index of every comment', () => {
    const result = classifyAll(['great', 'awful']);
    expect(result.map((item) => [item.index, item.result.label])).toEqual([
      [0, 'positive'],
      [1, 'negative'],
    ]);
  });
});
