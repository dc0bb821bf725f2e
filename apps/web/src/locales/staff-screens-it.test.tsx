import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminTable, ManagerMenuItem, Overview, ZReport } from '@tavola/contract';
import { fakeApi } from '@/testing/fake-api';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';
import './staff-it';

// Each staff screen speaks its user's language: an Italian manager reads Italian, an English one
// the spec's English (the catalogs' keys are checked in staff-it.test.ts; these render screens).

beforeAll(async () => {
  await Promise.all([preloadRoute('/manager'), preloadRoute('/admin'), preloadRoute('/login')]);
});

describe('the dashboards and their header', () => {
  it('speak Italian to an Italian manager: title, welcome, tabs and Logout', async () => {
    fakeApi({});
    renderRoute('/manager?tab=menu', { user: staffUser('manager', { locale: 'it' }) });
    expect(
      await screen.findByRole('heading', { name: 'Pannello del responsabile' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Bentornato, Test manager · Trattoria Test')).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Sezioni del responsabile' }));
    for (const name of ['Panoramica', 'Tavoli', 'Menu', 'Personale', 'Ordini', 'Analisi']) {
      expect(tabs.getByRole('tab', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('tab', { name: 'Postazioni' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Esci' })).toBeInTheDocument();
  });

  it('speak the spec’s English to an English admin', async () => {
    fakeApi({});
    renderRoute('/admin?tab=audit', { user: staffUser('admin', { locale: 'en' }) });
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Test admin (Administrator)')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Audit Logs' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('name an Italian admin’s role in Italian', async () => {
    fakeApi({});
    renderRoute('/admin?tab=audit', { user: staffUser('admin', { locale: 'it' }) });
    expect(
      await screen.findByRole('heading', { name: 'Pannello di amministrazione' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Benvenuto, Test admin (Amministratore)')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Registro attività' })).toBeInTheDocument();
  });
});

const risotto: ManagerMenuItem = {
  id: 'm1',
  name: 'Risotto',
  category: 'mains',
  price: 14,
  currency: 'EUR',
  tags: [],
  available: false,
  special: true,
  station: null,
  categoryStation: 'kitchen',
  sample: false,
  allergens: null,
  traces: [],
  diets: [],
};

describe("the manager's menu editor", () => {
  const menuApi = () =>
    fakeApi({
      'GET /api/menu': { data: [risotto] },
      'GET /api/menu/categories': { data: [{ category: 'mains', station: 'kitchen' }] },
    });

  it('speaks Italian to an Italian manager: table, to-do, buttons and the item form', async () => {
    menuApi();
    const { user } = renderRoute('/manager?tab=menu', {
      user: staffUser('manager', { locale: 'it' }),
    });
    expect(await screen.findByRole('columnheader', { name: 'Articolo' })).toBeInTheDocument();
    expect(screen.getByText('Non dichiarati')).toBeInTheDocument();
    expect(screen.getByText('Del giorno')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Da fare: 1 articolo non ha la dichiarazione degli allergeni. Dichiara cosa contiene ciascuno, o che non contiene nessuno dei 14.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Attiva' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Modifica Risotto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica articolo' });
    expect(within(dialog).getByLabelText('Tempo di preparazione (minuti)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Salva' })).toBeInTheDocument();
  });

  it('keeps the spec’s English for an English manager', async () => {
    menuApi();
    renderRoute('/manager?tab=menu', { user: staffUser('manager') });
    expect(await screen.findByRole('columnheader', { name: 'Item' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'To do: 1 item has no allergen declaration. Declare what each contains, or that it contains none of the 14.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });
});

const overview: Overview = {
  currency: 'eur',
  todaysRevenue: 120,
  paidToday: 80,
  ordersToday: 9,
  activeStaff: 4,
  tableUtilization: 25,
  tablesOccupied: 3,
  tablesTotal: 12,
};

describe("the manager's figures", () => {
  it("speak Italian to an Italian manager: the overview's cards and quick actions", async () => {
    fakeApi({ 'GET /api/reports/overview': { data: overview } });
    renderRoute('/manager', { user: staffUser('manager', { locale: 'it' }) });
    expect(await screen.findByText('Incasso di oggi')).toBeInTheDocument();
    expect(await screen.findByText('3 tavoli occupati su 12')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Azioni rapide' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scarica i codici QR' })).toBeInTheDocument();
  });

  it('keep the spec’s English for an English manager', async () => {
    fakeApi({ 'GET /api/reports/overview': { data: overview } });
    renderRoute('/manager', { user: staffUser('manager') });
    expect(await screen.findByText("Today's Revenue")).toBeInTheDocument();
    expect(await screen.findByText('3 of 12 tables seated')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download QR Codes' })).toBeInTheDocument();
  });
});

const dayParts = { net: 10, service: 1, tax: 1.1, total: 12.1 };
const zReport: ZReport = {
  date: '2026-03-14',
  dayClosesAt: '02:00',
  seatedTables: [2],
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
};
const orderHistory = {
  total: 0,
  page: 1,
  pageSize: 25,
  currency: 'eur',
  timezone: 'Europe/Rome',
  rows: [],
};

describe('the end of the business day', () => {
  const dayApi = () =>
    fakeApi({
      'GET /api/reports/overview': { status: 500 },
      'GET /api/orders/history': { data: orderHistory },
      'GET /api/business-days/report': { data: zReport },
    });

  it('speaks Italian to an Italian manager: Chiusura giornata, the Z report and its check', async () => {
    dayApi();
    renderRoute('/manager?tab=orders', { user: staffUser('manager', { locale: 'it' }) });
    const section = await screen.findByRole('region', { name: /Chiusura giornata/ });
    const sales = await within(section).findByRole('table', { name: 'Vendite' });
    expect(within(sales).getByRole('rowheader', { name: 'Storni (0 articoli)' })).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Chiudi la giornata' })).toBeVisible();
    expect(within(section).getByRole('list', { name: 'Quadratura' })).toHaveTextContent(
      'Conti + mance = pagamenti:',
    );
    expect(section).toHaveTextContent('Nessun conto aperto.');
  });

  it('keeps the spec’s English for an English manager', async () => {
    dayApi();
    renderRoute('/manager?tab=orders', { user: staffUser('manager') });
    const section = await screen.findByRole('region', { name: /End of Day/ });
    const sales = await within(section).findByRole('table', { name: 'Sales' });
    expect(within(sales).getByRole('rowheader', { name: 'Voids (0 items)' })).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Close day' })).toBeVisible();
  });
});

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

describe("the manager's tables", () => {
  it('speak Italian to an Italian manager: the card, and closing a table with unpaid orders', async () => {
    fakeApi({ 'GET /api/tables': { data: [seatedTable] } });
    const { user } = renderRoute('/manager?tab=tables', {
      user: staffUser('manager', { locale: 'it' }),
    });
    expect(await screen.findByRole('heading', { name: 'Tavolo 5' })).toBeInTheDocument();
    expect(screen.getByText('Coperti 4')).toBeInTheDocument();
    expect(screen.getByText(/Sofia · 2 ordini non pagati/)).toBeInTheDocument();
    expect(screen.getByText('occupato')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Chiudi il tavolo 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chiudi il tavolo 5' });
    expect(within(dialog).getByRole('radio', { name: /^Stornali/ })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Motivo')).toBeInTheDocument();
  });

  it('keep the spec’s English for an English manager', async () => {
    fakeApi({ 'GET /api/tables': { data: [seatedTable] } });
    renderRoute('/manager?tab=tables', { user: staffUser('manager') });
    expect(await screen.findByRole('heading', { name: 'Table 5' })).toBeInTheDocument();
    expect(screen.getByText(/Sofia · 2 unpaid orders/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close table 5' })).toBeInTheDocument();
  });
});

describe("the manager's order history", () => {
  it('speaks Italian to an Italian manager', async () => {
    fakeApi({
      'GET /api/reports/overview': { status: 500 },
      'GET /api/orders/history': { data: orderHistory },
      'GET /api/business-days/report': { data: zReport },
    });
    renderRoute('/manager?tab=orders', { user: staffUser('manager', { locale: 'it' }) });
    expect(
      await screen.findByRole('heading', { name: 'Storico ordini (ultimi 30 giorni)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filtra per data' })).toBeInTheDocument();
    expect(await screen.findByText('Nessun ordine in questo periodo.')).toBeInTheDocument();
    expect(screen.getByText('0 ordini')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Successiva' })).toBeInTheDocument();
  });

  it('keeps the spec’s English for an English manager', async () => {
    fakeApi({
      'GET /api/reports/overview': { status: 500 },
      'GET /api/orders/history': { data: orderHistory },
      'GET /api/business-days/report': { data: zReport },
    });
    renderRoute('/manager?tab=orders', { user: staffUser('manager') });
    expect(
      await screen.findByRole('heading', { name: 'Order History (Last 30 Days)' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('0 orders')).toBeInTheDocument();
  });
});

describe('the staff sign-in', () => {
  afterEach(() => vi.restoreAllMocks());

  it("speaks an Italian browser's language before anyone signs in", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['it-IT', 'en']);
    fakeApi({});
    renderRoute('/login');
    expect(
      await screen.findByRole('heading', { name: 'Accesso del personale' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Nome utente')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accedi' })).toBeInTheDocument();
    // The waiter's role, described under System Roles and on its demo account.
    expect(
      screen.getAllByText('Gestisce i tavoli, prende le comande e serve i clienti'),
    ).toHaveLength(2);
  });

  it('speaks the spec’s English to an English browser', async () => {
    fakeApi({});
    renderRoute('/login');
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
