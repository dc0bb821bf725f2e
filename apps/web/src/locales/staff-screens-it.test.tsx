import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  AdminTable,
  BackupList,
  ManagerMenuItem,
  Overview,
  RestaurantPlan,
  RestaurantSettingsData,
  SetupChecklist,
  SystemOverview,
  ZReport,
} from '@tavola/contract';
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

const storedSettings: RestaurantSettingsData = {
  name: 'Trattoria Test',
  currency: 'eur',
  exchangeRate: 1.1,
  taxRate: 10,
  serviceCharge: 0,
  timezone: 'Europe/Rome',
  locale: 'en',
  publicUrl: 'https://order.example.com',
  sessionIdleMinutes: 30,
  pricesIncludeTax: true,
  autoBackup: true,
  notificationsEnabled: true,
  maintenanceMode: false,
  allowGuestOrders: true,
  orderTimeoutMinutes: 30,
  maxTableCapacity: 20,
  dayClosesAt: '00:00',
};
const trialPlan: RestaurantPlan = {
  restaurantId: 'r1',
  name: 'Trattoria Test',
  plan: 'starter',
  status: 'trial',
  trialEndsAt: '2030-01-01T00:00:00.000Z',
  trialEnded: true,
  usage: { tables: 3, staff: 2, whiteLabel: false, integrations: 0 },
  planChangedAt: null,
  limits: { tables: 5, staff: 2 },
};

