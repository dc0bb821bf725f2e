import { HISTORY_PDF_MAX_ROWS, healthRoutes, reportsRoutes } from '@tavola/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pdfWorkersRunning } from '../../core/pdf/pool.js';
import { createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { historyPdf } from './history-pdf-thread.js';
import type * as HistoryRender from './history-render.js';
import { renderHistoryPdf } from './history-render.js';
import { historyCsv, orderHistory, type HistoryRow } from './service.js';
import { client, type Client } from '../../testing/client.js';

// The renderer as this thread loads it: a worker thread loads its own copy, which this does not touch.
vi.mock('./history-render.js', async (importOriginal) => {
  const original = await importOriginal<typeof HistoryRender>();
  return { ...original, renderHistoryPdf: vi.fn(original.renderHistoryPdf) };
});

/** `count` settled orders of one line each, today, inserted in one statement. */
async function bulkOrders(t: TestApp, count: number, firstNumber: number) {
  await t.database.db.execute(sql`
    with t as (select id from tables where restaurant_id = ${t.restaurantId} order by number limit 1),
    s as (
      insert into dining_sessions (restaurant_id, table_id, status, payment_status, closed_at)
      select ${t.restaurantId}, t.id, 'closed', 'paid', now() from t returning id, table_id
    ),
    m as (select id, name, category from menu_items where restaurant_id = ${t.restaurantId} limit 1),
    o as (
      insert into orders (restaurant_id, dining_session_id, table_id, order_number, status,
        total_cents, base_currency, currency, exchange_rate, display_total_cents, created_at)
      select ${t.restaurantId}, s.id, s.table_id, ${firstNumber} + g, 'paid', 1250, 'eur', 'eur',
        1.08, 1250, now() - (g || ' seconds')::interval
      from s, generate_series(1, ${count}) g
      returning id
    )
    insert into order_items (restaurant_id, order_id, menu_item_id, name, category, station,
      unit_price_cents, quantity, line_total_cents)
    select ${t.restaurantId}, o.id, m.id, m.name, m.category, 'kitchen', 1250, 1, 1250 from o, m`);
}

describe('GET /api/orders/history?format=pdf', () => {
  let t: TestApp;
  let api: Client;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    api = client(t.app);
    manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
  });
  afterAll(async () => t?.close());

  const history = (format: 'pdf' | 'csv') =>
    api.as(manager).call(reportsRoutes.getOrderHistory, { query: { format } });

  it('keeps serving other requests while it writes a large PDF', async () => {
    await bulkOrders(t, HISTORY_PDF_MAX_ROWS, 100_000);
    let exportDone = false;
    const exporting = history('pdf').then((res) => {
      exportDone = true;
      return res;
    });
    // A request made while the PDF is being written (its worker running) is answered before the
    // PDF is done.
    await vi.waitFor(() => expect(pdfWorkersRunning()).toBe(1), { timeout: 60_000, interval: 5 });
    const health = await api.call(healthRoutes.getHealth);
    expect(health.status).toBe(200);
    expect(exportDone).toBe(false);
    const res = await exporting;
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 120_000);

  it('refuses a period above the PDF cap with a clear message, and offers CSV', async () => {
    await bulkOrders(t, 1, 900_000);
    const res = await history('pdf');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      success: false,
      error: expect.stringMatching(/at most [\d,]+ orders.*shorter period.*CSV/i),
      code: 'EXPORT_TOO_MANY_ORDERS',
      params: { total: expect.any(Number), max: expect.any(Number), format: 'PDF' },
    });
    const csv = await history('csv');
    expect(csv.status).toBe(200);
    expect(csv.res.body.split('\r\n').length).toBeGreaterThan(HISTORY_PDF_MAX_ROWS);
  }, 60_000);

  it('refuses a CSV above its cap with a clear message instead of cutting it short', async () => {
    const refusal = orderHistory(t.database.db, t.restaurantId, { page: 1, pageSize: 50 }, 'csv', {
      csv: 10,
      pdf: 5,
    });
    await expect(refusal).rejects.toMatchObject({
      statusCode: 413,
      message: expect.stringMatching(/at most 10 orders.*shorter period/i),
    });
  });
});

