import {
  type Backup,
  type BackupExport,
  type BackupList,
  type BackupSettings,
  type EventInput,
  refusalText,
} from '@tavola/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { systemActor, type StaffActor } from '../../core/auth/actors.js';
import type { ServerContext } from '../../core/context.js';
import { bindJob, type ServerModule } from '../../core/module.js';
import type { Db, Tx } from '../../core/db/client.js';
import { backups, restaurants, users } from '../../core/db/schema.js';
import { runWork, type UnitOfWork } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { defineJob, type JobRun } from '../../core/jobs/runner.js';
import { BackupTooLargeError, buildBackup } from './archive.js';
import { analyticsCsv, ordersCsv, usersCsv } from './csv.js';
import { queryRows } from './query.js';

/** Makes one backup (its row already says `running`). Retried with backoff; the last failure is recorded. */
export const makeBackupJob = defineJob<{ backupId: string }>('backups.make', {
  retryLimit: 2,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
});

/** Looks for restaurants whose automatic backup is due (one run per tick across instances). */
export const backupTickJob = defineJob<Record<string, never>>('backups.tick', {
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});

/** A backup still `running` after this long was lost with its instance (its job has given up). */
const INTERRUPTED_AFTER_HOURS = 2;

/** How many due restaurants one tick starts at most; the next tick takes the rest. */
const TICK_BATCH = 100;

/** What backups need of the server context. */
type Ctx = Pick<ServerContext, 'db' | 'bus' | 'jobs'>;

type BackupRow = Omit<typeof backups.$inferSelect, 'content' | 'scheduledFor'>;

const listColumns = {
  id: backups.id,
  restaurantId: backups.restaurantId,
  kind: backups.kind,
  status: backups.status,
  sizeBytes: backups.sizeBytes,
  error: backups.error,
  createdBy: backups.createdBy,
  createdAt: backups.createdAt,
  finishedAt: backups.finishedAt,
};

