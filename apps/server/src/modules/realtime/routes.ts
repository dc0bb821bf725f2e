import {
  clientMessageSchema,
  pingDataSchema,
  type ServerControlMessage,
  WS_PONG,
  WS_READY,
  staffNotificationDataSchema,
  WS_CLOSE,
  WS_REVOKED,
  WS_TRY_AGAIN_LATER,
  wsGuestQuerySchema,
  wsStaffQuerySchema,
  type DomainEvent,
  type PlatformEvent,
} from '@tavola/contract';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../core/db/client.js';
import {
  authSessions,
  diningSessions,
  events,
  platformEvents,
  restaurants,
  tables,
  users,
} from '../../core/db/schema.js';
import { AppError, refuse } from '../../core/http/errors.js';
import { FixedWindowLimiter } from '../../core/lib/rate-limiter.js';
import { authenticate } from '../auth/index.js';
import { markGuestsPresent } from '../dining-sessions/index.js';
import { resolvePublicTable } from '../tables/index.js';
import { RealtimeHub, type Client, type Revocation } from './hub.js';
import { sendStaffNotification } from './notifications.js';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

/** Replay covers at least the last 24 hours. */
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
  // Rows hold what the unit of work wrote: each type with its own data.
  return rows.map(
    (r) =>
      ({
        seq: r.seq,
        type: r.type,
        data: r.data,
        timestamp: r.createdAt.toISOString(),
        userId: r.userId,
        restaurantId: r.restaurantId,
        tableId: r.tableId,
      }) as DomainEvent,
  );
}

/** The platform events a team screen missed after `afterSeq` (the same window as restaurants'). */
async function loadMissedPlatform(app: FastifyInstance, afterSeq: number) {
  const rows = await app.db
    .select()
    .from(platformEvents)
    .where(
      and(
        gt(platformEvents.id, afterSeq),
        sql`${platformEvents.createdAt} > ${new Date(Date.now() - REPLAY_WINDOW_MS)}`,
      ),
    )
    .orderBy(platformEvents.id)
    .limit(REPLAY_LIMIT);
  // Rows hold what the unit of work wrote: each type with its own data.
  return rows.map(
    (r) =>
      ({
        seq: r.id,
        type: r.type,
        data: r.data,
        timestamp: r.createdAt.toISOString(),
        userId: r.userId,
        restaurantId: r.restaurantId,
      }) as PlatformEvent,
  );
}

type Identity = Pick<
  Client,
  | 'restaurantId'
  | 'role'
  | 'userId'
  | 'tableId'
  | 'tableToken'
  | 'authSessionId'
  | 'expiresAt'
  | 'since'
  | 'staff'
>;

/**
 * Who is connecting: staff by bearer token (the spec's userId, role and restaurantId are checked
 * against the session, never trusted), or a guest's page by its table token.
 */
async function identify(app: FastifyInstance, query: unknown): Promise<Identity> {
  const q = (query ?? {}) as Record<string, unknown>;
  if (q.tableToken !== undefined) {
    const guest = wsGuestQuerySchema.safeParse(q);
    if (!guest.success) throw refuse('WS_TABLE_TOKEN_INVALID');
    // A suspended restaurant's guests may listen (they hear nothing but its reactivation).
    const { table } = await resolvePublicTable(app.db, guest.data.tableToken, {
      evenSuspended: true,
    });
    // The party at the table now: its dining session's start, or this moment when none is open.
    const [open] = await app.db
      .select({ openedAt: diningSessions.openedAt })
      .from(diningSessions)
      .where(
        and(
          eq(diningSessions.tableId, table.id),
          eq(diningSessions.status, 'open'),
          eq(diningSessions.checkNumber, 1),
        ),
      )
      .limit(1);
    return {
      restaurantId: table.restaurantId,
      role: null,
      userId: null,
      tableId: table.id,
      tableToken: guest.data.tableToken,
      authSessionId: null,
      expiresAt: null,
      staff: null,
      since: (open?.openedAt ?? new Date()).toISOString(),
    };
  }
  const staff = wsStaffQuerySchema.safeParse(q);
  if (!staff.success) throw refuse('WS_STAFF_TOKEN_REQUIRED');
  const auth = await authenticate(app.db, staff.data.token);
  const { user } = auth;
  if (staff.data.userId !== undefined && staff.data.userId !== user.id) {
    throw refuse('WS_USER_MISMATCH');
  }
  if (staff.data.role !== undefined && staff.data.role !== user.role) {
    throw refuse('WS_ROLE_MISMATCH');
  }
  if (!auth.restaurantId) {
    // The platform team: no restaurant, and it hears platform events only.
    if (user.role !== 'team') throw refuse('WS_NO_RESTAURANT');
    if (user.two_factor_enrolment_required) throw refuse('TEAM_TWO_FACTOR_REQUIRED');
    if (staff.data.restaurantId !== undefined && staff.data.restaurantId !== '') {
      throw refuse('WS_RESTAURANT_MISMATCH');
    }
    return {
      restaurantId: null,
      role: user.role,
      userId: user.id,
      tableId: null,
      tableToken: null,
      authSessionId: auth.sessionId,
      expiresAt: auth.expiresAt,
      staff: null,
      since: null,
    };
  }
  if (staff.data.restaurantId !== undefined && staff.data.restaurantId !== auth.restaurantId) {
    throw refuse('WS_RESTAURANT_MISMATCH');
  }
  return {
    restaurantId: auth.restaurantId,
    role: user.role,
    userId: user.id,
    tableId: null,
    tableToken: null,
    authSessionId: auth.sessionId,
    expiresAt: auth.expiresAt,
    staff: {
      kind: 'staff',
      restaurantId: auth.restaurantId,
      user,
      authSessionId: auth.sessionId,
    },
    since: null,
  };
}

