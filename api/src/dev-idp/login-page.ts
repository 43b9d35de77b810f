import type { DevAccount } from './accounts-store.js';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** The local provider's sign-in page: type a name and an email, or pick an earlier one. */
export function loginPage(options: {
  uid: string;
  accounts: DevAccount[];
  error?: string;
  name?: string;
  email?: string;
}): string {
  const action = `/interaction/${encodeURIComponent(options.uid)}/login`;
  const earlier = options.accounts
    .map(
      (a) => `<li><form method="post" action="${action}">
        <input type="hidden" name="name" value="${escapeHtml(a.name)}">
        <input type="hidden" name="email" value="${escapeHtml(a.email)}">
        <button type="submit">Continue as ${escapeHtml(a.name)} (${escapeHtml(a.email)})</button>
      </form></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign in (local development provider)</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1b2330; }
    label { display: block; margin-top: 1rem; }
    input { font: inherit; width: 100%; padding: .5rem; box-sizing: border-box; }
    button { font: inherit; margin-top: 1rem; padding: .5rem 1rem; cursor: pointer; }
    .note { background: #fff6d6; padding: .75rem; border-radius: 6px; }
    .error { color: #b3261e; }
    ul { list-style: none; padding: 0; }
  </style>
</head>
<body>
  <main>
    <h1>Sign in</h1>
    <p class="note">Local development sign-in. It stands in for Google on this machine and never runs in production.</p>
    ${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
    <form method="post" action="${action}">
      <label for="name">Name</label>
      <input id="name" name="name" autocomplete="name" required maxlength="100" value="${escapeHtml(options.name ?? '')}">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(options.email ?? '')}">
      <button type="submit">Sign in</button>
    </form>
    ${earlier ? `<h2>Earlier accounts</h2><ul>${earlier}</ul>` : ''}
  </main>
</body>
</html>`;
}
