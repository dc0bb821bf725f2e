import type { Printer, StationRow } from '@tavola/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket, serverEvent } from '@/testing/fake-websocket';
import { renderRoute, staffUser } from '@/testing/render-route';

const kitchenPrinter: Printer = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Kitchen printer',
  host: '192.168.1.50',
  port: 9100,
  commandSet: 'epson',
  codePage: 'cp858',
  columns: 42,
  receipt: false,
  agentId: null,
  status: 'online',
  lastSeenAt: '2026-11-27T18:00:00.000Z',
  lastError: null,
  statusChangedAt: null,
  stations: ['kitchen'],
  backupFor: [],
  pendingJobs: 0,
};

const backupPrinter: Printer = {
  ...kitchenPrinter,
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Pass printer',
  host: '192.168.1.51',
  stations: [],
  backupFor: ['kitchen'],
};

const stations: StationRow[] = [
  {
    id: 's1',
    slug: 'kitchen',
    name: 'Kitchen',
    kind: 'kitchen',
    displayOrder: 0,
    active: true,
    ticketMinutes: null,
    builtIn: true,
  },
  {
    id: 's2',
    slug: 'bar',
    name: 'Bar',
    kind: 'bar',
    displayOrder: 1,
    active: true,
    ticketMinutes: null,
    builtIn: true,
  },
];

