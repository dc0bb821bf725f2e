import {
  CONFIRMATION_LINK_DAYS,
  DEFAULT_LOCALE,
  EMAIL_NOT_CONFIGURED,
  isLocale,
  REPORT_FORMATS,
  REPORT_KINDS,
  REPORT_TITLE_CATALOGS,
  SCHEDULE_FREQUENCIES,
  type ReportFormat,
  type ReportEmailLogEntry,
  type ReportEmailStatus,
  type ReportKind,
  type ReportRecipientStatus,
  type ReportSchedule,
  type ReportScheduleInput,
  type ScheduleFrequency,
} from '@tavola/contract';
import { Mail, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Form, FormSubmit, runSave } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { formatTime } from '@/lib/format';
import { getLocale } from '@/lib/i18n';
import { useDeleteSchedule } from '@/features/report-emails/api/delete-schedule';
import { useEmailLog } from '@/features/report-emails/api/get-email-log';
import { useReportSchedules } from '@/features/report-emails/api/get-schedules';
import { useSaveSchedule } from '@/features/report-emails/api/save-schedule';
import { useSendNow } from '@/features/report-emails/api/send-now';
import { t } from '../messages';

/** A report's title in the reader's staff language (the contract's report catalog). */
const reportTitle = (kind: ReportKind) => {
  const locale = getLocale();
  return REPORT_TITLE_CATALOGS[isLocale(locale) ? locale : DEFAULT_LOCALE][kind];
};

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const weekdayName = (day: number) =>
  t(`weekday_${WEEKDAYS.includes(day as 1) ? (day as (typeof WEEKDAYS)[number]) : 1}`);

/** "Daily at 07:00", "Weekly on Monday at 07:00", "Monthly on day 1 at 07:00". */
export function describeTiming(
  s: Pick<ReportSchedule, 'frequency' | 'time' | 'weekday' | 'dayOfMonth'>,
) {
  if (s.frequency === 'weekly')
    return t('weeklyAt', { weekday: weekdayName(s.weekday ?? 1), time: s.time });
  if (s.frequency === 'monthly') return t('monthlyAt', { day: s.dayOfMonth ?? 1, time: s.time });
  return t('dailyAt', { time: s.time });
}

interface Draft {
  report: ReportKind;
  format: ReportFormat;
  frequency: ScheduleFrequency;
  time: string;
  weekday: number;
  dayOfMonth: number;
  recipients: string;
  enabled: boolean;
}

const EMPTY: Draft = {
  report: 'sales',
  format: 'pdf',
  frequency: 'daily',
  time: '07:00',
  weekday: 1,
  dayOfMonth: 1,
  recipients: '',
  enabled: true,
};

const toInput = (d: Draft): ReportScheduleInput => ({
  report: d.report,
  format: d.format,
  frequency: d.frequency,
  time: d.time,
  weekday: d.frequency === 'weekly' ? d.weekday : null,
  dayOfMonth: d.frequency === 'monthly' ? d.dayOfMonth : null,
  recipients: d.recipients
    .split(/[,;\s]+/)
    .map((r) => r.trim())
    .filter(Boolean),
  enabled: d.enabled,
});

const RECIPIENT_TONE: Record<ReportRecipientStatus, 'amber' | 'green' | 'neutral'> = {
  pending: 'amber',
  confirmed: 'green',
  declined: 'neutral',
};

const LOG_TONE: Record<ReportEmailStatus, 'green' | 'red' | 'neutral'> = {
  sent: 'green',
  failed: 'red',
  skipped: 'neutral',
};

/**
 * Scheduled email, in the Analytics tab: the restaurant's schedules (a report,
 * CSV or PDF, daily, weekly or monthly at a local time, to its recipients), Send now, and the log
 * of what was sent and what failed. Without an SMTP server it says so and offers nothing to send.
 */