const manyRows = (count: number): HistoryRow[] =>
  Array.from({ length: count }, (_, i) => ({
    orderNumber: i + 1,
    tableNumber: (i % 12) + 1,
    orderType: 'dine_in' as const,
    tabName: null,
    items: '2× Margherita Pizza, 1× Tiramisu, 3× Espresso',
    net: 25.2,
    service: 3.78,
    tax: 2.52,
    total: 31.5,
    waiter: 'Sarah Wilson',
    time: new Date(Date.UTC(2026, 10, 1, 12, 0, i % 60)).toISOString(),
    status: 'paid',
  }));
const tenant = { id: 'r', name: 'Bella Vista', timezone: 'Europe/Rome', currency: 'eur' as const };

/**
 * Counts event-loop turns (check phases) while `work` is pending, up to `limit`: work done on
 * this thread in one go lets none through, however fast or slow the machine is.
 */
async function turnsDuring<T>(work: () => Promise<T>, limit = Infinity) {
  let turns = 0;
  let pending = true;
  const turn = () => {
    if (!pending || turns >= limit) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    return { result: await work(), turns };
  } finally {
    pending = false;
  }
}

describe('historyPdf', () => {
  it('writes 10,000 rows off the event loop', async () => {
    vi.mocked(renderHistoryPdf).mockClear();
    const { result, turns } = await turnsDuring(
      () => historyPdf(manyRows(10_000), tenant, 'last 30 days'),
      20,
    );
    expect(Buffer.from(result).subarray(0, 5).toString()).toBe('%PDF-');
    // The drawing (seconds of synchronous work for 10,000 rows) never runs on this thread...
    expect(renderHistoryPdf).not.toHaveBeenCalled();
    // ...which meanwhile keeps turning: drawn here, the loop would not have turned 20 times.
    expect(turns).toBe(20);
  }, 60_000);

  it('writes two PDFs at a time and queues eight; beyond that asks to try again later', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 11 }, () => historyPdf(manyRows(10), tenant, 'today')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reason).toMatchObject({
      statusCode: 503,
      message: expect.stringMatching(/try again in a minute/),
    });
  }, 60_000);
});

describe('historyCsv', () => {
  it('writes 100,000 rows in slices, letting the event loop turn between them', async () => {
    const rows = manyRows(100_000);
    let turns = 0;
    let writing = true;
    const turn = () => {
      if (!writing) return;
      turns += 1;
      setImmediate(turn);
    };
    setImmediate(turn);
    // Each chunk read, with the number of turns the loop had made by then.
    const chunks: { text: string; turn: number }[] = [];
    for await (const chunk of historyCsv(rows, 'Europe/Rome')) {
      chunks.push({ text: String(chunk), turn: turns });
    }
    writing = false;
    const lines = chunks
      .map((c) => c.text)
      .join('')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(100_001);
    expect(lines[1]).toBe(
      '"1","1","2× Margherita Pizza, 1× Tiramisu, 3× Espresso","25.20","3.78","2.52","31.50","Sarah Wilson","2026-11-01 13:00","paid"',
    );
    // An Intl formatter built per row made this one 26 s stall. Now no chunk holds more than a
    // slice of 1,000 rows, and the loop turned (other requests had their turn) between slices.
    const rowChunks = chunks.slice(1);
    expect(rowChunks).toHaveLength(100);
    for (const c of rowChunks) expect(c.text.split('\r\n').length - 1).toBeLessThanOrEqual(1000);
    for (let i = 1; i < rowChunks.length; i++) {
      expect(rowChunks[i]!.turn).toBeGreaterThan(rowChunks[i - 1]!.turn);
    }
  }, 60_000);
});