describe('printers (issue 27, part 5)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    FakeWebSocket.install();
  });
  afterEach(() => vi.useRealTimers());

  it("shows the kitchen's display an alert as soon as its printer runs out of paper", async () => {
    let printers = [kitchenPrinter, backupPrinter];
    fakeApi({
      'GET /api/printers': () => ({ data: printers }),
      'GET /api/tickets': { data: { tickets: [], recentlyServed: [] } },
    });
    renderRoute('/kitchen', { user: staffUser('kitchen') });
    await screen.findByRole('heading', { name: /Kitchen/ });
    expect(screen.queryByText(/needs attention/)).toBeNull();

    printers = [{ ...kitchenPrinter, status: 'paper_out', lastError: 'Paper out' }, backupPrinter];
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    socket.serverSend(
      serverEvent('printer_status_changed', {
        printerId: kitchenPrinter.id,
        name: kitchenPrinter.name,
        status: 'paper_out',
        previousStatus: 'online',
        error: 'Paper out',
        stations: ['kitchen'],
        receipt: false,
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(200));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A printer needs attention');
    expect(alert).toHaveTextContent(
      'Kitchen printer: Paper out — tickets print on Pass printer meanwhile',
    );
  });

  it('reprints a ticket from the display, on the station’s printer', async () => {
    const ticket = {
      id: '44444444-4444-4444-8444-444444444444',
      orderId: 'o1',
      orderNumber: 1042,
      tableId: 't7',
      tableNumber: 7,
      orderType: 'dine_in' as const,
      tab: null,
      station: 'kitchen',
      status: 'new' as const,
      priority: 'normal' as const,
      orderTime: '2026-11-27T18:00:00.000Z',
      estimatedTime: 15,
      startTime: null,
      readyTime: null,
      servedTime: null,
      waiter: null,
      customerCount: 2,
      items: [{ name: 'Caesar Salad', quantity: 1, notes: null, category: 'food' }],
    };
    const api = fakeApi({
      'GET /api/printers': { data: [kitchenPrinter] },
      'GET /api/tickets': { data: { tickets: [ticket], recentlyServed: [] } },
      [`POST /api/printers/tickets/${ticket.id}`]: {
        status: 202,
        data: {
          id: 'j2',
          kind: 'ticket',
          status: 'pending',
          station: 'kitchen',
          title: 'Order #1042 · Table 7',
          printerId: null,
          printedOn: null,
          attempts: 0,
          lastError: null,
          createdAt: '2026-11-27T18:00:00.000Z',
          printedAt: null,
        },
      },
    });
    const { user } = renderRoute('/kitchen', { user: staffUser('kitchen') });
    await user.click(await screen.findByText('Reprint'));
    expect(await screen.findByLabelText('Ticket to reprint')).toHaveDisplayValue('#1042 · Table 7');
    await user.click(screen.getByRole('button', { name: 'Reprint order #1042' }));
    expect(await screen.findByText('Sent to the printer')).toBeVisible();
    expect(api.callsTo(`POST /api/printers/tickets/${ticket.id}`)).toHaveLength(1);
  });

  it('lets the manager add a printer, give the bar a printer, and test-print', async () => {
    let printers: Printer[] = [kitchenPrinter];
    const api = fakeApi({
      'GET /api/printers': () => ({ data: printers }),
      'GET /api/printers/jobs': { data: [] },
      'GET /api/printers/agents': { data: [] },
      'GET /api/stations': { data: stations },
      'POST /api/printers': ({ body }) => {
        const added: Printer = {
          ...kitchenPrinter,
          ...(body as object),
          id: '33333333-3333-4333-8333-333333333333',
          status: 'unknown',
          lastSeenAt: null,
          stations: [],
        };
        printers = [...printers, added];
        return { status: 201, data: added };
      },
      'PUT /api/printers/stations/bar': ({ body }) => {
        printers = printers.map((p) =>
          p.id === (body as { printerId: string }).printerId ? { ...p, stations: ['bar'] } : p,
        );
        return { data: { station: 'bar', ...(body as object) } };
      },
      'POST /api/printers/33333333-3333-4333-8333-333333333333/test': {
        status: 202,
        data: {
          id: 'j1',
          kind: 'test',
          status: 'pending',
          station: null,
          title: 'Test page · Bar printer',
          printerId: '33333333-3333-4333-8333-333333333333',
          printedOn: null,
          attempts: 0,
          lastError: null,
          createdAt: '2026-11-27T18:00:00.000Z',
          printedAt: null,
        },
      },
    });
    const { user } = renderRoute('/manager?tab=menu&section=printers', {
      user: staffUser('manager'),
    });
    const form = await screen.findByRole('form', { name: 'Add printer' });
    await user.type(within(form).getByLabelText('Name'), 'Bar printer');
    await user.type(within(form).getByLabelText('Address'), '192.168.1.60');
    await user.selectOptions(within(form).getByLabelText('Command set'), 'star');
    await user.click(within(form).getByRole('button', { name: 'Add printer' }));
    expect(await screen.findByText('Printer added')).toBeVisible();
    expect(api.callsTo('POST /api/printers')[0]!.body).toEqual({
      name: 'Bar printer',
      host: '192.168.1.60',
      port: 9100,
      commandSet: 'star',
      codePage: 'cp858',
      receipt: false,
      agentId: null,
    });
    const table = await screen.findByRole('table', { name: 'Printers' });
    expect(await within(table).findByText('Bar printer')).toBeVisible();
    expect(within(table).getByText('Not reached yet')).toBeVisible();

    await user.selectOptions(
      await screen.findByLabelText('Printer of the Bar'),
      '33333333-3333-4333-8333-333333333333',
    );
    await waitFor(() =>
      expect(api.callsTo('PUT /api/printers/stations/bar')[0]?.body).toEqual({
        printerId: '33333333-3333-4333-8333-333333333333',
        backupPrinterId: null,
      }),
    );
    expect(await screen.findByText('The Bar prints on Bar printer')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Test print on Bar printer' }));
    expect(await screen.findByText('Test page sent')).toBeVisible();
    // A manager sees the agents; only an admin creates a device token.
    expect(await screen.findByRole('table', { name: 'Print agents' })).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Create agent token' })).toBeNull();
  });

  it('lets an admin create a print agent token, shown once, and see its health', async () => {
    const agent = {
      id: '55555555-5555-4555-8555-555555555555',
      name: 'Back office',
      tokenStart: 'tpa_abcd',
      connected: false,
      lastSeenAt: null,
      revokedAt: null,
      createdAt: '2026-11-27T18:00:00.000Z',
    };
    let agents: (typeof agent)[] = [];
    fakeApi({
      'GET /api/printers': { data: [] },
      'GET /api/printers/jobs': { data: [] },
      'GET /api/printers/agents': () => ({ data: agents }),
      'POST /api/printers/agents': () => {
        agents = [agent];
        return { status: 201, data: { ...agent, token: 'tpa_secret-token-value' } };
      },
    });
    const { user } = renderRoute('/manager?tab=menu&section=printers', {
      user: staffUser('admin'),
    });
    const form = await screen.findByRole('form', { name: 'Create agent token' });
    await user.type(within(form).getByLabelText('Agent name'), 'Back office');
    await user.click(within(form).getByRole('button', { name: 'Create agent token' }));
    expect(
      await screen.findByText('Copy this token now: it is not shown again. tpa_secret-token-value'),
    ).toBeVisible();
    const table = screen.getByRole('table', { name: 'Print agents' });
    expect(await within(table).findByText('Not connected')).toBeVisible();
  });
});
