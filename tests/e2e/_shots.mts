import { chromium } from '@playwright/test';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const errors: string[] = [];
page.on('console', (m) => {
  if (m.type() === 'error') errors.push(m.text());
});
page.on('pageerror', (e) => errors.push(String(e)));
const shots = (process.argv[2] ?? '').split(',');
for (const p of shots) {
  await page.goto(`http://127.0.0.1:18080/console/${p}`);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shot-${p.replace(/[^a-z0-9]+/gi, '_') || 'root'}.png` });
  console.log(p, '→', page.url());
}
console.log('errors', errors);
await browser.close();
