import { expect, test, type Page } from './fixtures';

/**
 * The guest page must not jump while it loads (Lighthouse's cumulative layout shift, which was
 * 0.184 on /order). The browser reports every shift to a PerformanceObserver; the menu's answer
 * is the server's own, held back until the page has been drawn without it, so the loading state
 * and the loaded page are both on screen whatever the machine's speed.
 */

// Lighthouse's phone (bench/lighthouse.mjs).
test.use({ viewport: { width: 412, height: 823 } });

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    layoutShifts?: { observer: PerformanceObserver; shifts: Shift[] };
  }
}

/** Records every layout shift not caused by the reader's input, from the page's first paint. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    type LayoutShiftEntry = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    };
    const shifts: Shift[] = [];
    const describe = (node: Node | null | undefined) =>
      node instanceof Element
        ? `<${node.tagName.toLowerCase()} class="${node.getAttribute('class') ?? ''}">`
        : String(node?.nodeName);
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((s) => describe(s.node)),
        });
      }
    });
    observer.observe({ type: 'layout-shift', buffered: true });
    window.layoutShifts = { observer, shifts };
  });
}

/** Every shift so far (after the next frame, so the last render's shifts are reported too). */
async function layoutShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const recorder = window.layoutShifts!;
    for (const entry of recorder.observer.takeRecords() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (!entry.hadRecentInput) recorder.shifts.push({ value: entry.value, sources: [] });
    }
    return recorder.shifts;
  });
}

/** Holds `pattern`'s answers (fetched from the server) until `release` is called. */
async function holdResponses(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  return release;
}

test('the guest page keeps its layout while the menu loads (layout shift under 0.1)', async ({
  page,
}) => {
  await recordLayoutShifts(page);
  const releaseMenu = await holdResponses(page, '**/api/menu/public**');
  // The bill summary is read once the menu is there: held too, so its answer lands on its own.
  const releaseSummary = await holdResponses(page, '**/api/sessions/public/summary**');

  await page.goto('/order?token=QR-T1');
  await expect(page.getByRole('list', { name: 'Loading menu' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Menu' })).toBeVisible();

  releaseMenu();
  await expect(page.getByRole('button', { name: 'Add Classic Burger' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Table 1', { exact: true })).toBeVisible();

  const summaryAnswered = page.waitForResponse('**/api/sessions/public/summary**');
  releaseSummary();
  await summaryAnswered;
  await page.waitForLoadState('networkidle');

  const shifts = await layoutShifts(page);
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  console.log(`/order layout shift while loading: ${total.toFixed(4)} in ${shifts.length} shifts`);
  // Every shift counts (Lighthouse keeps the worst 5-second window, never more than this sum).
  expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.1);
});
