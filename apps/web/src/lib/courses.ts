import { type Course, courseName } from '@tavola/contract';
import { coursesRoutes } from '@tavola/contract/refs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

/** The restaurant's courses, as the order screen, the menu and the displays name them. */
export const coursesKey = ['courses'] as const;

export const getCoursesQueryOptions = () =>
  queryOptions({
    queryKey: coursesKey,
    queryFn: ({ signal }) => call(coursesRoutes.listCourses, {}, { signal }),
  });

/** The courses in serving order (reloaded when a manager changes them) and their names. */
export function useCourses() {
  useInvalidateOnEvents(coursesKey, ['courses_updated']);
  const query = useQuery(getCoursesQueryOptions());
  const courses: Course[] = query.data?.courses ?? [];
  return {
    ...query,
    courses,
    nameOf: (n: number) => courseName(courses, n),
  };
}

/**
 * Fires an order's held course (the waiter's order screen, the expo). Each screen's own lists
 * follow from the events it hears; `onFired` refreshes the caller's list at once.
 */
export function useFireCourse(onFired?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { orderId: string; course: number; from: 'staff' | 'expo' }) =>
      call(coursesRoutes.fireCourse, {
        params: { id: v.orderId, course: v.course },
        body: { from: v.from },
      }),
    onSettled: () => {
      onFired?.();
      void queryClient.invalidateQueries({ queryKey: ['expo'] });
    },
  });
}
