import { REVIEW_COMMENT_MAX, REVIEW_REFUSALS } from '@tavola/contract';
import { Star } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { leaveReview } from '../api/leave-review';
import { t } from '../review-messages';

const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * Leave Review: stars 1 to 5 (radio buttons) and an optional comment for the
 * visit, once it has an order. Loaded only when opened, so /order's first load stays small.
 */
export default function ReviewForm({
  token,
  sessionId,
  ordered,
}: {
  token: string;
  sessionId: string | null;
  /** Whether the visit has an order yet (the server decides in the end). */
  ordered: boolean;
}) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const box = 'rounded-lg bg-white p-3 text-sm text-stone-700';
  if (!ordered) return <p className={box}>{REVIEW_REFUSALS.beforeOrder}</p>;
  if (done) {
    return (
      <p role="status" className={box}>
        {t('thanks')}
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!rating || sending) return;
    setSending(true);
    setError(null);
    try {
      const text = comment.trim();
      await leaveReview({
        token,
        rating,
        ...(sessionId ? { sessionId } : {}),
        ...(text ? { comment: text } : {}),
      });
      setDone(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <form aria-label={t('form')} onSubmit={(e) => void submit(e)} className={`${box} space-y-3`}>
      <fieldset>
        <legend className="font-semibold">{t('rating')}</legend>
        <div className="flex">
          {RATINGS.map((n) => (
            <label key={n} className="relative p-1.5">
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                aria-label={t('stars', { count: n })}
                // Over the star, invisible: a tap on the star picks it.
                className="peer absolute inset-0 size-full cursor-pointer opacity-0"
              />
              <Star
                aria-hidden
                className={cn(
                  'size-8 rounded peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600',
                  n <= rating ? 'fill-amber-400 text-amber-500' : 'text-stone-400',
                )}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <label className="block font-semibold">
        {t('comment')}
        <textarea
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={REVIEW_COMMENT_MAX}
          rows={3}
          className="mt-1 block w-full rounded-md border border-stone-300 p-2 font-normal"
        />
      </label>
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={!rating || sending}>
        {t('submit')}
      </Button>
    </form>
  );
}
