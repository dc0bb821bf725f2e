import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { staffMember } from '@/testing/builders';
import { fakeApi } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';
import { sessionStore } from '@/lib/session-store';
import '@/locales/staff-it';

// The Staff and Managers tabs speak their user's language (the catalogs' keys are checked in
// locales/staff-it.test.ts; these render the screens).

const staff = [
  staffMember({ id: 's1', name: 'Marco', role: 'waiter', tablesHeld: 2, shift: 'evening' }),
  staffMember({ id: 's2', name: 'Rita', role: 'bar', tablesHeld: 0, status: 'off_duty' }),
];

beforeEach(() => FakeWebSocket.install());
afterEach(() => sessionStore.clear());
beforeAll(() => Promise.all([preloadRoute('/manager'), preloadRoute('/admin')]), 120_000);

describe("the manager's Staff tab in the user's language", () => {
  it('speaks Italian to an Italian manager: cards, actions and the account form', async () => {
    fakeApi({ 'GET /api/staff': { data: staff } });
    const { user } = renderRoute('/manager?tab=staff', {
      user: staffUser('manager', { locale: 'it' }),
    });
    const marco = within((await screen.findByRole('heading', { name: 'Marco' })).closest('li')!);
    expect(marco.getByText('In servizio')).toBeInTheDocument();
    expect(marco.getByText('Serve 2 tavoli')).toBeInTheDocument();
    expect(marco.getByText(/cameriere · turno evening/)).toBeInTheDocument();
    expect(marco.getByRole('button', { name: 'Rimuovi' })).toBeInTheDocument();
    const rita = within(screen.getByRole('heading', { name: 'Rita' }).closest('li')!);
    expect(rita.getByText('Fuori turno')).toBeInTheDocument();

    await user.click(marco.getByRole('button', { name: 'Modifica' }));
    const form = within(await screen.findByRole('dialog', { name: 'Modifica personale' }));
    expect(form.getByLabelText('Nuova password (facoltativa)')).toBeInTheDocument();
    expect(
      within(form.getByLabelText('Ruolo'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['cameriere', 'cucina', 'bar']);
    expect(form.getByRole('button', { name: 'Salva' })).toBeInTheDocument();
  });

  it("keeps the spec's English for an English manager", async () => {
    fakeApi({ 'GET /api/staff': { data: staff } });
    const { user } = renderRoute('/manager?tab=staff', { user: staffUser('manager') });
    const marco = within((await screen.findByRole('heading', { name: 'Marco' })).closest('li')!);
    expect(marco.getByText('Active')).toBeInTheDocument();
    expect(marco.getByText('Serving 2 tables')).toBeInTheDocument();
    expect(marco.getByText(/waiter · evening shift/)).toBeInTheDocument();
    await user.click(marco.getByRole('button', { name: 'Edit' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Staff' }));
    expect(form.getByLabelText('New password (optional)')).toBeInTheDocument();
  });
});

describe("the admin's Managers tab in the user's language", () => {
  it('speaks Italian to an Italian admin', async () => {
    fakeApi({
      'GET /api/reports/system': { status: 500 },
      'GET /api/staff': {
        data: [
          staffMember({ id: 'm1', name: 'Anna Rossi', role: 'manager' }),
          staffMember({ id: 'm2', name: 'Bruno Gallo', role: 'manager', status: 'inactive' }),
        ],
      },
    });
    renderRoute('/admin?tab=managers', { user: staffUser('admin', { locale: 'it' }) });
    expect(await screen.findByRole('heading', { name: 'Responsabili' })).toBeInTheDocument();
    const table = within(await screen.findByRole('table'));
    expect(await table.findByRole('columnheader', { name: 'Ultimo accesso' })).toBeVisible();
    const bruno = within(table.getByRole('row', { name: /Bruno Gallo/ }));
    expect(bruno.getByText('Inattivo')).toBeInTheDocument();
    expect(bruno.getByText('Mai')).toBeInTheDocument();
    expect(bruno.getByRole('button', { name: 'Attiva Bruno Gallo' })).toBeInTheDocument();
    expect(
      table.getByRole('button', { name: 'Reimposta la password di Anna Rossi' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aggiungi responsabile' })).toBeInTheDocument();
  });
});
