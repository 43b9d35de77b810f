import { classify } from 'sentiment-classifier';
import { isScoreRequest, MAX_BATCH, SCORE_MESSAGE, scoreTexts } from '../src/common/scoring';

describe("the service worker's scoring messages", () => {
  it('answers each text with the classifier’s score, in order', () => {
    const texts = ['Amazing video, thank you!', 'The worst tutorial ever.', 'What time is it?'];
    const request = { type: SCORE_MESSAGE, texts } as const;
    expect(isScoreRequest(request)).toBe(true);
    expect(scoreTexts(request, (text) => classify(text).score)).toEqual({
      scores: texts.map((text) => classify(text).score),
    });
  });

  it.each([
    ['another type', { type: 'other', texts: ['a'] }],
    ['texts that are not strings', { type: SCORE_MESSAGE, texts: [1] }],
    ['no texts', { type: SCORE_MESSAGE }],
    ['more texts than a batch', { type: SCORE_MESSAGE, texts: Array(MAX_BATCH + 1).fill('a') }],
    ['null', null],
  ])('ignores a message with %s', (_name, message) => {
    expect(isScoreRequest(message)).toBe(false);
  });
});
