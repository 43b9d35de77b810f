import { chromium } from 'playwright-core';
const url = process.argv[2];
const out = process.argv[3];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage({
  viewport: { width: Number(process.argv[4] ?? 1200), height: 800 },
});
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(url);
await page.waitForTimeout(2500);
await page.screenshot({ path: out, fullPage: true });
console.log(await page.locator('body').innerText());
await browser.close();
