import type pg from 'pg';
import { expect } from 'vitest';

export interface Acknowledged {
  orderNumber: number;
  orderId: string;
}

export interface OrderingLoad {
  /** Every Idempotency-Key a guest saw acknowledged (200 or 201), with the order it named. */
  acknowledged: Map<string, Acknowledged>;
  /** Keys whose retries named a different order than the first acknowledgement. */
  mismatches: string[];
  /** Attempts that got no HTTP answer (connection refused or reset, timeout). */
  networkFailures: number;
  /** Every HTTP status answered other than 200/201, with the body, for envelope checks. */
  refusals: { status: number; body: string }[];
  /** Resolves when every guest has had every order acknowledged (or gave up). */
  done: Promise<void>;
}

/** The demo menu's available item ids without options (ordered in one tap), read through the public API. */
export async function availableItems(base: string): Promise<string[]> {
  const menu = (await (await fetch(`${base}/api/menu/public?token=QR-T1`)).json()) as {
    data: { menu: Record<string, { id: string; available: boolean; optionGroups?: unknown[] }[]> };
  };
  return Object.values(menu.data.menu)
    .flat()
    .filter((i) => i.available && !i.optionGroups)
    .map((i) => i.id);
}

/**
 * Guests ordering through the public API with Idempotency-Keys, each retrying the same request
 * until it is acknowledged, the way the guest page does: for fault tests, which then check that
 * nothing was lost or duplicated.
 */
export function startOrderingLoad(
  base: string,
  items: string[],
  { guests, ordersEach, prefix }: { guests: number; ordersEach: number; prefix: string },
): OrderingLoad {
  const load: Omit<OrderingLoad, 'done'> = {
    acknowledged: new Map(),
    mismatches: [],
    networkFailures: 0,
    refusals: [],
  };
  const guest = async (g: number) => {
    for (let k = 0; k < ordersEach; k++) {
      const key = `${prefix}-${g}-${k}`;
      const body = JSON.stringify({
        token: `QR-T${(g % 12) + 1}`,
        items: [
          { menuItemId: items[(g + k) % items.length], quantity: 1 + (k % 3) },
          { menuItemId: items[(g * 3 + k) % items.length], quantity: 1 },
        ],
      });
      for (let attempt = 0; attempt < 300; attempt++) {
        try {
          const res = await fetch(`${base}/api/orders/public`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': key },
            body,
            // Long enough for a loaded machine: a timeout here is a retry that adds to the load.
            signal: AbortSignal.timeout(15_000),
          });
          if (res.status === 200 || res.status === 201) {
            const data = ((await res.json()) as { data: { order_number: number; orderId: string } })
              .data;
            const seen = load.acknowledged.get(key);
            if (seen && seen.orderNumber !== data.order_number) load.mismatches.push(key);
            load.acknowledged.set(key, { orderNumber: data.order_number, orderId: data.orderId });
            break;
          }
          load.refusals.push({ status: res.status, body: await res.text() });
        } catch {
          load.networkFailures++;
        }
        await new Promise((r) => setTimeout(r, 30 + Math.random() * 70));
      }
    }
  };
  // The counters are read while the guests are still at work: return this very object.
  return Object.assign(load, {
    done: Promise.all(Array.from({ length: guests }, (_, g) => guest(g))).then(() => undefined),
  });
}

/**
 * What a fault must never do to orders: every acknowledged key exists exactly once with the
 * number it was acknowledged with, totals equal their lines, and order numbers are unique.
 */
export async function expectOrdersIntact(
  client: pg.Client,
  prefix: string,
  acknowledged: Map<string, Acknowledged>,
): Promise<void> {
  const { rows } = await client.query<{ key: string; n: number; numbers: number[] }>(
    `select idempotency_key as key, count(*)::int as n, array_agg(order_number) as numbers
       from orders where idempotency_key like $1 group by 1`,
    [`${prefix}-%`],
  );
  const byKey = new Map(rows.map((r) => [r.key, r]));
  for (const [key, ack] of acknowledged) {
    const row = byKey.get(key);
    expect(row?.n, key).toBe(1);
    expect(row?.numbers, key).toEqual([ack.orderNumber]);
  }
  const bad = await client.query(
    `select o.id from orders o left join order_items i on i.order_id = o.id
      group by o.id, o.total_cents having coalesce(sum(i.line_total_cents), 0) <> o.total_cents`,
  );
  expect(bad.rows).toEqual([]);
  const numbers = await client.query<{ n: number; d: number }>(
    `select count(*)::int as n, count(distinct order_number)::int as d from orders`,
  );
  expect(numbers.rows[0]!.n).toBe(numbers.rows[0]!.d);
}
