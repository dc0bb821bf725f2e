import { printersRoutes, type AgentMessage } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import type { ModuleRouteOptions } from '../../core/module.js';
import {
  AGENT_REVOKED_CLOSE,
  agentByToken,
  agentHubFor,
  createPrintAgent,
  listPrintAgents,
  revokePrintAgent,
} from './agents.js';
import { printQueueFor } from './queue.js';
import {
  createPrinter,
  deletePrinter,
  listPrinters,
  listPrintJobs,
  printReceipt,
  printZReport,
  reprintOrder,
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

  defineRoute(app, printersRoutes.reprintOrder, async (request, reply) => {
    const jobs = await reprintOrder(app.db, staffActor(request), request.body.orderNumber);
    queue.kick();
    return reply.code(202).send({ success: true as const, data: jobs.map(toPrintJob) });
  });

  defineRoute(app, printersRoutes.printReceipt, async (request, reply) => {
    const job = await printReceipt(app.db, staffActor(request), request.body);
    queue.kick();
    return reply.code(202).send({ success: true as const, data: toPrintJob(job) });
  });

  defineRoute(app, printersRoutes.printZReport, async (request, reply) => {
    const job = await printZReport(app.db, staffActor(request), request.body.date);
    queue.kick();
    return reply.code(202).send({ success: true as const, data: toPrintJob(job) });
  });

  // Print agents: their tokens, and the one socket each keeps open to the server.
  const hub = agentHubFor(ctx);
  app.addHook('onClose', async () => hub.close());

  defineRoute(app, printersRoutes.listPrintAgents, async (request) => ({
    success: true as const,
    data: await listPrintAgents(ctx, requireRestaurantId(request)),
  }));

  defineRoute(app, printersRoutes.createPrintAgent, async (request, reply) => {
    const data = await createPrintAgent(ctx, staffActor(request), request.body.name);
    // The only answer with the token: no cache may keep it.
    reply.header('cache-control', 'no-store').code(201);
    return { success: true as const, data };
  });

  defineRoute(app, printersRoutes.revokePrintAgent, async (request) => ({
    success: true as const,
    data: await revokePrintAgent(ctx, staffActor(request), request.params.id),
  }));

  // The agent's socket: a device token, not a staff one; outside /api (like /ws), so no staff
  // credential is asked for. The agent can only receive jobs and answer them here.
  app.get('/agent', { websocket: true, config: { public: true } }, (socket, request) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    void (async () => {
      const agent = token ? await agentByToken(app.db, token) : null;
      if (!agent) {
        socket.close(AGENT_REVOKED_CLOSE, 'Unknown or revoked token');
        return;
      }
      hub.attach(agent.id, socket);
      const hello: AgentMessage = { type: 'hello', agentId: agent.id, name: agent.name };
      socket.send(JSON.stringify(hello));
      // Jobs that waited for it go now.
      queue.kick();
    })();
  });
};
