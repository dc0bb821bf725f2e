import { printersRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import type { ModuleRouteOptions } from '../../core/module.js';
import { printQueueFor } from './queue.js';
import {
  createPrinter,
  deletePrinter,
  listPrinters,
  listPrintJobs,
  printReceipt,
  printZReport,
  reprintTicket,
  setStationPrinters,
  testPrinter,
  toPrintJob,
  updatePrinter,
} from './service.js';

export const printerRoutes: FastifyPluginAsync<ModuleRouteOptions> = async (app, { ctx }) => {
  const queue = printQueueFor(ctx);

  defineRoute(app, printersRoutes.listPrinters, async (request) => ({
    success: true as const,
    data: await listPrinters(app.db, requireRestaurantId(request)),
  }));

  defineRoute(app, printersRoutes.createPrinter, async (request, reply) => {
    const data = await createPrinter(ctx, staffActor(request), request.body);
    return reply.code(201).send({ success: true as const, data });
  });

  defineRoute(app, printersRoutes.updatePrinter, async (request) => {
    const data = await updatePrinter(ctx, staffActor(request), request.params.id, request.body);
    // Jobs waiting for it may go now (a new address, a printer back in service).
    queue.kick();
    return { success: true as const, data };
  });

  defineRoute(app, printersRoutes.deletePrinter, async (request) => ({
    success: true as const,
    data: await deletePrinter(ctx, staffActor(request), request.params.id),
  }));

  defineRoute(app, printersRoutes.setStationPrinters, async (request) => {
    const data = await setStationPrinters(
      ctx,
      staffActor(request),
      request.params.station,
      request.body,
    );
    queue.kick();
    return { success: true as const, data };
  });

  defineRoute(app, printersRoutes.listPrintJobs, async (request) => ({
    success: true as const,
    data: await listPrintJobs(app.db, requireRestaurantId(request)),
  }));

  defineRoute(app, printersRoutes.testPrinter, async (request, reply) => {
    const job = await testPrinter(app.db, staffActor(request), request.params.id);
    queue.kick();
    return reply.code(202).send({ success: true as const, data: toPrintJob(job) });
  });

  defineRoute(app, printersRoutes.reprintTicket, async (request, reply) => {
    const job = await reprintTicket(app.db, staffActor(request), request.params.id);
    queue.kick();
    return reply.code(202).send({ success: true as const, data: toPrintJob(job) });
  });

  defineRoute(app, printersRoutes.printReceipt, async (request, reply) => {
    const job = await printReceipt(app.db, staffActor(request), request.body.number);
    queue.kick();
    return reply.code(202).send({ success: true as const, data: toPrintJob(job) });
  });

  defineRoute(app, printersRoutes.printZReport, async (request, reply) => {
    const job = await printZReport(app.db, staffActor(request), request.body.date);
    queue.kick();
    return reply.code(202).send({ success: true as const, data: toPrintJob(job) });
  });
};
