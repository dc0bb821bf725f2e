import type { Course } from './schemas.js';

/**
 * Where a course comes in the restaurant's order: its position, or after every known course (by
 * number) for a number the restaurant has no row for.
 */
export function courseRank(courses: readonly Pick<Course, 'number' | 'position'>[], n: number) {
  const known = courses.find((c) => c.number === n);
  return known ? known.position : 100 + n;
}

/** The course name, or "Course n" for a number the restaurant has no row for. */
export function courseName(courses: readonly Pick<Course, 'number' | 'name'>[], n: number) {
  return courses.find((c) => c.number === n)?.name ?? `Course ${n}`;
}

/**
 * The course an order starts with: the first, in the restaurant's order, of its lines' courses;
 * null when no line has a course. A line of this course (or of none) is fired when it is placed;
 * later courses are held until fired (docs/decisions/0018).
 */
export function firstCourse(
  courses: readonly Pick<Course, 'number' | 'position'>[],
  lineCourses: readonly (number | null | undefined)[],
): number | null {
  let first: number | null = null;
  for (const c of lineCourses) {
    if (c == null) continue;
    if (first === null || courseRank(courses, c) < courseRank(courses, first)) first = c;
  }
  return first;
}

/** What the automatic fire needs of one order line. */
export interface CourseLineState {
  course: number | null;
  held: boolean;
  /** When its station served it; null while not served. */
  servedAt: Date | null;
  /** Nothing left of it to make (voided whole). */
  gone: boolean;
}

/**
 * The held course an order fires by itself at `now`, or null: the first held course (in the
 * restaurant's order) fires `delayMinutes` after every line of the courses before it was served
 * (the last of them). Computed from the stored moments alone, so a restart or a sweep that runs
 * late still fires it, once.
 */
export function courseDueToFire(
  courses: readonly Pick<Course, 'number' | 'position'>[],
  lines: readonly CourseLineState[],
  delayMinutes: number | null,
  now: Date,
): number | null {
  if (delayMinutes === null) return null;
  const live = lines.filter((l) => !l.gone);
  const held = live.filter((l) => l.held && l.course !== null);
  const next = firstCourse(
    courses,
    held.map((l) => l.course),
  );
  if (next === null) return null;
  const rank = courseRank(courses, next);
  const before = live.filter(
    (l) => !l.held && l.course !== null && courseRank(courses, l.course) < rank,
  );
  if (before.length === 0 || before.some((l) => l.servedAt === null)) return null;
  const lastServed = Math.max(...before.map((l) => l.servedAt!.getTime()));
  return now.getTime() >= lastServed + delayMinutes * 60_000 ? next : null;
}
