import { screen, within } from '@testing-library/react';
import {
  REFUSAL_CATALOGS,
  WS_REVOKED,
  type AdminTable,
  type RestaurantPlan,
  type ZReport,
} from '@tavola/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberSignOutReason } from '@/lib/sign-out-reason';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';
import './staff-it';

// The staff screens show words that come from the contract (refusals a screen decides itself, the
// schemas' validation messages, the plan's limit, a tab's order type, the server's sign-out
// reason) and from the shared dialog and toast: an Italian user reads every one in Italian.

const italianManager = staffUser('manager', { locale: 'it' });

/** Fails when a text the screen shows is one of the contract's English sentences. */
function expectNoEnglish(element: HTMLElement, ...english: string[]) {
  for (const text of english) expect(element).not.toHaveTextContent(text);
}

beforeAll(async () => {
  await Promise.all([preloadRoute('/manager'), preloadRoute('/login')]);
}, 120_000);

beforeEach(() => FakeWebSocket.install());

describe('closing a table with unpaid orders, in Italian', () => {
  const seatedTable: AdminTable = {
    id: 't5',
    number: 5,
    capacity: 4,
    status: 'active',
    qrToken: 'T-t5',
    orderUrl: 'https://order.example.com/order?token=T-t5',
    hasOpenSession: true,
    assignedWaiter: { id: 'w1', name: 'Sofia' },
    unpaidOrders: 2,
  };

  it('refuses a missing choice and a missing reason in Italian; the dialog closes with Chiudi', async () => {
    const api = fakeApi({ 'GET /api/tables': { data: [seatedTable] } });
    const { user } = renderRoute('/manager?tab=tables', { user: italianManager });
    await user.click(await screen.findByRole('button', { name: 'Chiudi il tavolo 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chiudi il tavolo 5' });
    expect(within(dialog).getByRole('button', { name: 'Chiudi' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    const submit = () => user.click(within(dialog).getByRole('button', { name: 'Chiudi tavolo' }));

    await submit();
    expect(
      await within(dialog).findByText('Scegli se stornare o saldare gli ordini non pagati'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /^Stornali/ }));
    await submit();
    expect(
      await within(dialog).findByText(
        'Serve un motivo per chiudere un tavolo con ordini non pagati',
      ),
    ).toBeInTheDocument();
    expectNoEnglish(
      dialog,
      REFUSAL_CATALOGS.en.CLOSE_TABLE_CHOICE_REQUIRED,
      REFUSAL_CATALOGS.en.CLOSE_TABLE_REASON_REQUIRED,
    );
    expect(api.callsTo('POST /api/tables/t5/close')).toHaveLength(0);
  });
});

describe('the end of the business day, in Italian', () => {
  const dayParts = { net: 10, service: 1, tax: 1.1, total: 12.1 };
  const zReport = (overrides: Partial<ZReport>): ZReport => ({
    date: '2026-03-14',
    dayClosesAt: '02:00',
    seatedTables: [],
    today: '2026-03-14',
    restaurantName: 'Trattoria Test',
    timezone: 'Europe/Rome',
    currency: 'eur',
    status: 'open',
    generatedAt: '2026-03-14T21:00:00.000Z',
    closedAt: null,
    closedBy: null,
    reopenedAt: null,
    reopenedBy: null,
    reopenReason: null,
    orders: { count: 1, ...dayParts },
    voids: { wholeOrders: 0, items: 0, net: 0, service: 0, tax: 0, total: 0 },
    bills: { count: 1, ...dayParts },
    payments: { count: 0, amount: 0, tips: 0, total: 0, byMethod: [] },
    taxRates: [],
    transactionFee: { rate: 0, base: 0, fee: 0 },
    openBills: { count: 0, total: 0, bills: [] },
    reconciliation: {
      ordersLessVoids: 12.1,
      bills: 12.1,
      billsPlusTips: 12.1,
      payments: 0,
      balanced: false,
    },
    ...overrides,
  });
  const dayApi = (report: ZReport) =>
    fakeApi({
      'GET /api/reports/overview': { status: 500 },
      'GET /api/orders/history': {
        data: {
          total: 0,
          page: 1,
          pageSize: 25,
          currency: 'eur',
          timezone: 'Europe/Rome',
          rows: [],
        },
      },
      'GET /api/business-days/report': { data: report },
    });

  it('names an open bar tab by its Italian order type', async () => {
    dayApi(
      zReport({
        openBills: {
          count: 1,
          total: 12.1,
          bills: [
            {
              tableNumber: null,
              orderType: 'bar_tab',
              tabName: 'Anna',
              openedAt: '2026-03-14T20:00:00.000Z',
              orders: 1,
              total: 12.1,
            },
          ],
        },
      }),
    );
    renderRoute('/manager?tab=orders', { user: italianManager });
    const section = await screen.findByRole('region', { name: /Chiusura giornata/ });
    expect(await within(section).findByText(/Conto al bar · Anna/)).toBeInTheDocument();
    expectNoEnglish(section, 'Bar tab');
  });

  it('refuses to reopen a day without a reason in Italian', async () => {
    const api = dayApi(
      zReport({ status: 'closed', closedAt: '2026-03-14T22:00:00.000Z', closedBy: 'X' }),
    );
    const { user } = renderRoute('/manager?tab=orders', { user: italianManager });
    const section = await screen.findByRole('region', { name: /Chiusura giornata/ });
    await user.click(await within(section).findByRole('button', { name: 'Riapri la giornata' }));
    const dialog = await screen.findByRole('dialog', { name: 'Riapri il 2026-03-14' });
    await user.click(within(dialog).getByRole('button', { name: 'Riapri la giornata' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Indica un motivo per riaprire la giornata',
    );
    expectNoEnglish(dialog, REFUSAL_CATALOGS.en.DAY_REOPEN_REASON_REQUIRED);
    expect(within(dialog).getByRole('button', { name: 'Chiudi' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/business-days/reopen')).toHaveLength(0);
  });
});

describe("the manager's staff form, in Italian", () => {
  const plan = (staffLimit: number): RestaurantPlan => ({
    restaurantId: 'r1',
    name: 'Trattoria Test',
    plan: 'starter',
    status: 'trial',
    trialEndsAt: '2099-01-01T00:00:00.000Z',
    trialEnded: false,
    usage: { tables: 2, staff: 2, whiteLabel: false, integrations: 0 },
    planChangedAt: null,
    limits: { tables: 5, staff: staffLimit },
  });

  it('says the plan’s limit in Italian', async () => {
    fakeApi({
      'GET /api/staff': { data: [] },
      'GET /api/restaurant/plan': { data: plan(2) },
    });
    const { user } = renderRoute('/manager?tab=staff', { user: italianManager });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi personale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aggiungi personale' });
    expect(
      await within(dialog).findByText(/Il piano Starter Feast include 2 account del personale/),
    ).toBeVisible();
    expectNoEnglish(dialog, 'The Starter Feast plan includes', 'staff accounts');
    expect(within(dialog).getByRole('button', { name: 'Chiudi' })).toBeInTheDocument();
  });

  it('refuses what the schema refuses in Italian, a password rule included, in a toast with Ignora', async () => {
    const api = fakeApi({
      'GET /api/staff': { data: [] },
      'GET /api/restaurant/plan': { data: plan(10) },
    });
    const { user } = renderRoute('/manager?tab=staff', { user: italianManager });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi personale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aggiungi personale' });
    const field = (label: string) => within(dialog).getByLabelText(label);
    const save = () => user.click(within(dialog).getByRole('button', { name: 'Salva' }));

    await user.type(field('Nome'), 'Chiara Neri');
    await user.type(field('Nome utente'), 'ch');
    await user.type(field('Password'), 'password');
    await save();
    expect(await screen.findByText('Nome utente: almeno 3 caratteri')).toBeInTheDocument();
    expect(screen.queryByText('Username must be at least 3 characters')).not.toBeInTheDocument();

    await user.type(field('Nome utente'), 'iara');
    await save();
    expect(
      await screen.findByText(
        'Questa password è tra le più comuni. Scegline una più difficile da indovinare.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(REFUSAL_CATALOGS.en.PASSWORD_TOO_COMMON)).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/staff')).toHaveLength(0);

    // The toast is outside the open dialog, which hides the rest of the page from a screen reader.
    expect(screen.getByRole('button', { name: 'Ignora', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dismiss', hidden: true })).not.toBeInTheDocument();
  });
});

describe('why the last screen was signed out', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is said in Italian to an Italian browser, in the server’s own words otherwise', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['it-IT', 'en']);
    fakeApi({});
    rememberSignOutReason(WS_REVOKED.deactivated);
    const { unmount } = renderRoute('/login');
    expect(await screen.findByText('Questo account è stato disattivato')).toBeInTheDocument();
    expect(screen.queryByText(WS_REVOKED.deactivated)).not.toBeInTheDocument();
    unmount();

    // A reason this build does not know stays as the server wrote it.
    rememberSignOutReason('Something new');
    renderRoute('/login');
    expect(await screen.findByText('Something new')).toBeInTheDocument();
  });
});

describe('the Stations section and the Help dialog, in Italian', () => {
  it('names the stations, their columns and the courses in Italian', async () => {
    fakeApi({
      'GET /api/stations': {
        data: [
          {
            id: 's1',
            slug: 'kitchen',
            name: 'Kitchen',
            kind: 'kitchen',
            displayOrder: 0,
            ticketMinutes: null,
            active: true,
            builtIn: true,
          },
        ],
      },
      'GET /api/courses': {
        data: { courses: [{ number: 1, name: 'Antipasti', position: 0 }], fireDelayMinutes: null },
      },
    });
    renderRoute('/manager?tab=menu&section=stations', { user: italianManager });
    const table = await screen.findByRole('table', { name: 'Postazioni' });
    expect(within(table).getByRole('columnheader', { name: 'Gestita da' })).toBeInTheDocument();
    expect(await within(table).findByText('Personale di cucina')).toBeInTheDocument();
    expect(within(table).getByText('Predefinita')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Aggiungi una postazione' })).toBeInTheDocument();
    const courses = await screen.findByRole('list', { name: 'Portate' });
    expect(await within(courses).findByLabelText('Nome della portata 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salva le portate' })).toBeInTheDocument();
    for (const english of ['Kitchen staff', 'Worked by', 'Add a station', 'Save courses']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('opens Aiuto e assistenza from the header', async () => {
    fakeApi({
      'GET /api/support/tickets': {
        data: { counts: { open: 0, in_progress: 0, resolved: 0 }, tickets: [] },
      },
    });
    const { user } = renderRoute('/manager', { user: italianManager });
    await user.click(await screen.findByRole('button', { name: 'Aiuto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aiuto e assistenza' });
    expect(within(dialog).getByLabelText('Oggetto')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Invia all’assistenza' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Chiudi' })).toBeInTheDocument();
    expectNoEnglish(dialog, 'Your tickets', 'Send to support', 'Subject');
  });
});
