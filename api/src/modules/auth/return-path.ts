// Only same-site paths are accepted as places to return to after sign-in; anything else
// (absolute URLs, protocol-relative '//host', backslash tricks, control characters) gives null.
const BASE = 'http://return.invalid';
const MAX_LENGTH = 2000;

export function safeReturnPath(input: unknown): string | null {
  if (typeof input !== 'string' || input.length === 0 || input.length > MAX_LENGTH) return null;
  if (!input.startsWith('/') || input.startsWith('//') || input.includes('\\')) return null;
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return null; // control characters
  }
  let url: URL;
  try {
    url = new URL(input, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
