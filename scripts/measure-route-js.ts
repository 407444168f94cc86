// Measures the JavaScript a route loads before it is interactive, gzipped, and the server's start time.
// Usage: npm run build && npx tsx scripts/measure-route-js.ts [/sign-in ...]
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../tests/support/chromium';
import { startProduct } from '../tests/support/product-server';

const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/sign-in'];
const product = await startProduct();
const browser = await launchBrowser();
try {
  console.log(`server answered ${product.startupMs} ms after npm start's script was spawned`);
  for (const route of routes) {
    const context = await browser.newContext({ baseURL: product.baseURL, serviceWorkers: 'block' });
    const page = await context.newPage();
    const scripts: { url: string; raw: number; gzip: number }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => null);
      if (body)
        scripts.push({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body).length,
        });
    });
    await page.goto(route, { waitUntil: 'networkidle' });
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    console.log(`\n${route}: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
    for (const s of scripts.sort((a, b) => b.gzip - a.gzip))
      console.log(`  ${(s.gzip / 1024).toFixed(1).padStart(7)} KB  ${s.url}`);
    await context.close();
  }
} finally {
  await browser.close();
  await product.stop();
}
