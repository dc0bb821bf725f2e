import {
  EMAIL_NOT_CONFIGURED,
  SEND_NOW_INTERVAL_MINUTES,
  sendNowTooSoon,
  type ReportEmailLogEntry,
  type ReportSchedule,
} from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, type ApiCall } from '@/testing/fake-api';
import { renderRoute, staffUser } from '@/testing/render-route';

const quiet = {
  'GET /api/reports/overview': { status: 500 },
  'GET /api/reports/analytics': { status: 500 },
  'GET /api/reviews': { status: 500 },
};

async function openEmail() {
  const rendered = renderRoute('/manager', { user: staffUser('manager') });
  await rendered.user.click(await screen.findByRole('tab', { name: 'Analytics' }));
  await rendered.user.click(await screen.findByRole('tab', { name: 'Scheduled email' }));
  return rendered;
}

const logEntry = (patch: Partial<ReportEmailLogEntry>): ReportEmailLogEntry => ({
  id: 'l1',
  scheduleId: 's1',
  report: 'sales',
  format: 'pdf',
  trigger: 'manual',
  from: '2026-03-13',
  to: '2026-03-13',
  recipients: ['owner@example.com'],
  status: 'sent',
  error: null,
  attempt: 1,
  messageId: '<abc@tavola>',
  createdAt: '2026-03-14T08:00:00.000Z',
  ...patch,
});

describe('Scheduled email in the Analytics tab (issue 16, item 5)', () => {
  it('says email is not configured, and offers nothing to send', async () => {
    fakeApi({
      ...quiet,
      'GET /api/reports/schedules': {
        data: { emailConfigured: false, timezone: 'Europe/Rome', schedules: [] },
      },
      'GET /api/reports/email-log': { data: { entries: [] } },
    });
    await openEmail();
    expect(await screen.findByText(EMAIL_NOT_CONFIGURED)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add schedule' })).toBeDisabled();
    expect(screen.getByLabelText('Recipients (comma separated)')).toBeDisabled();
    expect(await screen.findByText('Nothing sent yet.')).toBeVisible();
  });

  it('adds a weekly schedule, sends it now and shows what was sent and what failed', async () => {
    let schedules: ReportSchedule[] = [];
    const posted: ApiCall[] = [];
    const api = fakeApi({
      ...quiet,
      'GET /api/reports/schedules': () => ({
        data: { emailConfigured: true, timezone: 'Europe/Rome', schedules },
      }),
      'POST /api/reports/schedules': (call) => {
        posted.push(call);
        const body = call.body as Omit<
          ReportSchedule,
          'id' | 'nextSendAt' | 'createdAt' | 'recipientStatus'
        >;
        schedules = [
          {
            id: 's1',
            ...body,
            recipientStatus: body.recipients.map((email, i) => ({
              email,
              status: i === 0 ? 'confirmed' : 'pending',
            })),
            nextSendAt: '2026-03-20T06:00:00.000Z',
            createdAt: '2026-03-14T08:00:00.000Z',
          },
        ];
        return { status: 201, data: schedules[0] };
      },
      'POST /api/reports/schedules/s1/send': { status: 202, data: { queued: true } },
      'GET /api/reports/email-log': {
        data: {
          entries: [
            logEntry({
              id: 'l3',
              status: 'skipped',
              recipients: ['books@example.com'],
              error: 'This restaurant has sent its 20 emails for today (UTC).',
              messageId: null,
            }),
            logEntry({ id: 'l2', attempt: 2 }),
            logEntry({
              id: 'l1',
              status: 'failed',
              error: 'Mailbox busy, try again later',
              messageId: null,
            }),
          ],
        },
      },
    });
    const { user } = await openEmail();
    expect(await screen.findByText('No schedules yet.')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Frequency'), 'weekly');
    await user.selectOptions(screen.getByLabelText('Weekday'), 'Friday');
    await user.type(
      screen.getByLabelText('Recipients (comma separated)'),
      'owner@example.com, books@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Add schedule' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toEqual({
      report: 'sales',
      format: 'pdf',
      frequency: 'weekly',
      time: '07:00',
      weekday: 5,
      dayOfMonth: null,
      recipients: ['owner@example.com', 'books@example.com'],
      enabled: true,
    });

    const item = await screen.findByRole('listitem', { name: 'Sales summary schedule' });
    expect(item).toHaveTextContent(
      'Weekly on Friday at 07:00 to owner@example.com, books@example.com',
    );
    // Each recipient with its confirmation: reports go only to the confirmed ones.
    expect(
      within(within(item).getByRole('list', { name: 'Recipients' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['owner@example.com: confirmed', 'books@example.com: waiting for confirmation']);
    await user.click(within(item).getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(api.callsTo('POST /api/reports/schedules/s1/send')).toHaveLength(1));
    expect(await screen.findByText('Sending now')).toBeVisible();

    const log = screen.getByRole('region', { name: 'Email log' });
    const rows = within(log).getAllByRole('row');
    expect(within(rows[1]!).getByText('Not sent')).toBeVisible();
    expect(rows[1]).toHaveTextContent('This restaurant has sent its 20 emails for today (UTC).');
    expect(rows[2]).toHaveTextContent('Sales summary (PDF), sent now2026-03-13');
    expect(within(rows[2]!).getByText('Sent')).toBeVisible();
    expect(within(rows[3]!).getByText('Failed')).toBeVisible();
    expect(rows[3]).toHaveTextContent('Mailbox busy, try again later');
  });

  it('shows the server’s refusal of Send now', async () => {
    fakeApi({
      ...quiet,
      'GET /api/reports/schedules': {
        data: {
          emailConfigured: true,
          timezone: 'Europe/Rome',
          schedules: [
            {
              id: 's1',
              report: 'sales',
              format: 'csv',
              frequency: 'daily',
              time: '07:00',
              weekday: null,
              dayOfMonth: null,
              recipients: ['owner@example.com'],
              recipientStatus: [{ email: 'owner@example.com', status: 'confirmed' }],
              enabled: true,
              nextSendAt: null,
              createdAt: '2026-03-14T08:00:00.000Z',
            },
          ],
        },
      },
      'GET /api/reports/email-log': { data: { entries: [] } },
      'POST /api/reports/schedules/s1/send': {
        status: 429,
        error: sendNowTooSoon(SEND_NOW_INTERVAL_MINUTES),
      },
    });
    const { user } = await openEmail();
    const item = await screen.findByRole('listitem', { name: 'Sales summary schedule' });
    await user.click(within(item).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText(sendNowTooSoon(SEND_NOW_INTERVAL_MINUTES))).toBeVisible();
  });

  it('shows the server’s refusal of a schedule', async () => {
    fakeApi({
      ...quiet,
      'GET /api/reports/schedules': {
        data: { emailConfigured: true, timezone: 'Europe/Rome', schedules: [] },
      },
      'GET /api/reports/email-log': { data: { entries: [] } },
      'POST /api/reports/schedules': {
        status: 400,
        error: 'not-an-address is not an email address',
      },
    });
    const { user } = await openEmail();
    await user.type(await screen.findByLabelText('Recipients (comma separated)'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Add schedule' }));
    expect(await screen.findByText('not-an-address is not an email address')).toBeVisible();
  });
});
