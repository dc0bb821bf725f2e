import type { ServerContext } from '../../core/context.js';
import { bindJob, type ServerModule } from '../../core/module.js';
import { defineJob } from '../../core/jobs/runner.js';
import { fireDueCourses } from './course-fire.js';

/** How often held courses are checked against their delay (a course fires at most this late). */
export const COURSE_FIRE_EVERY_SECONDS = 20;

export const fireCoursesJob = defineJob<Record<string, never>>('courses.fire', {
  // The next sweep is the retry: due-ness is computed from the stored moments.
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});

/** The sweep on the shared job runner (one instance at a time). */
export const courseFiring = {
  jobs: (ctx: Pick<ServerContext, 'db' | 'bus' | 'log'>) => [
    bindJob(fireCoursesJob, async () => {
      const fired = await fireDueCourses(ctx);
      if (fired > 0) ctx.log.info({ fired }, 'held courses fired after their delay');
    }),
  ],
  schedules: () => [
    { kind: 'job', job: fireCoursesJob, everySeconds: COURSE_FIRE_EVERY_SECONDS } as const,
  ],
} satisfies Pick<ServerModule, 'jobs' | 'schedules'>;