const RETIRED_TABLE: Revocation = { code: WS_CLOSE.forbidden, reason: WS_REVOKED.tableRetired };
const SUSPENDED: Revocation = { code: WS_CLOSE.forbidden, reason: WS_REVOKED.suspended };

/** Ids per query of the heartbeat's re-check (far below PostgreSQL's parameter limit). */
const CHECK_BATCH = 1000;

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHECK_BATCH) out.push(items.slice(i, i + CHECK_BATCH));
  return out;
}

/** The sign-in sessions of staff sockets, with what decides whether they may stay. */
function sessionRows(db: DbOrTx, ids: string[]) {
  return (
    db
      .select({
        id: authSessions.id,
        revokedAt: authSessions.revokedAt,
        expiresAt: authSessions.expiresAt,
        role: users.role,
        userStatus: users.status,
        restaurantStatus: restaurants.status,
      })
      .from(authSessions)
      .innerJoin(users, eq(authSessions.userId, users.id))
      // A team member's session has no restaurant.
      .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
      .where(inArray(authSessions.id, ids))
  );
}

type SessionRow = Awaited<ReturnType<typeof sessionRows>>[number];

/** Why a staff socket opened with `role` may no longer stay open, or null. */
function staffRevocation(row: SessionRow | undefined, role: Client['role']): Revocation | null {
  const why =
    !row || row.revokedAt
      ? WS_REVOKED.sessionEnded
      : row.expiresAt.getTime() <= Date.now()
        ? WS_REVOKED.sessionExpired
        : row.userStatus === 'inactive'
          ? WS_REVOKED.deactivated
          : row.role !== role
            ? WS_REVOKED.roleChanged
            : null;
  if (why) return { code: WS_CLOSE.unauthorized, reason: why };
  return row?.restaurantStatus === 'suspended' ? SUSPENDED : null;
}

/**
 * The heartbeat's re-check: staff sockets whose session was revoked or expired, whose account
 * was deactivated, whose role changed or whose restaurant was suspended; guest sockets whose
 * table code was rotated or retired.
 */
