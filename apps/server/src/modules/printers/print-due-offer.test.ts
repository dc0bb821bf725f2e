import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printJobs } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { anyDue } from './queue.js';

/** The print-due job is offered only when this read finds a job to print: it must not miss one. */
describe.each(BACKENDS)('whether any print job is due (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  it('finds a pending job once it is due, and nothing else', async () => {
    const ctx = { db: t.app.db };
    expect(await anyDue(ctx)).toBe(false);
    const [job] = await t.database.db
      .insert(printJobs)
      .values({
        restaurantId: t.restaurantId,
        sourceKey: 'due-offer',
        kind: 'test',
        queue: 'printer:none',
        title: 'Test page',
        document: { kind: 'test' },
        nextAttemptAt: new Date(Date.now() + 60_000),
      })
      .returning();
    // Waiting for a retry a minute away: not due yet.
    expect(await anyDue(ctx)).toBe(false);
    await t.database.db
      .update(printJobs)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(printJobs.id, job!.id));
    expect(await anyDue(ctx)).toBe(true);
    await t.database.db
      .update(printJobs)
      .set({ status: 'printed' })
      .where(eq(printJobs.id, job!.id));
    expect(await anyDue(ctx)).toBe(false);
  });
});
