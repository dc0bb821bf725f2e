import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './fixtures';

const dist = path.resolve('apps/web/dist');

/** The gzip size of every script a page loads, read from the build's precompressed files. */
async function scriptsLoadedBy(page: Page, url: string) {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(new URL(response.url()).pathname);
  });
  await page.goto(url);
  // The menu is on screen (its lazy chunks have loaded), and nothing more is on its way.
  await page.getByRole('button', { name: 'Add' }).first().waitFor();
  await page.waitForLoadState('networkidle');
  return scripts.map((pathname) => {
    const file = path.join(dist, pathname);
    const gz = fs.existsSync(`${file}.gz`) ? `${file}.gz` : file;
    return { pathname, gzipBytes: fs.statSync(gz).size };
  });
}

test('/order loads at most 125 KB of gzip JavaScript and none of the staff screens', async ({
  page,
}) => {
  const scripts = await scriptsLoadedBy(page, '/order?token=QR-T1');
  const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  console.log(`/order JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.length} files`);
  // The web calls routes through `@tavola/contract/refs` (no zod schemas) and loads the refusal
  // catalog on the first refusal only; either mistake brings this well over the budget.
  // 120 KB until the guest page spoke five languages: the language switcher, the browser's
  // language and the remembered choice, and formatting by language took it from 119.6 to 121.0 KB
  // (measured on this spec). The catalogs themselves load only in their language (it 1.8 KB,
  // de/fr/es 2.3 KB each), never for an English reader.
  // Allergens added 2.6 KB (119.7 before, 122.3 after, measured by this spec on the same build
  // with and without them): every dish names its allergens, traces and diets in words with a
  // symbol, and the filter's button, its memory on the device and the allergy note are on the
  // first load; the filter's panel and the chooser's warning load when opened.
  expect(total).toBeLessThanOrEqual(125 * 1024);
  expect(scripts.some((s) => s.pathname.includes('order-page'))).toBe(true);
  for (const other of ['login-page', 'landing-page', 'waiter-', 'manager-', 'station-board']) {
    expect(scripts.some((s) => s.pathname.includes(other))).toBe(false);
  }
});
