import type { SupportTicket, SupportTicketList } from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

beforeEach(() => {
  FakeWebSocket.install();
  sessionStorage.clear();
});

const ticket = (overrides: Partial<SupportTicket> = {}): SupportTicket => ({
  id: 't1',
  restaurant: { id: 'r1', name: 'Trattoria Test' },
  subject: 'Printer not printing',
  status: 'open',
  openedBy: { name: 'Test manager', role: 'Manager' },
  createdAt: '2026-11-21T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
  answered: false,
  messages: [
    {
      id: 'm1',
      body: 'The kitchen printer stopped.',
      fromTeam: false,
      authorName: 'Test manager',
      createdAt: '2026-11-21T09:00:00.000Z',
    },
  ],
  ...overrides,
});

const list = (tickets: SupportTicket[]): SupportTicketList => ({
  counts: {
    open: tickets.filter((t) => t.status === 'open').length,
    in_progress: tickets.filter((t) => t.status === 'in_progress').length,
    resolved: tickets.filter((t) => t.status === 'resolved').length,
  },
  tickets,
});

const answered = ticket({
  status: 'in_progress',
  answered: true,
  messages: [
    ...ticket().messages,
    {
      id: 'm2',
      body: 'Please restart it.',
      fromTeam: true,
      authorName: 'Tina Team',
      createdAt: '2026-11-21T09:05:00.000Z',
    },
  ],
});

