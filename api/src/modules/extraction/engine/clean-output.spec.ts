import { cleanOutput, joinHyphenatedWords } from './clean-output.js';

describe('cleanOutput (spec §5)', () => {
  it("removes a leading 'Sure, here is ...:' line", () => {
    expect(cleanOutput('Sure, here is the extracted text from the image:\nHello\nWorld')).toBe(
      'Hello\nWorld',
    );
  });

  it("drops everything up to 'extracted text:'", () => {
    expect(cleanOutput('Here you go. Extracted text: Invoice 42\nTotal 9.50')).toBe(
      'Invoice 42\nTotal 9.50',
    );
  });

  it('removes code-fence wrappers', () => {
    expect(cleanOutput('```text\nline one\nline two\n```')).toBe('line one\nline two');
  });

  it('collapses 3 or more newlines to two, trims, and strips control characters', () => {
    expect(cleanOutput('  a\n\n\n\nb\u0007\u200b  \n')).toBe('a\n\nb');
  });

  it('keeps tabs, single and double line breaks', () => {
    expect(cleanOutput('a\tb\nc\n\nd')).toBe('a\tb\nc\n\nd');
  });
});

describe('joinHyphenatedWords', () => {
  it('joins a word split at a line end onto the first line', () => {
    expect(joinHyphenatedWords('the recog-\nnition of text')).toBe('the recognition\nof text');
  });

  it('leaves capitalised continuations and dashes alone', () => {
    expect(joinHyphenatedWords('Jean-\nPierre came')).toBe('Jean-\nPierre came');
    expect(joinHyphenatedWords('a list -\nitem')).toBe('a list -\nitem');
  });
});
