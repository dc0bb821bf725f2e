import {
  integrationsRoutes,
  ordersRoutes,
  printersRoutes,
  type DomainEvent,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printJobs, webhookDeliveries } from '../core/db/schema.js';
import { client, type Client } from '../testing/client.js';
import { type TestDatabase } from '../testing/harness.js';
import { heard, twoInstances, type TwoInstances } from '../testing/instances.js';
import { startPrinterEmulator, type PrinterEmulator } from '../testing/printer-emulator.js';

/**
 * Two instances behind one PostgreSQL and one Redis. A restaurant with no webhook endpoint and
 * no printer does not wake the consumers on a commit; B remembers that, and must forget it as
 * soon as it hears that an endpoint or a printer was added on A. Only B runs consumers here,
 * and the tick never runs: what B hands on, it handed on because a commit woke it.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.REDIS_URL)(
  'consumers across two instances when an endpoint or a printer is added',
  () => {
    let instances: TwoInstances;
    let db: TestDatabase;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let apiA: Client;
    let printer: PrinterEmulator;
    let salad: string;
    let orders = 0;

    beforeAll(async () => {
      instances = await twoInstances({
        webhooks: { allowLoopbackHttp: true },
        printers: { allowAnyPort: true },
      });
      ({ db, a, b } = instances);
      await a.consumers.stop();
      apiA = client(a);
      printer = await startPrinterEmulator();
      const menu = await a.inject({ method: 'GET', url: '/api/menu/public?token=QR-T2' });
      const food = menu.json<{ data: { menu: { food: { id: string; name: string }[] } } }>().data
        .menu.food;
      salad = food.find((i) => i.name === 'Caesar Salad')!.id;
    });
    afterAll(async () => {
      await instances?.close();
      await printer?.close();
    });

    const heardOnB = (type: DomainEvent['type'], action?: string) => heard(b, type, action);

    /** A guest order placed on A; resolves once B heard it and its consumers are done. */
    const orderOnA = async () => {
      const heard = heardOnB('order_placed');
      const placed = await apiA.call(ordersRoutes.placeOrder, {
        headers: { 'idempotency-key': `subscriber-instances-${++orders}` },
        body: { token: 'QR-T2', items: [{ menuItemId: salad, quantity: 1 }], currency: 'eur' },
      });
      expect(placed.status, placed.res.body).toBe(201);
      await heard;
      await b.consumers.idle();
      return placed.data.orderId;
    };

    it('B hands events to a webhook endpoint added on A, none from before it', async () => {
      const before = await orderOnA();
      const heard = heardOnB('audit_logged', 'webhook.created');
      const created = await apiA.as('admin1').call(integrationsRoutes.createWebhook, {
        body: { url: 'http://127.0.0.1:9/hook', eventTypes: ['order.created'] },
      });
      expect(created.status, created.res.body).toBe(201);
      await heard;
      const after = await orderOnA();

      const deliveries = await db.database.db
        .select({ payload: webhookDeliveries.payload })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, created.data.id));
      const delivered = JSON.stringify(deliveries);
      expect(delivered).toContain(after);
      expect(delivered).not.toContain(before);
      expect(deliveries).toHaveLength(1);
    });

    it('B prints the tickets of a printer added on A, none from before it', async () => {
      const before = await orderOnA();
      const added = heardOnB('audit_logged', 'printer.created');
      const made = await apiA.as('manager1').call(printersRoutes.createPrinter, {
        body: { name: 'Kitchen', host: printer.host, port: printer.port },
      });
      expect(made.status, made.res.body).toBe(201);
      await added;
      const assigned = heardOnB('audit_logged', 'printer.station_assigned');
      const set = await apiA.as('manager1').call(printersRoutes.setStationPrinters, {
        params: { station: 'kitchen' },
        body: { printerId: made.data.id, backupPrinterId: null },
      });
      expect(set.status, set.res.body).toBe(200);
      await assigned;
      const after = await orderOnA();

      const jobs = await db.database.db
        .select({ document: printJobs.document })
        .from(printJobs)
        .where(eq(printJobs.kind, 'ticket'));
      const printed = JSON.stringify(jobs);
      expect(printed).toContain(after);
      expect(printed).not.toContain(before);
      expect(jobs).toHaveLength(1);
    });
  },
);
