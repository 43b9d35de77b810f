import { cleanOutput, joinHyphenatedWords, sanitise } from './clean-output.js';

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

describe("sanitise, cleaning's last step (spec §5)", () => {
  it('removes the bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069)', () => {
    const hidden =
      'if (isAdmin\u202e \u2066// check later\u2069 \u2067x\u2068y\u202a\u202b\u202c\u202d)';
    expect(cleanOutput(hidden)).toBe('if (isAdmin // check later xy)');
  });

  it('removes C0 and C1 controls and zero-width spaces, keeping tabs and line breaks', () => {
    expect(sanitise('a\u0000b\u0085c\u009bd\u200be\u2060f\ufeffg\th\ni')).toBe('abcdefg\th\ni');
  });

  it('keeps the joiners and direction marks that scripts and emoji need', () => {
    const persian = 'می\u200cخواهم';
    const family = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}';
    const rtl = 'abc \u200fשלום\u200e def';
    expect(sanitise(persian)).toBe(persian);
    expect(sanitise(family)).toBe(family);
    expect(sanitise(rtl)).toBe(rtl);
  });

  it('keeps markup read from the page (a screenshot of code) exactly as written', () => {
    const code = '<script>alert("hi")</script>\n<a href="javascript:x()">link</a> &amp; <b>';
    expect(cleanOutput(code)).toBe(code);
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
