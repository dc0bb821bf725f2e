import { REVIEW_SUMMARY_DAYS } from '@tavola/contract';
import { Star } from 'lucide-react';
import { formatTime } from '@/lib/format';
import { useReviews } from '@/features/reports/api/get-reviews';
import { t } from '../messages';

const stars = (n: number) => t('stars', { count: n });

/** Guests' reviews in the Analytics tab: average, count, the latest, live. */
export function ReviewsCard() {
  const { data, isError, error } = useReviews();
  return (
    <section aria-labelledby="reviews-title" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="reviews-title" className="mb-2 font-semibold">
        {t('guestReviews', { days: REVIEW_SUMMARY_DAYS })}
      </h2>
      {isError ? (
        <p className="text-sm text-red-700">{error.message}</p>
      ) : !data ? (
        <div className="h-16 animate-pulse rounded-lg bg-stone-100" />
      ) : (
        <>
          <p className="mb-3 flex items-baseline gap-3">
            <span className="text-2xl font-bold tabular-nums" data-testid="average-rating">
              {data.averageRating === null ? '—' : data.averageRating.toFixed(1)}
            </span>
            <span className="text-sm text-stone-600">
              {t('averageRating', { count: data.count })}
            </span>
          </p>
          {data.latest.length === 0 ? (
            <p className="text-sm text-stone-500">{t('noReviews')}</p>
          ) : (
            <ul className="space-y-2 text-sm" aria-label={t('latestReviews')}>
              {data.latest.map((r) => (
                <li key={r.id} className="rounded-lg bg-stone-50 p-2">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="flex items-center gap-0.5" aria-label={stars(r.rating)}>
                      {Array.from({ length: 5 }, (_, i) => (
                        <Star
                          key={i}
                          aria-hidden
                          className={
                            i < r.rating
                              ? 'size-4 fill-amber-400 text-amber-500'
                              : 'size-4 text-stone-300'
                          }
                        />
                      ))}
                    </span>
                    <span className="text-stone-600">
                      {t('reviewTable', { table: r.tableNumber })}{' '}
                      <time dateTime={r.createdAt}>
                        {formatTime(r.createdAt, data.timezone, 'dateTime')}
                      </time>
                    </span>
                  </div>
                  {r.comment && <p className="mt-1 whitespace-pre-line">{r.comment}</p>}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
