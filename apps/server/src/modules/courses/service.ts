import {
  type CourseSettings,
  DEFAULT_COURSES,
  type PutCoursesInput,
  putCoursesInputSchema,
} from '@tavola/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import { preparedQuery } from '../../core/db/prepared.js';
import { courses, restaurants } from '../../core/db/schema.js';
import type { StaffActor } from '../../core/auth/actors.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';

/**
 * The restaurant's courses in serving order and its fire delay. A restaurant with no course rows
 * has the defaults (starters, mains, desserts): the rows are written the first time a manager
 * changes the list.
 */
export async function listCourseSettings(
  db: DbOrTx,
  restaurantId: string,
): Promise<CourseSettings> {
  const [list, [restaurant]] = await Promise.all([
    listCourses(db, restaurantId),
    db
      .select({ fireDelayMinutes: restaurants.courseFireMinutes })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId)),
  ]);
  return { courses: list, fireDelayMinutes: restaurant?.fireDelayMinutes ?? null };
}

/** Every order reads them: prepared once. */
const courseRows = preparedQuery((db) =>
  db
    .select({ number: courses.number, name: courses.name, position: courses.position })
    .from(courses)
    .where(eq(courses.restaurantId, sql.placeholder('restaurantId')))
    .orderBy(asc(courses.position), asc(courses.number))
    .prepare('course_list'),
);

/** The restaurant's courses in serving order (the defaults until its manager sets its own). */
export async function listCourses(
  db: DbOrTx,
  restaurantId: string,
): Promise<CourseSettings['courses']> {
  const rows = await courseRows(db).execute({ restaurantId });
  return rows.length > 0
    ? rows.map((r, position) => ({ ...r, position }))
    : DEFAULT_COURSES.map((c, position) => ({ ...c, position }));
}

/**
 * The manager's whole list, in serving order: renames, new courses (the next free numbers) and a
 * new order. A course the restaurant has cannot leave the list (lines and items name it).
 */
export async function putCourses(
  ctx: WorkContext,
  actor: StaffActor,
  input: PutCoursesInput,
): Promise<CourseSettings> {
  const body = putCoursesInputSchema.parse(input);
  const { restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    // The restaurant's row serialises two managers saving at once.
    await tx
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId))
      .for('update');
    const current = await listCourseSettings(tx, restaurantId);
    const given = new Set(body.courses.flatMap((c) => (c.number ? [c.number] : [])));
    for (const c of current.courses) {
      if (!given.has(c.number)) throw refuse('COURSE_REMOVED', { course: c.name });
    }
    const taken = new Set(given);
    const free = () => {
      let n = 1;
      while (taken.has(n)) n++;
      taken.add(n);
      return n;
    };
    const seen = new Set<number>();
    const list = body.courses.map((c, position) => {
      const number = c.number ?? free();
      if (seen.has(number)) throw refuse('COURSE_DUPLICATE', { course: c.name });
      seen.add(number);
      return { number, name: c.name, position };
    });
    await tx.delete(courses).where(eq(courses.restaurantId, restaurantId));
    await tx.insert(courses).values(list.map((c) => ({ restaurantId, ...c })));
    await tx
      .update(restaurants)
      .set({ courseFireMinutes: body.fireDelayMinutes })
      .where(eq(restaurants.id, restaurantId));
    uow.audit({
      action: 'courses.updated',
      entityType: 'restaurant',
      entityId: restaurantId,
      details: {
        courses: list.map((c) => `${c.number}:${c.name}`),
        fireDelayMinutes: body.fireDelayMinutes,
      },
    });
    uow.emit({ type: 'courses_updated', data: { fireDelayMinutes: body.fireDelayMinutes } });
    return { courses: list, fireDelayMinutes: body.fireDelayMinutes };
  });
}
