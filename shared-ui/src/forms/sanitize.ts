/** DOMPurify, fetched the first time a form is sent rather than with every page. */
let purifier: Promise<typeof import('dompurify').default> | undefined;
const loadPurifier = () => (purifier ??= import('dompurify').then((module) => module.default));

/**
 * Plain text out of what was typed (spec §5: every text field is sanitised before sending): tags
 * and their attributes go, characters stay as typed. The server sanitises again before storing.
 */
export async function sanitizeText(value: string): Promise<string> {
  const DOMPurify = await loadPurifier();
  const fragment = DOMPurify.sanitize(value, {
    ALLOWED_TAGS: [],
    ALLOWED_ATTR: [],
    RETURN_DOM_FRAGMENT: true,
  });
  return fragment.textContent.trim();
}

/**
 * The form's values with the named text fields sanitised (the others as they are, the hidden
 * trap included: spec §5 sends it as is).
 */
export async function sanitizeFields<T extends Record<string, string>>(
  fields: T,
  names: readonly (keyof T & string)[],
): Promise<T> {
  const clean = await Promise.all(names.map((name) => sanitizeText(fields[name] ?? '')));
  return { ...fields, ...Object.fromEntries(names.map((name, i) => [name, clean[i]])) };
}
