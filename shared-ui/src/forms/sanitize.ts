import DOMPurify from 'dompurify';

/**
 * Plain text out of what was typed (spec §5: every text field is sanitised before sending): tags
 * and their attributes go, characters stay as typed. The server sanitises again before storing.
 */
export function sanitizeText(value: string): string {
  const fragment = DOMPurify.sanitize(value, {
    ALLOWED_TAGS: [],
    ALLOWED_ATTR: [],
    RETURN_DOM_FRAGMENT: true,
  });
  return fragment.textContent.trim();
}
