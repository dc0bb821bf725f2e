import {
  type ManagerMenuItem,
  menuRoutes,
  type StationKind,
  stationsRoutes,
  type Ticket,
  type TicketAction,
  ticketsRoutes,
} from '@tavola/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Caller, client, type Client } from './client.js';
import { createOtherRestaurant, menuItemByName, signInAs } from './fixtures.js';
import { type Backend, createTestApp, type TestApp } from './harness.js';

/** Who acts in a kitchen test: the demo restaurant's staff, or another restaurant's manager. */
export type KitchenRole = 'manager' | 'waiter' | 'kitchen' | 'bar' | 'other';

export interface KitchenFixture {
  /** The test app (set once the suite's `beforeAll` has run). */
  readonly t: TestApp;
  readonly api: Client;
  as: (who: KitchenRole) => Caller;
  /** A manager adds a station (201 asserted). */
  addStation: (slug: string, name: string, kind?: StationKind) => Promise<void>;
  /** A manager edits a demo item by name, keeping everything the patch leaves out (200 asserted). */
  setItem: (
    name: string,
    patch: { station?: string | null; course?: number | null },
  ) => Promise<ManagerMenuItem>;
  /** A station's open tickets, as the staff who work it see them. */
  ticketsAt: (station: string) => Promise<Ticket[]>;
  /** An order's ticket at a station, if it has one open there. */
  ticketOf: (station: string, orderId: string) => Promise<Ticket | undefined>;
  move: (who: KitchenRole, ticketId: string, action: TicketAction) => ReturnType<Caller['call']>;
  /** Moves a ticket on through each step up to `last` (each answered 200). */
  moveTo: (who: KitchenRole, ticketId: string, last: 'ready' | 'served') => Promise<void>;
}

/**
 * The stations', the expo's and the courses' tests share this setup: a fresh app on the backend
 * with the demo restaurant's manager, waiter, kitchen and bar signed in, and another restaurant's
 * manager (`other`) for the isolation checks. Registers the suite's `beforeAll` and `afterAll`,
 * so call it at the top of a `describe`.
 */
export function useKitchenFixture(backend: Backend): KitchenFixture {
  let t: TestApp | undefined;
  let api: Client | undefined;
  const token: Partial<Record<KitchenRole, string>> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    for (const role of ['manager', 'waiter', 'kitchen', 'bar'] as const) {
      token[role] = await signInAs(t, role);
    }
    token.other = (await createOtherRestaurant(t, { name: 'Altrove' })).tokens.manager!;
    // An app, two restaurants and five sign-ins: on a machine shared with other work this takes
    // longer than one test's default wait, and nothing here measures time.
  }, 180_000);
  afterAll(async () => t?.close());

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the kitchen fixture is used before its beforeAll');
    return value;
  };
  const as = (who: KitchenRole) => ready(api).as(ready(token[who]));
  // The bar works bar-kind stations; the kitchen's cooks every other one. The kinds are the
  // built-ins' and those of the stations this fixture added.
  const kinds = new Map<string, StationKind>([
    ['kitchen', 'kitchen'],
    ['bar', 'bar'],
  ]);
  const worker = (slug: string): KitchenRole => (kinds.get(slug) === 'bar' ? 'bar' : 'kitchen');
  const move = (who: KitchenRole, id: string, action: TicketAction) =>
    as(who).call(ticketsRoutes.transitionTicket, { params: { id }, body: { action } });

  const fixture: KitchenFixture = {
    get t() {
      return ready(t);
    },
    get api() {
      return ready(api);
    },
    as,
    async addStation(slug, name, kind) {
      const res = await as('manager').call(stationsRoutes.createStation, {
        body: { slug, name, ...(kind ? { kind } : {}) },
      });
      expect(res.status, res.res.body).toBe(201);
      kinds.set(slug, res.data.kind);
    },
    async setItem(name, patch) {
      const item = await menuItemByName(ready(t), name);
      const row = (await as('manager').call(menuRoutes.listMenu)).data.find(
        (m) => m.id === item.id,
      )!;
      const res = await as('manager').call(menuRoutes.updateMenuItem, {
        params: { id: item.id },
        body: {
          name: row.name,
          category: row.category,
          price: row.price,
          available: row.available,
          special: row.special,
          station: row.station,
          ...patch,
        },
      });
      expect(res.status, res.res.body).toBe(200);
      return res.data;
    },
    async ticketsAt(station) {
      const res = await as(worker(station)).call(ticketsRoutes.listTickets, { query: { station } });
      expect(res.status, res.res.body).toBe(200);
      return res.data.tickets;
    },
    async ticketOf(station, orderId) {
      return (await fixture.ticketsAt(station)).find((x) => x.orderId === orderId);
    },
    move,
    async moveTo(who, id, last) {
      const steps = last === 'ready' ? (['start', 'ready'] as const) : BUMP_TO_SERVED;
      for (const action of steps) {
        const res = await move(who, id, action);
        expect(res.status, res.res.body).toBe(200);
      }
    },
  };
  return fixture;
}

const BUMP_TO_SERVED = ['start', 'ready', 'served'] as const;
