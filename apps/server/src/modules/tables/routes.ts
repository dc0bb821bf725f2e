import { tablesRoutes as routes } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { defineRoute } from '../../core/http/define-route.js';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import { restaurants } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { staffActor } from '../../core/auth/actors.js';
import { logoForPrint, readRestaurantBranding } from '../../platform/branding/index.js';
import { claimTable, listTableWaiters, reassignTable, reassignWaiterTables } from './assignment.js';
import {
  createTable,
  deleteTable,
  listTables,
  orderUrl,
  recordQrDownload,
  rotateTableToken,
  tableById,
  updateTable,
} from './service.js';
import { qrPng, qrSvg } from './qr-codes.js';
import { qrSheetPdf } from './qr-pdf-thread.js';

/** Tables and their QR codes, for managers (`manage_tables`). */
export const tableRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  /**
   * Where guests reach this restaurant: its own public address, else the configured PUBLIC_URL;
   * never the request's Host header, which a caller chooses (and would end up on printed codes).
   */
  const publicBase = async (restaurantId: string) => {
    const [r] = await app.db
      .select({ publicUrl: restaurants.publicUrl, name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    return { base: r?.publicUrl ?? config.publicUrl ?? null, name: r?.name ?? 'Tavola' };
  };
  const printableBase = async (restaurantId: string) => {
    const found = await publicBase(restaurantId);
    if (!found.base) throw refuse('QR_ADDRESS_MISSING');
    return { ...found, base: found.base };
  };
  /** The brand printed codes carry: the restaurant's own on a white-label plan, else the platform's. */
  const printBrand = async (restaurantId: string, restaurantName: string) => {
    const { effective } = await readRestaurantBranding(app.db, restaurantId);
    // The platform's own brand does not rename a restaurant's sheet: only its own brand does.
    const name =
      effective.source === 'restaurant' && effective.brandName
        ? effective.brandName
        : restaurantName;
    return { name, color: effective.primaryColor, logoUrl: effective.logoUrl };
  };

  // A waiter (or manager) takes a table: it becomes theirs and its new_table notification clears.
  defineRoute(app, routes.claimTable, async (request) => {
    await claimTable(app, staffActor(request), request.params.id);
    return { success: true as const, data: { claimed: true as const } };
  });

  // Who can take a table: the waiter's Hand over and the manager's Reassign pick from these.
  defineRoute(app, routes.listTableWaiters, async (request) => ({
    success: true as const,
    data: await listTableWaiters(app.db, requireRestaurantId(request)),
  }));

  // A manager gives a table to another waiter; a waiter hands their own table to a colleague.
  defineRoute(app, routes.reassignTable, async (request) => ({
    success: true as const,
    data: await reassignTable(app, staffActor(request), request.params.id, request.body.waiterId),
  }));

  defineRoute(app, routes.reassignWaiterTables, async (request) => ({
    success: true as const,
    data: await reassignWaiterTables(
      app,
      staffActor(request),
      request.body.fromWaiterId,
      request.body.toWaiterId,
    ),
  }));

  defineRoute(app, routes.listTables, async (request) => {
    const restaurantId = requireRestaurantId(request);
    const { base } = await publicBase(restaurantId);
    return { success: true as const, data: await listTables(app.db, restaurantId, base) };
  });

  defineRoute(app, routes.createTable, async (request, reply) => {
    const table = await createTable(app, staffActor(request), request.body);
    return reply
      .status(201)
      .send({ success: true as const, data: { id: table.id, number: table.number } });
  });

  defineRoute(app, routes.updateTable, async (request) => {
    const table = await updateTable(app, staffActor(request), request.params.id, request.body);
    return {
      success: true as const,
      data: { id: table.id, number: table.number, status: table.status },
    };
  });

  defineRoute(app, routes.deleteTable, async (request) => {
    await deleteTable(app, staffActor(request), request.params.id);
    return { success: true as const, data: { deleted: true as const } };
  });

  defineRoute(app, routes.rotateTableQr, async (request) => {
    const actor = staffActor(request);
    const table = await rotateTableToken(app, actor, request.params.id);
    const { base } = await publicBase(actor.restaurantId);
    return {
      success: true as const,
      data: { qrToken: table.qrToken, orderUrl: base ? orderUrl(base, table.qrToken) : null },
    };
  });

  // The table's code as an image: PNG for printing at home, SVG for print shops.
  for (const [route, ext, type, render] of [
    [routes.getTableQrPng, 'png', 'image/png', qrPng],
    [routes.getTableQrSvg, 'svg', 'image/svg+xml', qrSvg],
  ] as const) {
    defineRoute(app, route, async (request, reply) => {
      const restaurantId = requireRestaurantId(request);
      const table = await tableById(app.db, restaurantId, request.params.id);
      const { base, name } = await printableBase(restaurantId);
      const brand = await printBrand(restaurantId, name);
      const image = await render(orderUrl(base, table.qrToken), brand.color);
      await recordQrDownload(app, staffActor(request), {
        format: ext,
        tableNumber: table.number,
      });
      return reply
        .type(type)
        .header('content-disposition', `attachment; filename="table-${table.number}.${ext}"`)
        .send(image);
    });
  }

  defineRoute(app, routes.getTableQrPdf, async (request, reply) => {
    const restaurantId = requireRestaurantId(request);
    const { base, name } = await printableBase(restaurantId);
    const brand = await printBrand(restaurantId, name);
    const pdf = await qrSheetPdf({
      brand: { name: brand.name, color: brand.color, logo: await logoForPrint(brand.logoUrl) },
      tables: (await listTables(app.db, restaurantId, base)).map((t) => ({
        number: t.number,
        orderUrl: t.orderUrl,
      })),
    });
    await recordQrDownload(app, staffActor(request), { format: 'pdf' });
    return reply
      .type('application/pdf')
      .header('content-disposition', 'attachment; filename="table-qr-codes.pdf"')
      .send(Buffer.from(pdf));
  });
};
