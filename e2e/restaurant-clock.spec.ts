import { expect, test } from './fixtures';
import { signInWithDemoCard } from './helpers';

// The device is in Auckland, 11 or 12 hours from the demo restaurant in Rome.
test.use({ timezoneId: 'Pacific/Auckland' });

test("the kitchen clock shows the restaurant's local time, not the device's (issue 13, item 5)", async ({
  page,
}) => {
  await signInWithDemoCard(page, 'kitchen1');
  await expect(page).toHaveURL('/kitchen');
  const zone = await page.evaluate(
    () => JSON.parse(localStorage.getItem('tavola_session') ?? '{}').user?.restaurant?.timezone,
  );
  expect(zone).toBe('Europe/Rome');

  // The clock's minute, in either zone, for now and the minute after (the clock may tick between).
  const times = await page.evaluate(() => {
    const at = (ms: number, timeZone?: string) =>
      new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', timeZone }).format(
        new Date(ms),
      );
    const now = Date.now();
    return {
      device: Intl.DateTimeFormat().resolvedOptions().timeZone,
      rome: [at(now, 'Europe/Rome'), at(now + 60_000, 'Europe/Rome')],
      auckland: [at(now), at(now + 60_000)],
    };
  });
  expect(times.device).toBe('Pacific/Auckland');
  expect(times.rome).not.toContain(times.auckland[0]);

  const clock = page.getByLabel('Current time');
  await expect(clock).toBeVisible();
  expect(times.rome).toContain((await clock.textContent())?.trim());
});
