import { COURSE_MAX, type Currency } from '@tavola/contract';
import { Minus, PenLine, Plus } from 'lucide-react';
import { useState } from 'react';
import { Label, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCourses } from '@/lib/courses';
import { formatMoney } from '@/lib/format';
import { t } from '../messages';
import type { DraftLine } from '../pending-order';

/** The seat and course of a line, as a line under its name: "Seat 2 · Course 1". */
export function linePlace(line: { seat?: number | null; course?: number | null }): string {
  return [
    line.seat ? t('seatN', { seat: line.seat }) : null,
    line.course ? t('courseN', { course: line.course }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Seats to choose from: one per guest, and at least four. */
export const seatChoices = (guests: number) =>
  Array.from({ length: Math.min(Math.max(guests, 4), 99) }, (_, i) => i + 1);

export const COURSES = Array.from({ length: Math.min(COURSE_MAX, 4) }, (_, i) => i + 1);

/** One line not sent yet: its quantity stepper, and its note, seat and course behind Edit. */
function PendingLine({
  line,
  currency,
  guests,
  locked,
  onStep,
  onEdit,
}: {
  line: DraftLine;
  currency: Currency;
  guests: number;
  /** On its way to the server: shown, not changed. */
  locked: boolean;
  onStep: (delta: 1 | -1) => void;
  onEdit: (patch: { notes?: string; seat?: number | null; course?: number | null }) => void;
}) {
  const [editing, setEditing] = useState(false);
  const { courses } = useCourses();
  const place = linePlace(line);
  const id = `line-${line.key}`;
  return (
    <li className="py-2">
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <p className="leading-tight font-medium break-words">{line.name}</p>
          {line.optionLines && line.optionLines.length > 0 && (
            <ul
              className="text-sm text-stone-800"
              aria-label={t('lineOptions', { name: line.name })}
            >
              {line.optionLines.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </ul>
          )}
          <p className="text-sm break-words text-stone-600">
            {[
              t('unitTimes', {
                quantity: line.quantity,
                price: formatMoney(line.unitPrice, currency),
              }),
              place,
              line.notes ? `“${line.notes}”` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        {locked ? (
          <span className="font-semibold tabular-nums">{line.quantity}×</span>
        ) : (
          <>
            <button
              type="button"
              onClick={() => setEditing((e) => !e)}
              aria-expanded={editing}
              aria-controls={id}
              aria-label={t('editLine', { name: line.name })}
              className="inline-flex size-11 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100"
            >
              <PenLine aria-hidden className="size-4" />
            </button>
            <button
              type="button"
              onClick={() => onStep(-1)}
              aria-label={t('oneLess', { name: line.name })}
              className="inline-flex size-11 items-center justify-center rounded-full border border-stone-300 hover:bg-stone-100"
            >
              <Minus aria-hidden className="size-4" />
            </button>
            <span className="w-6 text-center font-semibold tabular-nums">{line.quantity}</span>
            <button
              type="button"
              onClick={() => onStep(1)}
              aria-label={t('oneMore', { name: line.name })}
              className="inline-flex size-11 items-center justify-center rounded-full border border-stone-300 hover:bg-stone-100"
            >
              <Plus aria-hidden className="size-4" />
            </button>
          </>
        )}
      </div>
      {editing && !locked && (
        <div id={id} className="mt-2 grid grid-cols-2 gap-2 rounded-lg bg-stone-50 p-2">
          <div className="col-span-2 space-y-1">
            <Label htmlFor={`${id}-note`}>{t('note')}</Label>
            <Textarea
              id={`${id}-note`}
              rows={2}
              maxLength={300}
              placeholder={t('notePlaceholder')}
              defaultValue={line.notes ?? ''}
              onChange={(e) => onEdit({ notes: e.target.value })}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-seat`}>{t('seat')}</Label>
            <Select
              id={`${id}-seat`}
              value={line.seat ?? ''}
              onChange={(e) => onEdit({ seat: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">{t('noSeat')}</option>
              {seatChoices(guests).map((s) => (
                <option key={s} value={s}>
                  {t('seatN', { seat: s })}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-course`}>{t('course')}</Label>
            <Select
              id={`${id}-course`}
              value={line.course ?? ''}
              onChange={(e) => onEdit({ course: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">{t('noCourse')}</option>
              {(courses.length
                ? courses
                : COURSES.map((n) => ({ number: n, name: t('courseN', { course: n }) }))
              ).map((c) => (
                <option key={c.number} value={c.number}>
                  {c.name}
                </option>
              ))}
            </Select>
          </div>
          <button
            type="button"
            onClick={() => setEditing(false)}
            className="col-span-2 min-h-11 rounded-lg bg-stone-900 font-semibold text-white"
          >
            {t('doneEditing')}
          </button>
        </div>
      )}
    </li>
  );
}

/** Lines as a list under a heading; nothing when there are none. */
export function PendingLines({
  heading,
  lines,
  locked = false,
  currency,
  guests,
  onStep,
  onEdit,
}: {
  heading: string;
  lines: readonly DraftLine[];
  locked?: boolean;
  currency: Currency;
  guests: number;
  onStep?: (key: string, delta: 1 | -1) => void;
  onEdit?: (
    key: string,
    patch: { notes?: string; seat?: number | null; course?: number | null },
  ) => void;
}) {
  if (lines.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-stone-600 uppercase">{heading}</h3>
      <ul aria-label={heading} className="divide-y divide-stone-100">
        {lines.map((line) => (
          <PendingLine
            key={line.key}
            line={line}
            currency={currency}
            guests={guests}
            locked={locked}
            onStep={(delta) => onStep?.(line.key, delta)}
            onEdit={(patch) => onEdit?.(line.key, patch)}
          />
        ))}
      </ul>
    </div>
  );
}
