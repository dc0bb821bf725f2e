import { paymentsRoutes, printersRoutes } from '@tavola/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { placeOrder } from '../../testing/business-day.js';
import { client, type Client } from '../../testing/client.js';
import { createOtherRestaurant, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { startPrinterEmulator, type PrinterEmulator } from '../../testing/printer-emulator.js';
import { printQueueFor } from './queue.js';

/**
 * Printing on demand from the staff screens: a receipt's copy (by its number or its order's)
 * and an order's tickets again, from the order history. Each prints once, on the emulator.
 */
const config = testConfig({ printers: { allowAnyPort: true } });

describe.each(BACKENDS)('Printing on demand on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  const token: Record<string, string> = {};
  let receiptPrinter: PrinterEmulator;
  let kitchenPrinter: PrinterEmulator;
  let otherPrinter: PrinterEmulator;
  let paid: { orderNumber: number; receiptNumber: number };
  let unpaidOrder: number;

  const as = (who: string) => api.as(token[who]!);
  const settle = async () => {
    const ctx = { db: t.app.db, bus: t.app.bus, config, log: t.app.log };
    await t.app.consumers.runPending();
    await printQueueFor(ctx).idle();
    await Promise.all([receiptPrinter, kitchenPrinter, otherPrinter].map((p) => p.idle()));
  };
  const copies = () => receiptPrinter.printed.filter((j) => j.text.includes('COPY'));
  const reprints = () => kitchenPrinter.printed.filter((j) => j.text.includes('REPRINT'));

  beforeAll(async () => {
    t = await createTestApp(backend, { printers: { allowAnyPort: true } });
    api = client(t.app);
    for (const role of ['manager', 'waiter', 'kitchen'] as const) {
      token[role] = await signInAs(t, role);
    }
    token.other = (await createOtherRestaurant(t, { name: 'Altrove' })).tokens.manager!;
    receiptPrinter = await startPrinterEmulator();
    kitchenPrinter = await startPrinterEmulator();
    otherPrinter = await startPrinterEmulator();
    const add = async (who: string, p: PrinterEmulator, receipt: boolean) => {
      const res = await as(who).call(printersRoutes.createPrinter, {
        body: { name: receipt ? 'Till' : 'Kitchen', host: p.host, port: p.port, receipt },
      });
      expect(res.status, res.res.body).toBe(201);
      return res.data.id;
    };
    await add('manager', receiptPrinter, true);
    const kitchen = await add('manager', kitchenPrinter, false);
    await as('manager').call(printersRoutes.setStationPrinters, {
      params: { station: 'kitchen' },
      body: { printerId: kitchen, backupPrinterId: null },
    });
    // The other restaurant has a receipt printer too: only the tenant check can refuse it.
    await add('other', otherPrinter, true);

    const order = await placeOrder(t, 'QR-T2', [
      ['Caesar Salad', 1],
      ['Espresso', 2],
    ]);
    const payment = await as('manager').call(paymentsRoutes.recordPayment, {
      params: { id: order.sessionId },
      body: { method: 'cash' },
    });
    expect(payment.status, payment.res.body).toBe(201);
    paid = { orderNumber: order.order_number, receiptNumber: payment.data.receiptNumber! };
    unpaidOrder = (await placeOrder(t, 'QR-T3', [['Caesar Salad', 1]])).order_number;
    await settle();
    // An app, three printers, two orders and a payment: more than one hook's usual share.
  }, 180_000);
  afterAll(async () => {
    await Promise.all([receiptPrinter, kitchenPrinter, otherPrinter].map((p) => p?.close()));
    await t?.close();
  });

  describe('POST /api/printers/receipts', () => {
    it("prints a receipt's copy once on the receipt printer, by its number or its order's", async () => {
      const before = copies().length;
      const byNumber = await as('waiter').call(printersRoutes.printReceipt, {
        body: { number: paid.receiptNumber },
      });
      expect(byNumber.status, byNumber.res.body).toBe(202);
      expect(byNumber.data).toMatchObject({ kind: 'receipt', status: 'pending' });
      await settle();
      expect(copies()).toHaveLength(before + 1);
      const copy = copies().at(-1)!;
      expect(copy.text).toContain(`Receipt #${paid.receiptNumber}`);
      expect(copy.text.some((l) => l.startsWith('1 x Caesar Salad'))).toBe(true);
      expect(copy.qrCodes).toEqual([
        expect.stringMatching(`^tavola:receipt:${paid.receiptNumber}:`),
      ]);
      expect(copy.cuts).toBe(1);

      const byOrder = await as('manager').call(printersRoutes.printReceipt, {
        body: { orderNumber: paid.orderNumber },
      });
      expect(byOrder.status, byOrder.res.body).toBe(202);
      await settle();
      expect(copies()).toHaveLength(before + 2);
      expect(copies().at(-1)!.text).toEqual(copy.text);
      // Nothing else printed it, and nothing prints it again.
      await settle();
      expect(copies()).toHaveLength(before + 2);
      expect(otherPrinter.printed).toEqual([]);
    });

    it("refuses a role without the permission, and another restaurant's receipt as not found", async () => {
      const kitchen = await as('kitchen').send(printersRoutes.printReceipt, {
        body: { number: paid.receiptNumber },
      });
      expect(kitchen.status).toBe(403);
      expect(kitchen.body).toMatchObject({ success: false, error: expect.any(String) });
      for (const body of [{ number: paid.receiptNumber }, { orderNumber: paid.orderNumber }]) {
        const other = await as('other').send(printersRoutes.printReceipt, { body });
        expect(other.status, JSON.stringify(body)).toBe(404);
        expect(other.body).toMatchObject({ success: false, error: expect.any(String) });
      }
      await settle();
      expect(otherPrinter.printed).toEqual([]);
    });

    it('answers bad input with the 400 envelope, and an unpaid order with a refusal', async () => {
      for (const body of [
        {},
        { number: 'one' },
        { number: -1 },
        { number: 1.5 },
        { number: paid.receiptNumber, orderNumber: paid.orderNumber },
      ]) {
        const res = await as('manager').send(printersRoutes.printReceipt, { body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject({
          success: false,
          error: expect.any(String),
          code: 'VALIDATION',
        });
      }
      const unknown = await as('manager').send(printersRoutes.printReceipt, {
        body: { number: 99_999 },
      });
      expect(unknown.status).toBe(404);
      const unpaid = await as('manager').send(printersRoutes.printReceipt, {
        body: { orderNumber: unpaidOrder },
      });
      expect(unpaid.status).toBe(404);
      expect(unpaid.body).toMatchObject({ success: false, code: 'RECEIPT_BILL_NOT_PAID' });
    });
  });

  describe('POST /api/printers/orders', () => {
    it("prints an order's tickets again, marked REPRINT, once each on its station's printer", async () => {
      const res = await as('manager').call(printersRoutes.reprintOrder, {
        body: { orderNumber: paid.orderNumber },
      });
      expect(res.status, res.res.body).toBe(202);
      // The salad's kitchen ticket prints; the bar (the espressos) has no printer here.
      expect(res.data).toEqual([expect.objectContaining({ kind: 'ticket', station: 'kitchen' })]);
      await settle();
      expect(reprints()).toHaveLength(1);
      expect(reprints()[0]!.text).toContain(`#${paid.orderNumber}`);
      expect(reprints()[0]!.text.some((l) => l.includes('Caesar Salad'))).toBe(true);
      await settle();
      expect(reprints()).toHaveLength(1);
    });

    it("refuses the kitchen, another restaurant's order, an unknown order and bad input", async () => {
      expect(
        (
          await as('kitchen').send(printersRoutes.reprintOrder, {
            body: { orderNumber: paid.orderNumber },
          })
        ).status,
      ).toBe(403);
      const other = await as('other').send(printersRoutes.reprintOrder, {
        body: { orderNumber: paid.orderNumber },
      });
      expect(other.status).toBe(404);
      expect(other.body).toMatchObject({ success: false, code: 'ORDER_NOT_FOUND' });
      const bad = await as('manager').send(printersRoutes.reprintOrder, {
        body: { orderNumber: 'x' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION' });
      await settle();
      expect(reprints()).toHaveLength(1);
      expect(otherPrinter.printed).toEqual([]);
    });
  });
});