export default function ReportEmails() {
  const { data, isPending, isError, error } = useReportSchedules();
  const save = useSaveSchedule();
  const remove = useDeleteSchedule();
  const sendNow = useSendNow();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  if (isError) return <Alert tone="error">{error.message}</Alert>;
  if (isPending) return <div className="h-48 animate-pulse rounded-xl bg-stone-200" />;
  const configured = data.emailConfigured;

  const submit = () =>
    save.mutateAsync({ ...(editing ? { id: editing } : {}), input: toInput(draft) });
  const reset = () => {
    setDraft(EMPTY);
    setEditing(null);
  };
  const edit = (s: ReportSchedule) => {
    setEditing(s.id);
    setDraft({
      report: s.report,
      format: s.format,
      frequency: s.frequency,
      time: s.time,
      weekday: s.weekday ?? 1,
      dayOfMonth: s.dayOfMonth ?? 1,
      recipients: s.recipients.join(', '),
      enabled: s.enabled,
    });
  };
  const toggle = (s: ReportSchedule, enabled: boolean) =>
    runSave(
      () =>
        save.mutateAsync({
          id: s.id,
          input: {
            report: s.report,
            format: s.format,
            frequency: s.frequency,
            time: s.time,
            weekday: s.weekday,
            dayOfMonth: s.dayOfMonth,
            recipients: s.recipients,
            enabled,
          },
        }),
      { failure: t('unableToChange') },
    );

  return (
    <section aria-labelledby="report-emails-title" className="space-y-4">
      <h2 id="report-emails-title" className="text-lg font-bold">
        {t('title')}
      </h2>
      {!configured && <Alert tone="warning">{EMAIL_NOT_CONFIGURED}</Alert>}
      <p className="text-sm text-stone-600">{t('timesAre', { timezone: data.timezone })}</p>
      <p className="text-sm text-stone-600">{t('confirmOnce', { days: CONFIRMATION_LINK_DAYS })}</p>

      {data.schedules.length === 0 ? (
        <p className="text-sm text-stone-500">{t('noSchedules')}</p>
      ) : (
        <ul aria-label={t('schedules')} className="space-y-2">
          {data.schedules.map((s) => (
            <li
              key={s.id}
              aria-label={t('scheduleOf', { report: reportTitle(s.report) })}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm"
            >
              <div className="space-y-0.5">
                <p className="font-semibold">
                  {reportTitle(s.report)} · {s.format.toUpperCase()}
                </p>
                <p className="text-sm text-stone-600">
                  {t('timingTo', {
                    timing: describeTiming(s),
                    recipients: s.recipients.join(', '),
                  })}
                </p>
                <ul aria-label={t('recipients')} className="flex flex-wrap gap-1.5 pt-1">
                  {s.recipientStatus.map((r) => (
                    <li key={r.email} className="text-xs">
                      <Badge tone={RECIPIENT_TONE[r.status]}>
                        {r.email}: {t(`recipient_${r.status}`)}
                      </Badge>
                    </li>
                  ))}
                </ul>
                {s.nextSendAt && (
                  <p className="text-xs text-stone-500">
                    {t('next', { time: formatTime(s.nextSendAt, data.timezone, 'dateTime') })}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <label className="flex items-center gap-2 text-sm">
                  <Switch
                    checked={s.enabled}
                    disabled={!configured && !s.enabled}
                    onCheckedChange={(on) => void toggle(s, on)}
                    aria-label={t('sendOnSchedule', { report: reportTitle(s.report) })}
                  />
                  {s.enabled ? t('on') : t('off')}
                </label>
                <Button
                  size="sm"
                  disabled={!configured || sendNow.isPending}
                  onClick={() =>
                    void runSave(() => sendNow.mutateAsync(s.id), {
                      success: {
                        title: t('sendingNow'),
                        description: t('sendingNowText'),
                      },
                      failure: t('unableToSend'),
                    })
                  }
                >
                  <Send aria-hidden className="size-4" /> {t('sendNow')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => edit(s)}>
                  <Pencil aria-hidden className="size-4" /> {t('edit')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('deleteSchedule', { report: reportTitle(s.report) })}
                  onClick={() => {
                    if (window.confirm(t('confirmDelete', { report: reportTitle(s.report) })))
                      void runSave(() => remove.mutateAsync(s.id), {
                        failure: t('unableToDelete'),
                      });
                  }}
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Form
        onSubmit={submit}
        success={{ title: editing ? t('scheduleSaved') : t('scheduleAdded') }}
        onSaved={reset}
        errorToast={t('unableToSave')}
        busy={save.isPending}
        aria-labelledby="schedule-form-title"
        className="space-y-3 rounded-xl bg-white p-4 shadow-sm"
      >
        <h3 id="schedule-form-title" className="font-semibold">
          {editing ? t('editSchedule') : t('newSchedule')}
        </h3>
        <fieldset disabled={!configured} className="grid gap-3 sm:grid-cols-3">
          <Field label={t('report')} id="schedule-report">
            <Select
              value={draft.report}
              onChange={(e) => set({ report: e.target.value as ReportKind })}
            >
              {REPORT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {reportTitle(k)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('format')} id="schedule-format">
            <Select
              value={draft.format}
              onChange={(e) => set({ format: e.target.value as ReportFormat })}
            >
              {REPORT_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f.toUpperCase()}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('frequency')} id="schedule-frequency">
            <Select
              value={draft.frequency}
              onChange={(e) => set({ frequency: e.target.value as ScheduleFrequency })}
            >
              {SCHEDULE_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {t(`freq_${f}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('time')} id="schedule-time">
            <Input
              type="time"
              required
              value={draft.time}
              onChange={(e) => set({ time: e.target.value })}
            />
          </Field>
          {draft.frequency === 'weekly' && (
            <Field label={t('weekday')} id="schedule-weekday">
              <Select
                value={draft.weekday}
                onChange={(e) => set({ weekday: Number(e.target.value) })}
              >
                {WEEKDAYS.map((day) => (
                  <option key={day} value={day}>
                    {weekdayName(day)}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {draft.frequency === 'monthly' && (
            <Field label={t('dayOfMonth')} id="schedule-day">
              <Input
                type="number"
                min={1}
                max={31}
                required
                value={draft.dayOfMonth}
                onChange={(e) => set({ dayOfMonth: Number(e.target.value) })}
              />
            </Field>
          )}
          <Field label={t('recipientsComma')} id="schedule-recipients" className="sm:col-span-3">
            <Input
              type="text"
              inputMode="email"
              required
              placeholder="owner@example.com, accountant@example.com"
              value={draft.recipients}
              onChange={(e) => set({ recipients: e.target.value })}
            />
          </Field>
        </fieldset>
        <div className="flex gap-2">
          <FormSubmit disabled={!configured}>
            <Mail aria-hidden className="size-4" /> {editing ? t('saveSchedule') : t('addSchedule')}
          </FormSubmit>
          {editing && (
            <Button type="button" variant="ghost" onClick={reset}>
              {t('cancel')}
            </Button>
          )}
        </div>
      </Form>

      <EmailLog timezone={data.timezone} />
    </section>
  );
}

/** The email log's columns: when, what, for which days, to whom, and how it went. */
function logColumns(timezone: string): Column<ReportEmailLogEntry>[] {
  return [
    {
      key: 'when',
      header: t('when'),
      className: 'whitespace-nowrap',
      cell: (e) => formatTime(e.createdAt, timezone, 'dateTime'),
    },
    {
      key: 'report',
      header: t('report'),
      cell: (e) => (
        <>
          {reportTitle(e.report)} ({e.format.toUpperCase()})
          {e.trigger === 'manual' ? t('sentNow') : ''}
        </>
      ),
    },
    {
      key: 'period',
      header: t('period'),
      className: 'whitespace-nowrap',
      cell: (e) => (e.from === e.to ? e.from : t('periodRange', { from: e.from, to: e.to })),
    },
    { key: 'recipients', header: t('recipients'), cell: (e) => e.recipients.join(', ') },
    {
      key: 'status',
      header: t('status'),
      cell: (e) => <Badge tone={LOG_TONE[e.status]}>{t(e.status)}</Badge>,
    },
    { key: 'attempt', header: t('attempt'), className: 'tabular-nums', cell: (e) => e.attempt },
    {
      key: 'details',
      header: t('details'),
      className: 'text-stone-600',
      cell: (e) => e.error ?? e.messageId ?? '',
    },
  ];
}

function EmailLog({ timezone }: { timezone: string }) {
  const { data, isError, error } = useEmailLog();
  return (
    <section aria-label={t('emailLog')} className="rounded-xl bg-white p-4 shadow-sm">
      <h3 className="mb-2 font-semibold">{t('sentAndFailed')}</h3>
      {isError && <Alert tone="error">{error.message}</Alert>}
      {data?.entries.length === 0 ? (
        <p className="text-sm text-stone-500">{t('nothingSent')}</p>
      ) : (
        <DataTable
          bare
          columns={logColumns(timezone)}
          rows={data?.entries}
          rowKey={(e) => e.id}
          loading={!data && !isError}
          empty={t('nothingSent')}
        />
      )}
    </section>
  );
}
