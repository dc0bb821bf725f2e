import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { COURSE_MAX } from '../orders/lines.js';

/** How long after a course is served the next one fires by itself, at most (minutes). */
export const COURSE_FIRE_DELAY_MAX = 240;

/**
 * The courses every restaurant starts with. A course is named by its number everywhere (order
 * lines, items' defaults, the fire route); its position says when it comes. Renaming or moving a
 * course never changes its number.
 */
export const DEFAULT_COURSES = [
  { number: 1, name: 'Starters' },
  { number: 2, name: 'Mains' },
  { number: 3, name: 'Desserts' },
] as const;

export const courseNumberSchema = z.coerce
  .number({ error: 'course must be a number' })
  .int({ error: 'course must be a whole number' })
  .min(1, { error: `course must be between 1 and ${COURSE_MAX}` })
  .max(COURSE_MAX, { error: `course must be between 1 and ${COURSE_MAX}` });

/** One course as the manager's list, the order screen and the displays read it. */
export const courseSchema = z.object({
  number: z.number().int(),
  name: z.string(),
  /** 0 for the course served first. */
  position: z.number().int(),
});

export type Course = z.infer<typeof courseSchema>;

/** GET /api/courses: the restaurant's courses in serving order, and the automatic fire delay. */
export const courseSettingsSchema = z.object({
  courses: z.array(courseSchema),
  /** Minutes after a course is served that the next one fires by itself; null: only by hand. */
  fireDelayMinutes: z.number().int().nullable(),
});

export type CourseSettings = z.infer<typeof courseSettingsSchema>;

const courseNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Course name is required' })
  .max(40, { error: 'Course name is at most 40 characters' });

/**
 * PUT /api/courses: the whole list in serving order. A course keeps its number (leave it out for a
 * new one: it takes the next free number); every course the restaurant has must stay in the list
 * (order lines and items name them).
 */
export const putCoursesInputSchema = z.object({
  courses: z
    .array(
      z.object({
        number: z.number().int().min(1).max(COURSE_MAX).optional(),
        name: courseNameSchema,
      }),
    )
    .min(1, { error: 'At least one course' })
    .max(COURSE_MAX, { error: `At most ${COURSE_MAX} courses` }),
  fireDelayMinutes: z
    .number()
    .int()
    .min(0, { error: `fireDelayMinutes must be between 0 and ${COURSE_FIRE_DELAY_MAX}` })
    .max(COURSE_FIRE_DELAY_MAX, {
      error: `fireDelayMinutes must be between 0 and ${COURSE_FIRE_DELAY_MAX}`,
    })
    .nullable(),
});

export type PutCoursesInput = z.infer<typeof putCoursesInputSchema>;

export const courseSettingsResponseSchema = successResponseSchema(courseSettingsSchema);

/** POST /api/orders/{id}/courses/{course}/fire. */
export const fireCourseParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a valid identifier' }),
  course: courseNumberSchema,
});

/** Who fired a course: a waiter (or manager) from the table, the expo, or the delay. */
export const COURSE_FIRED_BY = ['staff', 'expo', 'auto'] as const;

export type CourseFiredBy = (typeof COURSE_FIRED_BY)[number];

export const fireCourseInputSchema = z.object({
  /** The screen it was fired from (the audit and the event say so); staff when left out. */
  from: z.enum(['staff', 'expo']).default('staff'),
});

export const firedCourseResponseSchema = successResponseSchema(
  z.object({
    orderId: z.string(),
    orderNumber: z.number().int(),
    course: z.number().int(),
    name: z.string(),
    firedAt: z.string(),
    /** The stations whose tickets the fired lines are on. */
    stations: z.array(z.string()),
  }),
);
