// Signing in as a person does in the browser tests: from a page of the main site, the navbar's
// Login, the embedded provider's form, and back on that page greeted by name.

/** Opens `url`, signs in as `name` <`email`> and waits to be greeted there. */
export async function signInFromNavbar(page, url, name, email) {
  await page.goto(url);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Login' })
    .click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: `Account: Hello, ${name}` }).waitFor();
}
