import {
  catalogProblems,
  GUEST_REFUSAL_CODES,
  REFUSAL_CATALOGS,
  type PublicMenu,
} from '@tavola/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { burgerGroups, menuItem, publicMenu, summary } from '@/testing/builders';
import { fakeApi, type ApiCall } from '@/testing/fake-api';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderRoute } from '@/testing/render-route';
import { GUEST_MESSAGES, type GuestCatalogs } from '../locales/register';

/** The menu as the server answers it in each language: German names where the manager gave them. */
function menuIn(lang: string | null): PublicMenu {
  const german = lang === 'de';
  return {
    ...publicMenu([
      menuItem({ id: 'm1', name: german ? 'Trüffel-Pommes' : 'Truffle Fries' }),
      // Not translated: the original in every language.
      menuItem({ id: 'm2', name: 'Tiramisu' }),
      menuItem({ id: 'd1', name: 'Negroni', category: 'drinks' }),
    ]),
    language: (lang as PublicMenu['language']) ?? null,
    ...(german ? { categoryNames: { food: 'Speisen vom Haus' } } : {}),
  };
}

const langOf = (call: ApiCall | undefined) =>
  call && new URL(call.path, 'http://x').searchParams.get('lang');

function guestServer() {
  return fakeApi({
    'GET /api/menu/public': (call) => ({ data: menuIn(langOf(call) ?? null) }),
    'GET /api/sessions/public/summary': { data: summary() },
  });
}

const browserLanguages = (languages: string[]) =>
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

beforeEach(() => FakeWebSocket.install());
afterEach(() => vi.restoreAllMocks());

describe('the guest page in the guest’s language', () => {
  it('speaks English by default, with the spec’s words', async () => {
    browserLanguages(['en-US']);
    const api = guestServer();
    renderRoute('/order?token=QR-T1');
    expect(await screen.findByRole('button', { name: 'Add Truffle Fries' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Food' })).toBeInTheDocument();
    expect(langOf(api.callsTo('GET /api/menu/public')[0])).toBe('en');
  });

  it('reads the browser’s language: the page’s words, the menu’s names and its categories', async () => {
    browserLanguages(['de-AT', 'en']);
    const api = guestServer();
    renderRoute('/order?token=QR-T1');
    expect(await screen.findByRole('button', { name: 'Bestellen' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Trüffel-Pommes hinzufügen' })).toBeVisible();
    // The original where the manager gave no translation.
    expect(screen.getByRole('button', { name: 'Tiramisu hinzufügen' })).toBeVisible();
    // The manager's category name first, the catalog's for the others.
    expect(screen.getByRole('tab', { name: 'Speisen vom Haus' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Getränke' })).toBeInTheDocument();
    expect(langOf(api.callsTo('GET /api/menu/public')[0])).toBe('de');
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  });

  it('switches language from the page and remembers the choice on the device', async () => {
    browserLanguages(['de-DE']);
    const api = guestServer();
    const { user, unmount } = renderRoute('/order?token=QR-T1');
    await screen.findByRole('button', { name: 'Bestellen' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'it');
    expect(await screen.findByRole('button', { name: 'Invia l’ordine' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Aggiungi Truffle Fries' })).toBeVisible();
    expect(langOf(api.callsTo('GET /api/menu/public').at(-1))).toBe('it');

    // The next visit, with the same browser: the choice, not the browser's language.
    unmount();
    renderRoute('/order?token=QR-T2');
    expect(await screen.findByRole('button', { name: 'Invia l’ordine' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Lingua' })).toHaveValue('it');
    expect(
      within(screen.getByRole('combobox', { name: 'Lingua' })).getByRole('option', {
        name: 'Deutsch',
      }),
    ).toBeInTheDocument();
  });

  it.each([
    ['de-DE', 'hinzufügen', 'Schließen'],
    ['fr-FR', 'Ajouter', 'Fermer'],
    ['es-ES', 'Añadir', 'Cerrar'],
    ['it-IT', 'Aggiungi', 'Chiudi'],
  ])('closes a dialog with a button in the guest’s language (%s)', async (lang, add, close) => {
    browserLanguages([lang]);
    fakeApi({
      'GET /api/menu/public': {
        data: publicMenu([
          menuItem({
            id: 'b1',
            name: 'Burger',
            price: { eur: 14, usd: 15.4 },
            pricing: { priceCents: 1400, currency: 'eur' },
            optionGroups: burgerGroups(),
          }),
        ]),
      },
      'GET /api/sessions/public/summary': { data: summary() },
    });
    const { user } = renderRoute('/order?token=QR-T1');
    await user.click(
      await screen.findByRole('button', { name: new RegExp(`${add}.*Burger|Burger.*${add}`) }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Burger' });
    expect(within(dialog).getByRole('button', { name: close })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('falls back to English for a browser language the page does not speak', async () => {
    browserLanguages(['pt-BR', 'ja']);
    guestServer();
    renderRoute('/order?token=QR-T1');
    expect(await screen.findByRole('button', { name: 'Place Order' })).toBeInTheDocument();
  });
});

describe('the guest catalogs', () => {
  it.each(['it', 'de', 'fr', 'es'])(
    '%s has every English key with the same placeholders',
    async (locale) => {
      const catalogs = ((await import(`../locales/${locale}.ts`)) as { default: GuestCatalogs })
        .default;
      for (const [name, messages] of Object.entries(GUEST_MESSAGES)) {
        const translated = catalogs[name as keyof typeof GUEST_MESSAGES];
        expect(catalogProblems(messages.en, translated), name).toEqual([]);
      }
    },
  );

  it.each(['de', 'fr', 'es'])(
    '%s words every refusal a guest can meet, with the placeholders of the English',
    async (locale) => {
      const { refusals } = ((await import(`../locales/${locale}.ts`)) as { default: GuestCatalogs })
        .default;
      const english = Object.fromEntries(
        GUEST_REFUSAL_CODES.map((code) => [code, REFUSAL_CATALOGS.en[code]]),
      );
      expect(catalogProblems(english, refusals ?? {})).toEqual([]);
    },
  );

  it('shows a refusal in German when the guest page speaks German', async () => {
    browserLanguages(['de-DE']);
    fakeApi({
      'GET /api/menu/public': (call) => ({ data: menuIn(langOf(call) ?? null) }),
      'GET /api/sessions/public/summary': { data: summary() },
      'POST /api/tables/public/request-payment': {
        status: 409,
        error: REFUSAL_CATALOGS.en.NOTHING_TO_PAY,
        code: 'NOTHING_TO_PAY',
      },
    });
    const { user } = renderRoute('/order?token=QR-T1');
    await user.click(await screen.findByRole('button', { name: 'Trüffel-Pommes hinzufügen' }));
    const requestPayment = screen.getByRole('button', { name: 'Rechnung anfordern' });
    await waitFor(() => expect(requestPayment).toBeEnabled());
    await user.click(requestPayment);
    expect(
      await screen.findByText(
        /Es wurde noch nichts bestellt\. Bestellen Sie zuerst oder rufen Sie die Bedienung\./,
      ),
    ).toBeVisible();
  });
});
