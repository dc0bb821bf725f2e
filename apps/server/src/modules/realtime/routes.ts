import {
  clientMessageSchema,
  staffNotificationDataSchema,
  WS_CLOSE,
  wsGuestQuerySchema,
  wsStaffQuerySchema,
  type DomainEvent,
} from '@tavola/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { Config } from '../../config.js';
import { events } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { FixedWindowLimiter } from '../../lib/rate-limiter.js';
import { authenticate } from '../auth/service.js';
import { recordEvent } from '../events/recorder.js';
import { resolvePublicTable } from '../tables/public-table.js';
import { RealtimeHub, type Client } from './hub.js';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

/** Replay covers at least the last 24 hours (issue 4). */
const REPLAY_WINDOW_MS = 24 * 3600_000;
const REPLAY_LIMIT = 2000;

function closeWith(socket: WebSocket, code: number, reason: string) {
  // Close reasons are limited to 123 bytes.
  socket.close(code, reason.slice(0, 120));
}

async function loadMissed(app: FastifyInstance, restaurantId: string, afterSeq: number) {
  const rows = await app.db
    .select()
    .from(events)
    .where(
      and(
        eq(events.restaurantId, restaurantId),
        gt(events.seq, afterSeq),
        sql`${events.createdAt} > ${new Date(Date.now() - REPLAY_WINDOW_MS)}`,
      ),
    )
    .orderBy(events.seq)
    .limit(REPLAY_LIMIT);
  return rows.map((r): DomainEvent => ({
    seq: r.seq,
    type: r.type,
    data: r.data,
    timestamp: r.createdAt.toISOString(),
    userId: r.userId,
    restaurantId: r.restaurantId,
    tableId: r.tableId,
  }));
}

type Identity = Pick<Client, 'restaurantId' | 'role' | 'userId' | 'tableId'>;

/**
 * Who is connecting: staff by bearer token (the spec's userId, role and restaurantId are checked
 * against the session, never trusted), or a guest's page by its table token.
 */
async function identify(app: FastifyInstance, query: unknown): Promise<Identity> {
  const q = (query ?? {}) as Record<string, unknown>;
  if (q.tableToken !== undefined) {
    const guest = wsGuestQuerySchema.safeParse(q);
    if (!guest.success) throw new AppError('VALIDATION', 'Invalid table token');
    const { table } = await resolvePublicTable(app.db, guest.data.tableToken);
    return { restaurantId: table.restaurantId, role: null, userId: null, tableId: table.id };
  }
  const staff = wsStaffQuerySchema.safeParse(q);
  if (!staff.success) throw new AppError('UNAUTHORIZED', 'Unauthorized: a staff token is required');
  const auth = await authenticate(app.db, staff.data.token);
  const { user } = auth;
  if (!auth.restaurantId)
    throw new AppError('FORBIDDEN', 'Forbidden: no restaurant for this account');
  if (staff.data.userId !== undefined && staff.data.userId !== user.id) {
    throw new AppError('FORBIDDEN', 'Forbidden: userId does not match the session');
  }
  if (staff.data.role !== undefined && staff.data.role !== user.role) {
    throw new AppError('FORBIDDEN', 'Forbidden: role does not match the session');
  }
  if (staff.data.restaurantId !== undefined && staff.data.restaurantId !== auth.restaurantId) {
    throw new AppError('FORBIDDEN', 'Forbidden: restaurantId does not match the session');
  }
  return { restaurantId: auth.restaurantId, role: user.role, userId: user.id, tableId: null };
}

const CLOSE_CODES: Record<string, number> = {
  UNAUTHORIZED: WS_CLOSE.unauthorized,
  FORBIDDEN: WS_CLOSE.forbidden,
  NOT_FOUND: WS_CLOSE.notFound,
  CONFLICT: WS_CLOSE.forbidden,
  VALIDATION: WS_CLOSE.badRequest,
};

async function realtime(app: FastifyInstance, { config }: { config: Config }) {
  const hub = new RealtimeHub(app.bus, app.log, {
    heartbeatMs: config.wsHeartbeatMs,
    maxBufferedBytes: 1024 * 1024,
  });
  app.decorate('realtime', hub);
  app.addHook('onClose', async () => hub.close());

  app.get(
    '/ws',
    { websocket: true, config: { public: true } },
    (socket, request: FastifyRequest) => {
      const lastSeqRaw = (request.query as { lastSeq?: unknown } | undefined)?.lastSeq;
      const lastSeq =
        typeof lastSeqRaw === 'string' && /^\d{1,15}$/.test(lastSeqRaw)
          ? Number(lastSeqRaw)
          : undefined;
      const pending: Buffer[] = [];
      let client: Client | null = null;
      const limiter = new FixedWindowLimiter(30, 10_000);

      const onMessage = (raw: Buffer) => {
        if (!client) {
          if (pending.length < 20) pending.push(raw);
          return;
        }
        if (limiter.hit('m') > 0) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          request.log.warn('realtime: ignored a message that is not JSON');
          return;
        }
        const message = clientMessageSchema.safeParse(parsed);
        if (!message.success) {
          request.log.warn('realtime: ignored a message with an invalid shape');
          return;
        }
        const { type, data } = message.data;
        if (type === 'user_joined' || type === 'ping') return;
        if (type === 'staff_notification' && client.role) {
          const body = staffNotificationDataSchema.safeParse(data);
          if (!body.success) return;
          const from = client;
          void app.db
            .transaction((tx) =>
              recordEvent(tx, from.restaurantId, {
                type: 'staff_notification',
                data: { message: body.data.message, fromRole: from.role },
                userId: from.userId,
              }),
            )
            .then((event) => app.publish([event]))
            .catch((err: unknown) => request.log.warn({ err }, 'realtime: notification not saved'));
          return;
        }
        request.log.warn({ type }, 'realtime: ignored a message of an unknown type');
      };
      socket.on('message', onMessage);
      socket.on('error', (err) => request.log.debug({ err }, 'realtime: socket error'));

      identify(app, request.query)
        .then(async (identity) => {
          if (socket.readyState !== socket.OPEN) return;
          client = {
            socket,
            ...identity,
            alive: true,
            replaying: false,
            queued: [],
            sent: new Set(),
            sentOrder: [],
          };
          await hub.attach(client, lastSeq, (after) =>
            loadMissed(app, identity.restaurantId, after),
          );
          for (const raw of pending.splice(0)) onMessage(raw);
        })
        .catch((error: unknown) => {
          if (error instanceof AppError) {
            closeWith(socket, CLOSE_CODES[error.code] ?? WS_CLOSE.forbidden, error.message);
          } else {
            request.log.error({ err: error }, 'realtime: connection setup failed');
            closeWith(socket, 1011, 'Server error, try again');
          }
        });
    },
  );
}

/** Not encapsulated: the hub is `app.realtime` for the whole app (shutdown, tests, benchmarks). */
export const realtimeRoutes = fp(realtime, {
  name: 'realtime',
  dependencies: ['events', 'database'],
});
