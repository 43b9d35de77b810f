import { isWatchPage } from '../src/common/watch-pages';

describe('watch pages', () => {
  it.each([
    ['https://www.youtube.com/watch?v=abc123', true],
    ['https://www.youtube.com/watch?v=abc123&t=42s', true],
    ['https://www.youtube.com/', false],
    ['https://www.youtube.com/results?search_query=watch', false],
    ['http://www.youtube.com/watch?v=abc123', false],
    ['https://www.youtube.com.evil.test/watch?v=abc123', false],
    ['not a url', false],
  ])('%s is a watch page: %s', (url, expected) => {
    expect(isWatchPage(url)).toBe(expected);
  });
});
