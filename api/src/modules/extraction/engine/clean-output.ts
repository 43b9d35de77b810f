// Output cleaning, exactly the rules of spec §5, after the layout fixes of issue 4.

/** A word split at a line end ('recog-\nnised') is joined on the first line. */
export function joinHyphenatedWords(text: string): string {
  return text.replace(/(\p{L}+)-\n(\p{Ll}+)([.,;:!?)]*)[ \t]*/gu, '$1$2$3\n');
}

/** Drops control characters other than tab and newline, and stray zero-width marks. */
function stripControl(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    const control = (code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f;
    if (!control && code !== 0x200b && code !== 0xfeff) out += ch;
  }
  return out;
}

export function cleanOutput(raw: string): string {
  let text = raw.replace(/\r\n?/g, '\n');
  // A model's leading 'Sure, here is ...:' line.
  text = text.replace(/^\s*sure,?\s+here\s+is[^\n]*:[ \t]*\n/i, '');
  // Anything up to 'extracted text:'.
  const marker = /extracted text:/i.exec(text);
  if (marker) text = text.slice(marker.index + marker[0].length);
  // Code-fence wrappers.
  text = text.replace(/^\s*```[^\n]*\n/, '').replace(/\n?```\s*$/, '');
  text = text.replace(/[ \t]+\n/g, '\n');
  text = text.replace(/\n{3,}/g, '\n\n');
  return stripControl(text).trim();
}

export const NO_TEXT_FOUND = 'No text found';