function toBackup(row: BackupRow, creator: { id: string; name: string } | null): Backup {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    sizeBytes: row.sizeBytes,
    error: row.error,
    createdBy: creator,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function backupEvent(row: BackupRow, removed = false): EventInput {
  return {
    type: 'backup_updated',
    data: {
      backupId: row.id,
      kind: row.kind,
      status: row.status,
      sizeBytes: row.sizeBytes,
      removed,
    },
  };
}

/** One backup being started for a restaurant at a time (a restaurant's own lock, not its row's). */
async function lockBackups(tx: Tx, restaurantId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`tavola.backups.${restaurantId}`}))`,
  );
}

/** Hands a new backup to the job runner; if that fails, the backup says so at once. */
async function queue(ctx: Ctx, row: BackupRow): Promise<void> {
  try {
    await ctx.jobs.send(makeBackupJob, { backupId: row.id });
  } catch (error) {
    await markFailed(ctx, row, 'The backup could not be queued. Please try again.');
    throw error;
  }
}

async function markFailed(ctx: Ctx, row: BackupRow, message: string): Promise<void> {
  await runWork(ctx, systemActor(row.restaurantId), async (uow) => {
    const [failed] = await uow.tx
      .update(backups)
      .set({ status: 'failed', error: message, finishedAt: new Date() })
      .where(and(eq(backups.id, row.id), eq(backups.status, 'running')))
      .returning(listColumns);
    if (failed) uow.emit(backupEvent(failed));
  });
}

/** Create Backup Now: a manual backup, made in the background; the tab follows it live. */
export async function createBackup(ctx: Ctx, actor: StaffActor): Promise<Backup> {
  const row = await runWork(ctx, actor, async (uow) => {
    await lockBackups(uow.tx, actor.restaurantId);
    const [running] = await uow.tx
      .select({ id: backups.id })
      .from(backups)
      .where(
        and(
          eq(backups.restaurantId, actor.restaurantId),
          eq(backups.kind, 'manual'),
          eq(backups.status, 'running'),
        ),
      )
      .limit(1);
    if (running) throw refuse('BACKUP_ALREADY_RUNNING');
    const [created] = await uow.tx
      .insert(backups)
      .values({
        restaurantId: actor.restaurantId,
        kind: 'manual',
        status: 'running',
        createdBy: actor.user.id,
      })
      .returning(listColumns);
    if (!created) throw new Error('backup insert returned nothing');
    uow.audit({
      action: 'backup.created',
      entityType: 'backup',
      entityId: created.id,
      details: { kind: 'manual' },
    });
    uow.emit(backupEvent(created));
    return created;
  });
  await queue(ctx, row);
  return toBackup(row, { id: actor.user.id, name: actor.user.name });
}

/** The job: builds the ZIP and stores it; an automatic one then trims the old ones. */
export async function makeBackup(
  ctx: Ctx,
  backupId: string,
  run: JobRun,
  maxBytes?: number,
): Promise<void> {
  const [row] = await ctx.db.select(listColumns).from(backups).where(eq(backups.id, backupId));
  // Deleted, or finished by an earlier run whose completion was not recorded.
  if (!row || row.status !== 'running') return;
  try {
    const built = await buildBackup(ctx.db, row.restaurantId, maxBytes);
    const content = Buffer.from(built.zip);
    await runWork(ctx, systemActor(row.restaurantId), async (uow) => {
      const [done] = await uow.tx
        .update(backups)
        .set({
          status: 'ready',
          content,
          sizeBytes: content.length,
          error: null,
          finishedAt: new Date(),
        })
        .where(and(eq(backups.id, row.id), eq(backups.status, 'running')))
        .returning(listColumns);
      if (!done) return;
      uow.emit(backupEvent(done));
      if (done.kind === 'auto') await keepNewest(uow, row.restaurantId);
    });
  } catch (error) {
    if (run.lastAttempt) {
      await markFailed(
        ctx,
        row,
        error instanceof BackupTooLargeError
          ? refusalText('BACKUP_TOO_LARGE', { size: error.size })
          : 'The backup could not be made. Please try again.',
      );
    }
    throw error;
  }
}

/**
 * Keeps the restaurant's newest `backupKeep` automatic backups that are ready, and drops older
 * ones, with failed automatic backups older than the newest ready one. Manual backups stay until
 * an admin deletes them.
 */
async function keepNewest(uow: UnitOfWork, restaurantId: string): Promise<void> {
  const [r] = await uow.tx
    .select({ keep: restaurants.backupKeep })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!r) return;
  const removed = {
    rows: await queryRows<{
      id: string;
      kind: 'auto';
      status: 'ready' | 'failed';
      size_bytes: number | null;
    }>(
      uow.tx,
      sql`
    with ready as (
      select id, created_at from ${backups}
      where restaurant_id = ${restaurantId} and kind = 'auto' and status = 'ready'
      order by created_at desc
    ), kept as (select id from ready limit ${r.keep})
    delete from ${backups} b
    where b.restaurant_id = ${restaurantId} and b.kind = 'auto'
      and b.id not in (select id from kept)
      and (b.status = 'ready'
        or (b.status = 'failed' and b.created_at < (select max(created_at) from ready)))
    returning b.id, b.kind, b.status, b.size_bytes`,
    ),
  };
  for (const b of removed.rows) {
    uow.emit({
      type: 'backup_updated',
      data: {
        backupId: b.id,
        kind: b.kind,
        status: b.status,
        sizeBytes: b.size_bytes === null ? null : Number(b.size_bytes),
        removed: true,
      },
    });
  }
}

/**
 * The tick: fails backups lost with their instance, then starts an automatic backup for each
 * restaurant with auto backup on whose next one is due (`now`: this instance's clock). Safe to
 * run on several instances at once: each restaurant's check and insert happen under its backup
 * lock, so a due backup is started once whoever ticks. The queue's own singleton slots are not
 * used for this: pg-boss keeps a slot only until it archives the job (12 hours), so it refuses
 * longer ones, and the backups table already says what ran. Resolves to the backups started.
 */
export async function startDueBackups(
  ctx: Ctx,
  now: Date = new Date(),
): Promise<{ backupId: string; restaurantId: string }[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const interrupted = await ctx.db
    .select(listColumns)
    .from(backups)
    .where(
      and(
        eq(backups.status, 'running'),
        sql`${backups.createdAt} < ${at} - make_interval(hours => ${INTERRUPTED_AFTER_HOURS})`,
      ),
    );
  for (const row of interrupted) {
    await markFailed(ctx, row, 'The backup was interrupted. Please try again.');
  }

  const dueCondition = sql`(${lastScheduled} is null or ${lastScheduled} + make_interval(hours => ${restaurants.backupIntervalHours}) <= ${at})`;
  const due = await ctx.db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(and(eq(restaurants.autoBackup, true), dueCondition))
    .limit(TICK_BATCH);
  const started: { backupId: string; restaurantId: string }[] = [];
  for (const restaurant of due) {
    const row = await runWork(ctx, systemActor(restaurant.id), async (uow) => {
      await lockBackups(uow.tx, restaurant.id);
      const [still] = await uow.tx
        .select({
          intervalHours: restaurants.backupIntervalHours,
          last: sql<string | Date | null>`${lastScheduled}`,
        })
        .from(restaurants)
        .where(
          and(eq(restaurants.id, restaurant.id), eq(restaurants.autoBackup, true), dueCondition),
        );
      if (!still) return null;
      const [created] = await uow.tx
        .insert(backups)
        .values({
          restaurantId: restaurant.id,
          kind: 'auto',
          status: 'running',
          createdAt: now,
          scheduledFor: scheduleSlot(still.last, still.intervalHours, now),
        })
        .returning(listColumns);
      if (created) uow.emit(backupEvent(created));
      return created ?? null;
    });
    if (!row) continue;
    await queue(ctx, row);
    started.push({ backupId: row.id, restaurantId: restaurant.id });
  }
  return started;
}

/** When the restaurant's latest automatic backup (of any outcome) was due. */
const lastScheduled = sql`(select max(coalesce(b.scheduled_for, b.created_at)) from ${backups} b where b.restaurant_id = ${restaurants.id} and b.kind = 'auto')`;

/**
 * The slot a backup started `now` fills: one interval after the last, when that is less than an
 * interval ago (a late tick keeps the cadence); otherwise (the first, auto backup turned back
 * on, instances down for a whole interval) the schedule starts again from now.
 */
function scheduleSlot(last: string | Date | null, intervalHours: number, now: Date): Date {
  if (last === null) return now;
  const next = new Date(last).getTime() + intervalHours * 3_600_000;
  return now.getTime() - next < intervalHours * 3_600_000 ? new Date(next) : now;
}

/** The last automatic backup's slot plus the interval; with none yet (or overdue), now. */
function nextAuto(last: string | Date | null, intervalHours: number): string {
  const due = last ? new Date(last).getTime() + intervalHours * 3_600_000 : 0;
  return new Date(Math.max(due, Date.now())).toISOString();
}

export async function listBackups(db: Db, restaurantId: string): Promise<BackupList> {
  const [r] = await db
    .select({
      autoBackup: restaurants.autoBackup,
      intervalHours: restaurants.backupIntervalHours,
      keep: restaurants.backupKeep,
      timezone: restaurants.timezone,
      lastAuto: sql<
        string | Date | null
      >`(select max(coalesce(b.scheduled_for, b.created_at)) from ${backups} b where b.restaurant_id = ${restaurantId} and b.kind = 'auto')`,
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!r) throw refuse('RESTAURANT_NOT_FOUND');
  const rows = await db
    .select({ ...listColumns, creatorName: users.name })
    .from(backups)
    .leftJoin(users, eq(users.id, backups.createdBy))
    .where(eq(backups.restaurantId, restaurantId))
    .orderBy(desc(backups.createdAt));
  return {
    backups: rows.map(({ creatorName, ...row }) =>
      toBackup(row, row.createdBy && creatorName ? { id: row.createdBy, name: creatorName } : null),
    ),
    settings: { autoBackup: r.autoBackup, intervalHours: r.intervalHours, keep: r.keep },
    nextAutoBackupAt: r.autoBackup ? nextAuto(r.lastAuto, r.intervalHours) : null,
    timezone: r.timezone,
  };
}

export async function updateBackupSettings(
  ctx: Ctx,
  actor: StaffActor,
  input: BackupSettings,
): Promise<BackupSettings> {
  return runWork(ctx, actor, async (uow) => {
    const [before] = await uow.tx
      .select({
        autoBackup: restaurants.autoBackup,
        intervalHours: restaurants.backupIntervalHours,
        keep: restaurants.backupKeep,
      })
      .from(restaurants)
      .where(eq(restaurants.id, actor.restaurantId))
      .for('no key update');
    if (!before) throw refuse('RESTAURANT_NOT_FOUND');
    await uow.tx
      .update(restaurants)
      .set({
        autoBackup: input.autoBackup,
        backupIntervalHours: input.intervalHours,
        backupKeep: input.keep,
        updatedAt: new Date(),
      })
      .where(eq(restaurants.id, actor.restaurantId));
    uow.audit({
      action: 'backup.settings',
      entityType: 'restaurant',
      entityId: actor.restaurantId,
      details: { before, after: input },
    });
    // Fewer to keep takes effect now, not at the next automatic backup.
    await keepNewest(uow, actor.restaurantId);
    return input;
  });
}

/** A ready backup's ZIP, for download (audited: a backup is every row of the restaurant). */
export async function downloadBackup(
  ctx: Ctx,
  actor: StaffActor,
  backupId: string,
): Promise<{ content: Buffer; fileName: string }> {
  const [row] = await ctx.db
    .select({
      status: backups.status,
      content: backups.content,
      createdAt: backups.createdAt,
      slug: restaurants.slug,
    })
    .from(backups)
    .innerJoin(restaurants, eq(restaurants.id, backups.restaurantId))
    .where(and(eq(backups.id, backupId), eq(backups.restaurantId, actor.restaurantId)));
  if (!row) throw refuse('BACKUP_NOT_FOUND');
  if (row.status !== 'ready' || !row.content) {
    throw refuse(row.status === 'running' ? 'BACKUP_NOT_READY' : 'BACKUP_FAILED');
  }
  await runWork(ctx, actor, async (uow) => {
    uow.audit({
      action: 'backup.downloaded',
      entityType: 'backup',
      entityId: backupId,
      details: { sizeBytes: row.content!.length },
    });
  });
  return {
    content: row.content,
    fileName: `tavola-backup-${row.slug}-${stamp(row.createdAt)}.zip`,
  };
}

const stamp = (d: Date) => d.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

export async function deleteBackup(ctx: Ctx, actor: StaffActor, backupId: string): Promise<void> {
  await runWork(ctx, actor, async (uow) => {
    const [row] = await uow.tx
      .select(listColumns)
      .from(backups)
      .where(and(eq(backups.id, backupId), eq(backups.restaurantId, actor.restaurantId)))
      .for('update');
    if (!row) throw refuse('BACKUP_NOT_FOUND');
    if (row.status === 'running') throw refuse('BACKUP_STILL_RUNNING');
    await uow.tx.delete(backups).where(eq(backups.id, backupId));
    uow.audit({
      action: 'backup.deleted',
      entityType: 'backup',
      entityId: backupId,
      details: { kind: row.kind, createdAt: row.createdAt.toISOString() },
    });
    uow.emit(backupEvent(row, true));
  });
}

/** The Backup tab's exports: a CSV each, or All: the complete ZIP, made now. */
export async function exportData(
  ctx: Ctx,
  actor: StaffActor,
  kind: BackupExport,
  maxBytes?: number,
): Promise<{ content: string | Buffer; fileName: string; type: string }> {
  const [r] = await ctx.db
    .select({ timezone: restaurants.timezone, slug: restaurants.slug })
    .from(restaurants)
    .where(eq(restaurants.id, actor.restaurantId));
  if (!r) throw refuse('RESTAURANT_NOT_FOUND');
  let file: { content: string | Buffer; fileName: string; type: string };
  if (kind === 'all') {
    let built;
    try {
      built = await buildBackup(ctx.db, actor.restaurantId, maxBytes);
    } catch (error) {
      if (error instanceof BackupTooLargeError) {
        throw refuse('BACKUP_TOO_LARGE', { size: error.size });
      }
      throw error;
    }
    file = {
      content: Buffer.from(built.zip),
      fileName: `tavola-export-${r.slug}-${stamp(new Date())}.zip`,
      type: 'application/zip',
    };
  } else {
    const make = { orders: ordersCsv, users: usersCsv, analytics: analyticsCsv }[kind];
    file = {
      content: await make(ctx.db, actor.restaurantId, r.timezone),
      fileName: `${kind}.csv`,
      type: 'text/csv; charset=utf-8',
    };
  }
  await runWork(ctx, actor, async (uow) => {
    uow.audit({
      action: 'data.exported',
      entityType: 'restaurant',
      entityId: actor.restaurantId,
      details: { export: kind },
    });
  });
  return file;
}

/**
 * The backup job, and the tick that starts automatic backups every `JOBS_TICK_SECONDS`; a backup
 * holds at most `BACKUP_MAX_BYTES` before compression (it is built in memory).
 */
export const backupWork = {
  jobs: (ctx: Ctx & Pick<ServerContext, 'config'>) => [
    bindJob(makeBackupJob, (data, run) =>
      makeBackup(ctx, data.backupId, run, ctx.config.backupMaxBytes || undefined),
    ),
    bindJob(backupTickJob, async () => {
      await startDueBackups(ctx);
    }),
  ],
  schedules: (ctx: Pick<ServerContext, 'config'>) => [
    { kind: 'job', job: backupTickJob, everySeconds: ctx.config.jobs.tickSeconds } as const,
  ],
} satisfies Pick<ServerModule, 'jobs' | 'schedules'>;
