import { chromium } from 'playwright-core';
import { startServer } from '/work/wt/docs/packages/docs/src/server.mjs';
const [,, page, width, out, ys = '0', pre = ''] = process.argv;
const site = await startServer({ root: '/work/wt/docs/packages/docs/dist' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
const p = await ctx.newPage();
p.on('console', (m) => m.type() === 'error' && console.log('console error', m.text()));
await p.goto(site.url + page);
if (page.match(/^(gateway|sms|im|campaign)/)) await p.waitForSelector('html[data-redoc]', { timeout: 30000 }).catch(() => {});
if (pre) console.log(await p.evaluate(pre));
console.log('size', await p.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth, document.documentElement.scrollHeight]));
for (const [i, y] of ys.split(',').map(Number).entries()) {
  const yy = isNaN(y) ? await p.evaluate((s) => document.querySelector(s).getBoundingClientRect().top + scrollY - 10, ys.split(',')[i]) : y;
  await p.screenshot({ path: out.replace('.png', `-${i}.png`), clip: { x: 0, y: yy, width: Number(width), height: 1100 }, fullPage: true });
}
await browser.close(); await site.close();