async function revalidate(app: FastifyInstance, clients: Client[]) {
  const revoked = new Map<Client, Revocation>();
  const staff = clients.filter((c) => c.authSessionId !== null);
  const guests = clients.filter((c) => c.tableId !== null);
  const sessions = new Map<string, SessionRow>();
  for (const ids of batches([...new Set(staff.map((c) => c.authSessionId!))])) {
    for (const row of await sessionRows(app.db, ids)) sessions.set(row.id, row);
  }
  for (const c of staff) {
    const why = staffRevocation(sessions.get(c.authSessionId!), c.role);
    if (why) revoked.set(c, why);
  }
  const tableTokens = new Map<string, string>();
  for (const ids of batches([...new Set(guests.map((c) => c.tableId!))])) {
    const rows = await app.db
      .select({ id: tables.id, qrToken: tables.qrToken })
      .from(tables)
      .where(and(inArray(tables.id, ids), isNull(tables.archivedAt)));
    for (const r of rows) tableTokens.set(r.id, r.qrToken);
  }
  // A suspension leaves guests' pages connected, to hear the reactivation (nothing else happens
  // at a suspended restaurant's tables).
  for (const c of guests) {
    if (tableTokens.get(c.tableId!) !== c.tableToken) revoked.set(c, RETIRED_TABLE);
  }
  return revoked;
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
    revalidate: (clients) => revalidate(app, clients),
    guestsPresent: (tableIds) => markGuestsPresent(app.db, tableIds),
  });
  // Connection attempts per IP: each one may cost a token lookup in the database.
  const connects = new FixedWindowLimiter(config.rateLimits.wsConnect, 60_000);
  app.decorate('realtime', hub);
  // Notifications a screen sent just before shutdown are saved before the database closes.
  const notificationsSaving = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    hub.close();
    await Promise.all([...notificationsSaving]);
  });

  app.get(
    '/ws',
    {
      websocket: true,
      config: { public: true },
    },
    (socket, request: FastifyRequest) => {
      // Counted before anything else, so a flood of guessed tokens costs no database lookup. The
      // upgrade is accepted so that a browser sees the close code and the reason.
      const wait = connects.hit(request.ip);
      if (wait > 0) {
        closeWith(
          socket,
          WS_TRY_AGAIN_LATER,
          `Too many connection attempts, try again in ${Math.ceil(wait / 1000)} seconds`,
        );
        return;
      }
      const lastSeqRaw = (request.query as { lastSeq?: unknown } | undefined)?.lastSeq;
      if (
        lastSeqRaw !== undefined &&
        !(typeof lastSeqRaw === 'string' && /^\d{1,15}$/.test(lastSeqRaw))
      ) {
        closeWith(
          socket,
          WS_CLOSE.badRequest,
          'lastSeq must be a whole number of at most 15 digits',
        );
        return;
      }
      const lastSeq = lastSeqRaw === undefined ? undefined : Number(lastSeqRaw);
      const pending: Buffer[] = [];
      let client: Client | null = null;
      const limiter = new FixedWindowLimiter(30, 10_000);

      /**
       * What a staff socket sends is stored only while its session is still valid: the session
       * row is checked and share-locked in the transaction that stores the message, so a
       * revocation committing meanwhile is either seen here or waits until the message is in.
       */
      const saveNotification = async (from: Client, message: string) => {
        if (!from.staff) return;
        const why = await sendStaffNotification(app, from.staff, message, async (tx) => {
          const [row] = await sessionRows(tx, [from.authSessionId!]).for('share', {
            of: authSessions,
          });
          return staffRevocation(row, from.role);
        });
        if (why) hub.disconnect({ match: { authSessionId: from.authSessionId! }, ...why });
      };

      const onMessage = (raw: Buffer) => {
        // A socket told to go away (shutdown, revocation) starts nothing more: its screen
        // reconnects and says it again to a server that is staying.
        if (socket.readyState !== socket.OPEN) return;
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
        if (type === 'user_joined') return;
        if (type === 'ping') {
          const ping = pingDataSchema.safeParse(data);
          if (ping.success) sendControl(socket, { type: WS_PONG, data: { id: ping.data?.id } });
          return;
        }
        if (type === 'staff_notification' && client.role) {
          const body = staffNotificationDataSchema.safeParse(data);
          if (!body.success) return;
          const saving = saveNotification(client, body.data.message)
            .catch((err: unknown) => request.log.warn({ err }, 'realtime: notification not saved'))
            .finally(() => notificationsSaving.delete(saving));
          notificationsSaving.add(saving);
          return;
        }
        request.log.warn({ type }, 'realtime: ignored a message of an unknown type');
      };
      socket.on('message', onMessage);
      socket.on('error', (err) => request.log.debug({ err }, 'realtime: socket error'));

      identify(app, request.query)
        .then(async (identity) => {
          if (socket.readyState !== socket.OPEN) return;
          const attached: Client = {
            socket,
            ...identity,
            partyLeft: false,
            alive: true,
            replaying: false,
            queued: [],
            sent: new Set(),
            sentOrder: [],
          };
          client = attached;
          const { restaurantId } = identity;
          await hub.attach(attached, lastSeq, (after) =>
            restaurantId === null
              ? loadMissedPlatform(app, after)
              : loadMissed(app, restaurantId, after),
          );
          sendControl(socket, { type: WS_READY, data: {} });
          for (const raw of pending.splice(0)) onMessage(raw);
        })
        .catch((error: unknown) => {
          if (error instanceof AppError) {
            closeWith(socket, CLOSE_CODES[error.kind] ?? WS_CLOSE.forbidden, error.message);
          } else {
            request.log.error({ err: error }, 'realtime: connection setup failed');
            closeWith(socket, 1011, 'Server error, try again');
          }
        });
    },
  );
}

function sendControl(socket: WebSocket, message: ServerControlMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** Not encapsulated: the hub is `app.realtime` for the whole app (shutdown, tests, benchmarks). */
export const realtimeRoutes = fp(realtime, {
  name: 'realtime',
  dependencies: ['events', 'database'],
});
