import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';

/**
 * Plain text out of whatever was typed: every tag and its attributes go (script and style with
 * their content), entities are turned back into the characters they stand for so the text is
 * stored once, not HTML-escaped. Readers escape it on output (React does).
 */
export function sanitiseText(input: string): string {
  const stripped = sanitizeHtml(input, {
    allowedTags: [],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  });
  return decodeHTML(stripped)
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+$/gm, '')
    .trim();
}
