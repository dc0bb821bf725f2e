import {
  claimTableResponseSchema,
  deletedResponseSchema,
  idParamSchema,
  QR_ADDRESS_MISSING,
  reassignedTableResponseSchema,
  reassignedTablesResponseSchema,
  reassignTableInputSchema,
  reassignWaiterTablesInputSchema,
  tableCreatedResponseSchema,
  tableInputSchema,
  tableListResponseSchema,
  tableQrResponseSchema,
  tableUpdatedResponseSchema,
  tableWaiterListResponseSchema,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { errorResponses, fileContent } from '../../core/http/responses.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { restaurants } from '../../core/db/schema.js';
import { conflict } from '../../core/http/errors.js';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { staffActor } from '../../core/auth/actors.js';
import { logoForPrint, readRestaurantBranding } from '../../platform/branding/index.js';
import { claimTable, listTableWaiters, reassignTable, reassignWaiterTables } from './assignment.js';
import {
  createTable,
  deleteTable,
  listTables,
  orderUrl,
  qrPdf,
  qrPng,
  qrSvg,
  recordQrDownload,
  rotateTableToken,
  tableById,
  updateTable,
} from './service.js';

/** Tables and their QR codes, for managers (`manage_tables`). */
export const tableRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const preHandler = requirePermission('manage_tables');
  const tags = ['Tables'];

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
    if (!found.base) throw conflict(QR_ADDRESS_MISSING);
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
  app.post(
    '/api/tables/:id/claim',
    {
      schema: {
        tags: ['Floor'],
        summary: "Claim a table: it becomes the waiter's",
        params: idParamSchema,
        response: { 200: claimTableResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler: requirePermission('manage_orders'),
    },
    async (request) => {
      await claimTable(app, staffActor(request), request.params.id);
      return { success: true as const, data: { claimed: true as const } };
    },
  );

  // Who can take a table: the waiter's Hand over and the manager's Reassign pick from these.
  app.get(
    '/api/tables/waiters',
    {
      schema: {
        tags: ['Floor'],
        summary: "The restaurant's active waiters, with how many tables each holds",
        response: { 200: tableWaiterListResponseSchema },
      },
      preHandler: requirePermission('view_tables'),
    },
    async (request) => ({
      success: true as const,
      data: await listTableWaiters(app.db, requireRestaurantId(request)),
    }),
  );

  // A manager gives a table to another waiter; a waiter hands their own table to a colleague.
  app.post(
    '/api/tables/:id/reassign',
    {
      schema: {
        tags: ['Floor'],
        summary: 'Reassign a table to an active waiter (a waiter: hand over their own table)',
        params: idParamSchema,
        body: reassignTableInputSchema,
        response: { 200: reassignedTableResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler: requirePermission('manage_orders'),
    },
    async (request) => ({
      success: true as const,
      data: await reassignTable(app, staffActor(request), request.params.id, request.body.waiterId),
    }),
  );

  app.post(
    '/api/tables/reassign',
    {
      schema: {
        tags,
        summary: 'Move every table of one waiter to another (or release them: toWaiterId null)',
        body: reassignWaiterTablesInputSchema,
        response: { 200: reassignedTablesResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await reassignWaiterTables(
        app,
        staffActor(request),
        request.body.fromWaiterId,
        request.body.toWaiterId,
      ),
    }),
  );

  app.get(
    '/api/tables',
    {
      schema: {
        tags,
        summary: "The restaurant's tables with their codes and order addresses",
        response: { 200: tableListResponseSchema },
      },
      preHandler,
    },
    async (request) => {
      const restaurantId = requireRestaurantId(request);
      const { base } = await publicBase(restaurantId);
      return { success: true as const, data: await listTables(app.db, restaurantId, base) };
    },
  );

  app.post(
    '/api/tables',
    {
      schema: {
        tags,
        summary: "Add a table (within the plan's tables)",
        body: tableInputSchema,
        response: { 201: tableCreatedResponseSchema, ...errorResponses(409) },
      },
      preHandler,
    },
    async (request, reply) => {
      const table = await createTable(app, staffActor(request), request.body);
      return reply
        .status(201)
        .send({ success: true as const, data: { id: table.id, number: table.number } });
    },
  );

  app.put(
    '/api/tables/:id',
    {
      schema: {
        tags,
        summary: "Change a table's number, capacity or status",
        params: idParamSchema,
        body: tableInputSchema,
        response: { 200: tableUpdatedResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler,
    },
    async (request) => {
      const table = await updateTable(app, staffActor(request), request.params.id, request.body);
      return {
        success: true as const,
        data: { id: table.id, number: table.number, status: table.status },
      };
    },
  );

  app.delete(
    '/api/tables/:id',
    {
      schema: {
        tags,
        summary: 'Retire a table (its code stops working)',
        params: idParamSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler,
    },
    async (request) => {
      await deleteTable(app, staffActor(request), request.params.id);
      return { success: true as const, data: { deleted: true as const } };
    },
  );

  app.post(
    '/api/tables/:id/rotate-qr',
    {
      schema: {
        tags,
        summary: 'Give a table a new code (the printed one stops working)',
        params: idParamSchema,
        response: { 200: tableQrResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => {
      const actor = staffActor(request);
      const table = await rotateTableToken(app, actor, request.params.id);
      const { base } = await publicBase(actor.restaurantId);
      return {
        success: true as const,
        data: { qrToken: table.qrToken, orderUrl: base ? orderUrl(base, table.qrToken) : null },
      };
    },
  );

  // The table's code as an image: PNG for printing at home, SVG for print shops.
  for (const [ext, type, render] of [
    ['png', 'image/png', qrPng],
    ['svg', 'image/svg+xml', qrSvg],
  ] as const) {
    app.get(
      `/api/tables/:id/qr.${ext}`,
      {
        schema: {
          tags,
          summary: `The table's code as ${ext.toUpperCase()}, pointing at its order page`,
          params: idParamSchema,
          response: { 200: { content: fileContent(type) }, ...errorResponses(404, 409) },
        },
        preHandler,
      },
      async (request, reply) => {
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
      },
    );
  }

  app.get(
    '/api/tables/qr.pdf',
    {
      schema: {
        tags,
        summary: "Every table's code on a printable PDF, one per page",
        response: { 200: { content: fileContent('application/pdf') }, ...errorResponses(409) },
      },
      preHandler,
    },
    async (request, reply) => {
      const restaurantId = requireRestaurantId(request);
      const { base, name } = await printableBase(restaurantId);
      const brand = await printBrand(restaurantId, name);
      const pdf = await qrPdf(
        { name: brand.name, color: brand.color, logo: await logoForPrint(brand.logoUrl) },
        await listTables(app.db, restaurantId, base),
      );
      await recordQrDownload(app, staffActor(request), { format: 'pdf' });
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="table-qr-codes.pdf"')
        .send(Buffer.from(pdf));
    },
  );
};
