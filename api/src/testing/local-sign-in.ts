import type { Browser } from './http-client.js';

/**
 * Drives the embedded provider as a person would: from the provider's authorize URL through its
 * sign-in form to the redirect back to the API's callback (returned, not requested).
 */
export async function signInAtLocalProvider(
  browser: Browser,
  authorizeUrl: string,
  person: { name: string; email: string },
  callbackPrefix: string,
): Promise<string> {
  const toForm = await browser.follow(authorizeUrl, callbackPrefix);
  const page = await toForm.response.text();
  const action = /action="([^"]+\/login)"/.exec(page)?.[1];
  if (!action) throw new Error(`no sign-in form at ${toForm.url}: ${page.slice(0, 300)}`);
  const submitted = await browser.follow(new URL(action, toForm.url).toString(), callbackPrefix, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(person).toString(),
  });
  if (!submitted.url.startsWith(callbackPrefix)) {
    throw new Error(`sign-in did not return to the API: ${submitted.url}`);
  }
  return submitted.url;
}