describe("the restaurant's Help", () => {
  it('opens a ticket and shows the team’s answer as soon as it arrives', async () => {
    let mine: SupportTicket[] = [];
    const api = fakeApi({
      'GET /api/support/tickets': () => ({ data: list(mine) }),
      'POST /api/support/tickets': () => {
        mine = [ticket()];
        return { status: 201, data: mine[0] };
      },
    });
    const { user } = renderRoute('/manager', { user: staffUser('manager') });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();

    await user.click(await screen.findByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Help & support' });
    expect(await within(dialog).findByText('No tickets yet.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Subject'), 'Printer not printing');
    await user.type(within(dialog).getByLabelText('Message'), 'The kitchen printer stopped.');
    await user.click(within(dialog).getByRole('button', { name: 'Send to support' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/support/tickets')[0]?.body).toEqual({
        subject: 'Printer not printing',
        message: 'The kitchen printer stopped.',
      }),
    );
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Ticket sent. The support team will answer here.',
    );
    expect(await within(dialog).findByText('Printer not printing')).toBeInTheDocument();
    expect(within(dialog).getByText('Open')).toBeInTheDocument();

    // The team answers: the restaurant's socket says so, and the dialog shows the answer.
    mine = [answered];
    socket.serverSend(
      JSON.stringify({
        type: 'support_ticket_updated',
        data: {
          ticketId: 't1',
          subject: 'Printer not printing',
          status: 'in_progress',
          change: 'answered',
        },
        timestamp: '2026-11-21T09:05:00.000Z',
        userId: 'team-1',
        restaurantId: 'r1',
        seq: 12,
      }),
    );
    expect(await within(dialog).findByText('In progress')).toBeInTheDocument();
    await user.click(within(dialog).getByText('Printer not printing'));
    expect(within(dialog).getByText('Please restart it.')).toBeInTheDocument();
    expect(within(dialog).getByText('Tina Team (support)')).toBeInTheDocument();
  });

  it('marks the Help button and tells the manager when an answer comes while it is closed', async () => {
    fakeApi({ 'GET /api/support/tickets': { data: list([answered]) } });
    const { user } = renderRoute('/manager', { user: staffUser('manager') });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    await screen.findByRole('button', { name: 'Help' });
    socket.serverSend(
      JSON.stringify({
        type: 'support_ticket_updated',
        data: {
          ticketId: 't1',
          subject: 'Printer not printing',
          status: 'in_progress',
          change: 'answered',
        },
        timestamp: '2026-11-21T09:05:00.000Z',
        userId: 'team-1',
        restaurantId: 'r1',
        seq: 13,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Help (new answer)' })).toBeInTheDocument();
    expect(screen.getByText('Support answered')).toBeInTheDocument();
    // The bell has it too.
    expect(screen.getByRole('button', { name: 'Notifications (1 unread)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Help (new answer)' }));
    expect(await screen.findByRole('dialog', { name: 'Help & support' })).toBeInTheDocument();
  });

  it('is not on the waiter’s screen', async () => {
    fakeApi({});
    renderRoute('/waiter', { user: staffUser('waiter') });
    await screen.findByRole('button', { name: /Logout/ });
    expect(screen.queryByRole('button', { name: 'Help' })).not.toBeInTheDocument();
  });
});

describe("the team's Support tab", () => {
  const team = staffUser('team', { restaurant_id: null, restaurant: null, name: 'Tina Team' });

  it('shows the counts and tickets, answers, moves the status, and follows new tickets live', async () => {
    let all = [ticket(), ticket({ id: 't2', subject: 'Invoice', status: 'resolved' })];
    const api = fakeApi({
      'GET /api/platform/overview': {
        data: {
          restaurants: { total: 1, active: 1, trial: 0, suspended: 0 },
          trialsEndingIn7Days: 0,
          ordersToday: 0,
        },
      },
      'GET /api/platform/events': { data: [] },
      'GET /api/platform/support/tickets': () => ({ data: list(all) }),
      'POST /api/platform/support/tickets/t1/messages': () => {
        all = [answered, all[1]!];
        return { data: answered };
      },
      'PUT /api/platform/support/tickets/t1/status': () => {
        all = [{ ...answered, status: 'resolved' }, all[1]!];
        return { data: all[0] };
      },
    });
    const { user } = renderRoute('/team', { user: team });
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    await user.click(await screen.findByRole('tab', { name: 'Support' }));
    const counts = await screen.findByRole('group', { name: 'Support counts' });
    await waitFor(() =>
      expect(within(counts).getByTestId('support-count-open')).toHaveTextContent('1'),
    );
    expect(within(counts).getByTestId('support-count-resolved')).toHaveTextContent('1');

    await user.click(screen.getByRole('button', { name: /Printer not printing/ }));
    const detail = await screen.findByRole('region', { name: 'Ticket Printer not printing' });
    expect(within(detail).getByText('The kitchen printer stopped.')).toBeInTheDocument();
    await user.type(within(detail).getByLabelText('Reply'), 'Please restart it.');
    await user.click(within(detail).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/platform/support/tickets/t1/messages')[0]?.body).toEqual({
        message: 'Please restart it.',
      }),
    );
    expect(await within(detail).findByText('Please restart it.')).toBeInTheDocument();
    await user.selectOptions(within(detail).getByLabelText('Status'), 'resolved');
    await waitFor(() =>
      expect(api.callsTo('PUT /api/platform/support/tickets/t1/status')[0]?.body).toEqual({
        status: 'resolved',
      }),
    );
    await waitFor(() =>
      expect(within(counts).getByTestId('support-count-resolved')).toHaveTextContent('2'),
    );

    // A restaurant opens a ticket: the tab shows it without a reload.
    all = [
      ...all,
      ticket({ id: 't3', subject: 'Menu photos', restaurant: { id: 'r5', name: 'Casa Nuova' } }),
    ];
    socket.serverSend(
      JSON.stringify({
        type: 'support_ticket_opened',
        data: {
          restaurantId: 'r5',
          name: 'Casa Nuova',
          ticketId: 't3',
          subject: 'Menu photos',
          by: 'Carla',
        },
        timestamp: '2026-11-21T10:00:00.000Z',
        userId: null,
        restaurantId: 'r5',
        seq: 30,
      }),
    );
    expect(await screen.findByRole('button', { name: /Menu photos/ })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Notifications (1 unread)' }),
    ).toBeInTheDocument();
  });
});
