import {
  classify,
  MAX_TEXT_LENGTH,
  POSITIVE_THRESHOLDS,
  scoreComment,
  SENTIMENT_ATTRIBUTION,
  STRICTNESS_LEVELS,
} from '../src/index.js';

const label = (text: string): string => classify(text).label;

describe('negation', () => {
  it('reads a negated complaint as praise', () => {
    expect(label('Not bad at all, keep going')).toBe('positive');
    expect(label('Never disappointed by this channel')).toBe('positive');
  });

  it('reads negated praise as a complaint', () => {
    expect(label("Honestly, this isn't great.")).toBe('negative');
    expect(label("I don't think this is a good idea")).toBe('negative');
  });

  it('weighs "not great" as milder than "terrible"', () => {
    expect(scoreComment('not great')).toBeGreaterThan(scoreComment('terrible'));
  });

  it('keeps praise that is phrased with a negation', () => {
    expect(label("Can't wait for part 2!")).toBe('positive');
    expect(label("Couldn't be happier with the result")).toBe('positive');
  });

  it('does not let "no cap" negate what follows', () => {
    expect(label('no cap best video this year')).toBe('positive');
  });
});

describe('intensifiers and dampeners', () => {
  it('makes "really good" stronger than "good" and "slightly good" weaker', () => {
    const plain = scoreComment('the editing is good');
    expect(scoreComment('the editing is really good')).toBeGreaterThan(plain);
    expect(scoreComment('the editing is slightly good')).toBeLessThan(plain);
  });

  it('turns what "barely" qualifies', () => {
    expect(label('barely works on my machine')).toBe('negative');
  });

  it('reads "too" before a plain word as a complaint', () => {
    expect(label('the intro is way too long')).toBe('negative');
  });
});

describe('contrast', () => {
  it('weighs the clause after "but" more', () => {
    expect(label('Great video but the audio is terrible')).toBe('negative');
    expect(label('The intro is a bit slow, however the rest is brilliant')).toBe('positive');
  });

  it('weighs the main clause over a concession', () => {
    expect(label('Although the audio is bad, the content is amazing')).toBe('positive');
    expect(label('Terrible tutorial, though the sound is nice')).toBe('negative');
  });

  it('reads what could have been as a complaint', () => {
    expect(label('Could have been a lot better')).toBe('negative');
  });
});

describe('emoji, emoticons and emphasis', () => {
  it('classifies emoji-only comments', () => {
    expect(label('🔥🔥🔥')).toBe('positive');
    expect(label('😍')).toBe('positive');
    expect(label('🤮')).toBe('negative');
    expect(label('👎')).toBe('negative');
  });

  it('classifies emoticons', () => {
    expect(label('thanks :)')).toBe('positive');
    expect(label('the ending :(')).toBe('negative');
  });

  it('stresses words in capitals and exclamations', () => {
    expect(scoreComment('This is AMAZING')).toBeGreaterThan(scoreComment('This is amazing'));
    expect(scoreComment('good job!!')).toBeGreaterThan(scoreComment('good job'));
    expect(scoreComment('sooo good')).toBeGreaterThan(scoreComment('so good'));
  });

  it('knows comment-section idioms', () => {
    expect(label('absolute banger')).toBe('positive');
    expect(label('so underrated')).toBe('positive');
    expect(label('Clickbait. Nothing to do with the title')).toBe('negative');
  });
});

describe('neutral comments', () => {
  it.each(['2:35 is where it starts', 'https://example.com/docs', 'What microphone do you use?'])(
    'leaves %p neutral',
    (text) => {
      expect(label(text)).toBe('neutral');
    },
  );

  it.each([
    // Each holds a word English scores ("super"): the language, not the lexicon, makes them neutral.
    'Me encanta, es un video super bueno',
    'Ce tuto est super, vraiment génial',
    'Questo video è super, grazie mille',
    'これは素晴らしい動画です',
    'Это лучшее видео',
  ])('leaves the non-English %p neutral', (text) => {
    expect(classify(text)).toEqual({ score: 0, label: 'neutral', positive: false });
  });

  it.each(['', '   ', '\n\t'])('scores empty input %p as neutral', (text) => {
    expect(classify(text)).toEqual({ score: 0, label: 'neutral', positive: false });
  });
});

describe('strictness', () => {
  const comments = [
    'thanks',
    'nice',
    'good video',
    'really good video',
    'AMAZING video, thank you so much!!',
    'ok',
    'Great video but the audio is terrible',
    'lol',
    'not bad',
    '🔥🔥🔥',
  ];
  const positives = (level: (typeof STRICTNESS_LEVELS)[number]): string[] =>
    comments.filter((text) => classify(text, { strictness: level }).positive);

  it('orders the thresholds: strict above balanced above relaxed', () => {
    expect(POSITIVE_THRESHOLDS.strict).toBeGreaterThan(POSITIVE_THRESHOLDS.balanced);
    expect(POSITIVE_THRESHOLDS.balanced).toBeGreaterThan(POSITIVE_THRESHOLDS.relaxed);
  });

  it("highlights strict's positives at balanced and balanced's at relaxed, each fewer", () => {
    const strict = positives('strict');
    const balanced = positives('balanced');
    const relaxed = positives('relaxed');
    expect(balanced).toEqual(expect.arrayContaining(strict));
    expect(relaxed).toEqual(expect.arrayContaining(balanced));
    expect(strict.length).toBeLessThan(balanced.length);
    expect(balanced.length).toBeLessThan(relaxed.length);
  });

  it('defaults to balanced', () => {
    expect(classify('ok')).toEqual(classify('ok', { strictness: 'balanced' }));
  });
});

describe('input size', () => {
  it('classifies a very long comment quickly, reading only its start', () => {
    const long = 'This is a great video. '.repeat(20000);
    const started = performance.now();
    const result = classify(long);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.positive).toBe(true);
    // What lies past the limit does not count.
    const tail = `${'a '.repeat(MAX_TEXT_LENGTH)} terrible awful horrible`;
    expect(classify(tail).label).toBe('neutral');
  });
});

describe('attribution', () => {
  it('names the lexicons the model derives from, with their licences', () => {
    expect(SENTIMENT_ATTRIBUTION).toContain('AFINN');
    expect(SENTIMENT_ATTRIBUTION).toContain('Open Database License');
    expect(SENTIMENT_ATTRIBUTION).toContain('Emoji Sentiment Ranking');
    expect(SENTIMENT_ATTRIBUTION).toContain('MIT');
  });
});
