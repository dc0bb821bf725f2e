import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's own `test`, plus one thing: a browser context a test opens itself
 * (`browser.newContext()`, for a second person on another device) is closed when the test
 * ends. Playwright leaves such contexts open until the worker stops, so every page of every
 * earlier spec stayed signed in, live, and refetching on each event: by the middle of a run the
 * one shared server was answering a hundred stale screens and live updates came late.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
