import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { preloadRoute, renderRoute, staffUser } from '@/testing/render-route';
import './staff-it';

// Each staff screen speaks its user's language: an Italian manager reads Italian, an English one
// the spec's English (the catalogs' keys are checked in staff-it.test.ts; these render screens).

beforeAll(async () => {
  await Promise.all([preloadRoute('/manager'), preloadRoute('/admin')]);
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
