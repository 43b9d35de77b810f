// Output cleaning, exactly the rules of spec §5, after the layout fixes of issue 4.

/** A word split at a line end ('recog-\nnised') is joined on the first line. */
export function joinHyphenatedWords(text: string): string {
  return text.replace(/(\p{L}+)-\n(\p{Ll}+)([.,;:!?)]*)[ \t]*/gu, '$1$2$3\n');
}

// Characters that hide or reorder text without being text: C0 and C1 controls (tab and newline
// kept), zero-width spaces (U+200B, U+2060 and a stray U+FEFF), and the bidi embeddings,
// overrides and isolates (U+202A-U+202E, U+2066-U+2069) that make a line show in another order
// than it is stored ('Trojan Source'). The zero-width (non-)joiners and the LRM/RLM marks stay:
// Persian, Indic scripts, emoji and right-to-left text need them.
const UNSAFE_RANGES: readonly (readonly [number, number])[] = [
  [0x00, 0x08],
  [0x0b, 0x1f],
  [0x7f, 0x9f],
  [0x200b, 0x200b],
  [0x202a, 0x202e],
  [0x2060, 0x2060],
  [0x2066, 0x2069],
  [0xfeff, 0xfeff],
];

const unsafe = (code: number): boolean =>
  UNSAFE_RANGES.some(([first, last]) => code >= first && code <= last);

/**
 * Spec §5's last step, 'sanitise'. The text is safe wherever it goes because the page only ever
 * shows it as text (a text node, never HTML), so markup that was on the page read, such as a
 * screenshot of code, stays exactly as written; what goes is every character that hides or
 * reorders text.
 */
export function sanitise(text: string): string {
  let out = '';
  for (const ch of text) if (!unsafe(ch.codePointAt(0) ?? 0)) out += ch;
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
  return sanitise(text).trim();
}

export const NO_TEXT_FOUND = 'No text found';