describe("the admin's System tab and Plan card", () => {
  const adminApi = () =>
    fakeApi({
      'GET /api/restaurant/settings': { data: storedSettings },
      'GET /api/restaurant/plan': { data: trialPlan },
      'GET /api/restaurant/branding': {
        data: { own: {}, allowed: false, effective: { source: 'platform' } },
      },
    });

  it('speak Italian to an Italian admin: settings, white label, plan and the trial banner', async () => {
    adminApi();
    renderRoute('/admin?tab=system', { user: staffUser('admin', { locale: 'it' }) });
    const form = await screen.findByRole('form', { name: 'Impostazioni di sistema' });
    expect(within(form).getByLabelText('Aliquota IVA (%)')).toHaveValue(10);
    expect(
      within(form).getByRole('button', { name: 'Salva le impostazioni di sistema' }),
    ).toBeVisible();
    expect(await screen.findByLabelText('Nome del marchio')).toBeDisabled();
    expect(await screen.findByText('3 tavoli', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Prova finita')).toBeInTheDocument();
    expect(screen.getByText('Il periodo di prova gratuito è finito.')).toBeInTheDocument();
  });

  it('keep the spec’s English for an English admin', async () => {
    adminApi();
    renderRoute('/admin?tab=system', { user: staffUser('admin') });
    const form = await screen.findByRole('form', { name: 'System settings' });
    expect(within(form).getByLabelText('Tax rate (%)')).toHaveValue(10);
    expect(await screen.findByLabelText('Brand name')).toBeDisabled();
    expect(await screen.findByText('Trial ended')).toBeInTheDocument();
  });
});

const systemOverview: SystemOverview = {
  timezone: 'Europe/Rome',
  users: {
    total: 4,
    byRoleAndStatus: [
      { role: 'admin', status: 'active', count: 1 },
      { role: 'waiter', status: 'active', count: 2 },
      { role: 'waiter', status: 'inactive', count: 1 },
    ],
  },
  orders: { today: 1, total: 20 },
  liveScreens: { total: 2, staff: [{ role: 'waiter', count: 1 }], guests: 1 },
};
const newChecklist: SetupChecklist = {
  steps: (['menu', 'tables', 'staff', 'settings', 'test_order'] as const).map((id) => ({
    id,
    done: id === 'menu',
  })),
  complete: false,
  dismissed: false,
  counts: { ownMenuItems: 3, sampleMenuItems: 0, tables: 0, staff: 1, orders: 0 },
};

describe("the admin's Overview and Audit Logs", () => {
  const overviewApi = () =>
    fakeApi({
      'GET /api/reports/system': { data: systemOverview },
      'GET /api/setup/checklist': { data: newChecklist },
    });

  it('speak Italian to an Italian admin: checklist, figures and quick actions', async () => {
    overviewApi();
    renderRoute('/admin', { user: staffUser('admin', { locale: 'it' }) });
    expect(await screen.findByRole('region', { name: 'Prepara il tuo ristorante' })).toBeVisible();
    expect(screen.getByText('1 di 5 fatti')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Aggiungi il tuo menu: fatto' })).toBeVisible();
    const users = await screen.findByRole('region', { name: 'Utenti' });
    expect(users).toHaveTextContent('1 amministratore, 2 camerieri · 1 inattivo');
    expect(screen.getByRole('region', { name: 'Schermi collegati' })).toHaveTextContent(
      '1 schermo di sala, 1 pagina degli ospiti collegati a questo server ora',
    );
    expect(screen.getByRole('button', { name: 'Backup ora' })).toBeVisible();
  });

  it('keep the spec’s English for an English admin', async () => {
    overviewApi();
    renderRoute('/admin', { user: staffUser('admin') });
    expect(await screen.findByRole('region', { name: 'Set up your restaurant' })).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Total Users' })).toHaveTextContent(
      '1 administrator, 2 waiters · 1 inactive',
    );
    expect(screen.getByRole('button', { name: 'Backup Now' })).toBeVisible();
  });

  it("name the audit log's filters in Italian for an Italian admin", async () => {
    fakeApi({
      'GET /api/audit-log': {
        data: { rows: [], total: 0, page: 1, pageSize: 25, timezone: 'Europe/Rome', users: [] },
      },
    });
    renderRoute('/admin?tab=audit', { user: staffUser('admin', { locale: 'it' }) });
    expect(await screen.findByRole('heading', { name: 'Registro attività' })).toBeVisible();
    expect(screen.getByLabelText('Utente')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Esporta CSV' })).toBeVisible();
    expect(await screen.findByText('Nessuna voce corrisponde a questi filtri.')).toBeVisible();
  });
});

const backupList: BackupList = {
  backups: [
    {
      id: 'b1',
      kind: 'auto',
      status: 'ready',
      sizeBytes: 1536,
      error: null,
      createdBy: null,
      createdAt: '2026-03-14T23:30:00.000Z',
      finishedAt: '2026-03-14T23:30:02.000Z',
    },
  ],
  settings: { autoBackup: true, intervalHours: 6, keep: 10 },
  nextAutoBackupAt: '2026-03-15T05:30:00.000Z',
  timezone: 'Europe/Rome',
};

describe("the admin's Backup tab", () => {
  it('speaks Italian to an Italian admin', async () => {
    fakeApi({ 'GET /api/backups': { data: backupList } });
    renderRoute('/admin?tab=backup', { user: staffUser('admin', { locale: 'it' }) });
    expect(await screen.findByRole('button', { name: 'Crea un backup ora' })).toBeVisible();
    expect(await screen.findByText('Automatico')).toBeVisible();
    expect(screen.getByText('Pronto')).toBeVisible();
    expect(screen.getByText(/^Ogni 6 ore, si tengono gli ultimi 10\./)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tutto' })).toHaveAttribute(
      'title',
      'Esporta tutto (ZIP)',
    );
  });

  it('keeps the spec’s English for an English admin', async () => {
    fakeApi({ 'GET /api/backups': { data: backupList } });
    renderRoute('/admin?tab=backup', { user: staffUser('admin') });
    expect(await screen.findByRole('button', { name: 'Create Backup Now' })).toBeVisible();
    expect(await screen.findByText(/^Every 6 hours, the newest 10 kept\./)).toBeVisible();
  });
});

describe("the manager's scheduled email", () => {
  const emailApi = () =>
    fakeApi({
      'GET /api/reports/schedules': {
        data: { emailConfigured: true, timezone: 'Europe/Rome', schedules: [] },
      },
      'GET /api/reports/email-log': { data: { entries: [] } },
    });

  it('speaks Italian to an Italian manager', async () => {
    emailApi();
    renderRoute('/manager?tab=analytics&section=email', {
      user: staffUser('manager', { locale: 'it' }),
    });
    expect(await screen.findByRole('heading', { name: 'Email programmata' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Aggiungi la pianificazione' })).toBeVisible();
    expect(screen.getByLabelText('Frequenza')).toHaveDisplayValue('Ogni giorno');
    expect(await screen.findByText('Nulla inviato ancora.')).toBeVisible();
  });

  it('keeps the spec’s English for an English manager', async () => {
    emailApi();
    renderRoute('/manager?tab=analytics&section=email', { user: staffUser('manager') });
    expect(await screen.findByRole('heading', { name: 'Scheduled email' })).toBeVisible();
    expect(screen.getByLabelText('Frequency')).toHaveDisplayValue('Daily');
  });
});

describe("the admin's Security tab", () => {
  const securityApi = () =>
    fakeApi({
      'GET /api/security/settings': { data: { sessionTimeoutHours: 24, passwordMinLength: 8 } },
      'GET /api/auth/two-factor': {
        data: { available: true, enabled: false, enabledAt: null, recoveryCodesLeft: 0 },
      },
      'GET /api/security/sessions': { data: [] },
      'GET /api/security/login-failures': { data: [] },
    });

  it('speaks Italian to an Italian admin', async () => {
    securityApi();
    renderRoute('/admin?tab=security', { user: staffUser('admin', { locale: 'it' }) });
    expect(
      await screen.findByText(
        'Durata della sessione: 24 ore · Lunghezza minima della password: 8 caratteri',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Durata della sessione (ore)')).toHaveValue(24);
    expect(await screen.findByText('Nessuno è collegato.')).toBeVisible();
    expect(
      await screen.findByText('Nessun accesso non riuscito negli ultimi 30 giorni.'),
    ).toBeVisible();
  });

  it('keeps the spec’s English for an English admin', async () => {
    securityApi();
    renderRoute('/admin?tab=security', { user: staffUser('admin') });
    expect(
      await screen.findByText('Session timeout: 24 hours · Minimum password length: 8 characters'),
    ).toBeVisible();
    expect(await screen.findByText('Nobody is signed in.')).toBeVisible();
  });
});
