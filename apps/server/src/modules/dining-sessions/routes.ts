import { diningSessionsRoutes, tablesRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { defineRoute } from '../../core/http/define-route.js';
import { closeTable } from './close.js';
import { moveBill } from './move.js';
import { seatTable } from './seat.js';
import { splitBill } from './split.js';

/**
 * Staff open a table's dining session (seat a party from the floor), move it or some of its
 * orders or lines to another table, split it into two checks at the table, and end it: Close table, on the waiter's floor and in Tables.
 */
export const diningSessionRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, tablesRoutes.seatTable, async (request) => ({
    success: true as const,
    data: await seatTable(app, staffActor(request), request.params.id, request.body.guests),
  }));

  defineRoute(app, tablesRoutes.moveTableBill, async (request) => ({
    success: true as const,
    data: await moveBill(app, staffActor(request), request.params.id, request.body),
  }));

  defineRoute(app, tablesRoutes.splitTableBill, async (request, reply) =>
    reply.status(201).send({
      success: true as const,
      data: await splitBill(app, staffActor(request), request.params.id, request.body),
    }),
  );

  defineRoute(app, diningSessionsRoutes.closeTable, async (request) => ({
    success: true as const,
    data: await closeTable(app, staffActor(request), request.params.id, request.body ?? {}),
  }));
};
