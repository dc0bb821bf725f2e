import { coursesRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { call } from '@/lib/api-client';
import { coursesKey, useCourses } from '@/lib/courses';
import { t } from '../messages';

interface Row {
  number?: number;
  name: string;
}

/**
 * The restaurant's courses in serving order (rename, add, move up or down; a course never leaves
 * the list) and the minutes after a course is served that the next fires by itself.
 */
export function CoursesCard() {
  const { data } = useCourses();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>([]);
  const [delay, setDelay] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  // The list as loaded (again after a save or another manager's change).
  useEffect(() => {
    if (!data) return;
    setRows(data.courses.map((c) => ({ number: c.number, name: c.name })));
    setDelay(data.fireDelayMinutes == null ? '' : String(data.fireDelayMinutes));
  }, [data]);
  const save = useMutation({
    mutationFn: () =>
      call(coursesRoutes.putCourses, {
        body: {
          courses: rows.map((r) => ({ ...(r.number ? { number: r.number } : {}), name: r.name })),
          fireDelayMinutes: delay.trim() === '' ? null : Number(delay),
        },
      }),
    onSuccess: () => setMessage(t('coursesSaved')),
    onError: (err) => setMessage(err.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coursesKey }),
  });
  const move = (i: number, by: number) =>
    setRows((list) => {
      const next = [...list];
      const [row] = next.splice(i, 1);
      next.splice(i + by, 0, row!);
      return next;
    });
  return (
    <Card className="p-4">
      <h2 className="mb-1 text-lg font-bold">{t('courses')}</h2>
      <p className="mb-3 text-sm text-stone-600">{t('coursesHint')}</p>
      <ol className="space-y-2" aria-label={t('courses')}>
        {rows.map((row, i) => (
          <li key={row.number ?? `new-${i}`} className="flex items-center gap-2">
            <Input
              className="min-w-0 flex-1"
              aria-label={t('courseName', { number: i + 1 })}
              value={row.name}
              maxLength={40}
              onChange={(e) =>
                setRows((list) =>
                  list.map((r, j) => (j === i ? { ...r, name: e.target.value } : r)),
                )
              }
            />
            <Button
              variant="outline"
              size="sm"
              disabled={i === 0}
              aria-label={t('moveEarlier', { name: row.name })}
              onClick={() => move(i, -1)}
            >
              ↑
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={i === rows.length - 1}
              aria-label={t('moveLater', { name: row.name })}
              onClick={() => move(i, 1)}
            >
              ↓
            </Button>
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <Button
          variant="outline"
          disabled={rows.length >= 9}
          onClick={() => setRows((list) => [...list, { name: t('newCourse') }])}
        >
          {t('addCourse')}
        </Button>
        <label className="text-sm font-medium text-stone-700">
          {t('fireDelay')}
          <Input
            inputMode="numeric"
            value={delay}
            onChange={(e) => setDelay(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <Button disabled={save.isPending} onClick={() => save.mutate()}>
          {t('saveCourses')}
        </Button>
      </div>
      {message && (
        <p role="status" className="mt-2 text-sm">
          {message}
        </p>
      )}
    </Card>
  );
}
