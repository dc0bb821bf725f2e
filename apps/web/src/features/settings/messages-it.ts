import type { Translation } from '@/lib/i18n';
import type { t } from './messages';

/** The restaurant's settings in Italian. */
export const settingsIt: Translation<typeof t> = {
  name: 'Nome del ristorante',
  timezone: 'Fuso orario',
  timezoneHint:
    'Un fuso orario IANA, es. Europe/Rome o America/New_York: ogni schermo e report segue questo orologio.',
  dayClosesAt: 'La giornata finisce alle',
  dayClosesAtHint:
    'Quando si chiude il rapporto Z del giorno (dalle 00:00 alle 12:00): le 04:00 tengono una serata oltre la mezzanotte in un’unica giornata. Chiudere la giornata prima fa iniziare subito la successiva.',
  locale: 'Lingua',
  localeHint:
    'La lingua delle pagine degli ospiti, degli scontrini e delle email: per ora en (inglese).',
  currency: 'Valuta',
  exchangeRate: 'Cambio (1 EUR in USD)',
  taxRate: 'Aliquota IVA (%)',
  serviceCharge: 'Servizio (%)',
  serviceChargeHint: 'Aggiunto a ogni conto, sulla merce; anche su di esso si paga l’IVA.',
  pricesIncludeTax: 'Prezzi IVA inclusa',
  pricesIncludeTaxHint:
    'Attivo: i prezzi del menu comprendono già l’IVA (l’uso europeo). Disattivo: l’IVA si aggiunge al conto (l’uso americano). Gli ordini già fatti tengono la loro.',
  publicUrl: 'URL pubblico per i codici QR',
  sessionIdleMinutes: 'Libera i tavoli inattivi dopo (minuti)',
  sessionIdleMinutesHint:
    'Un tavolo occupato dove nessuno ha ordinato si libera dopo questo tempo senza una scansione, un ordine o una richiesta (da {min} a {max} minuti).',
  autoBackup: 'Backup automatico',
  autoBackupHint:
    'Fa il backup del ristorante in automatico, secondo la pianificazione della scheda Backup.',
  notificationsEnabled: 'Notifiche',
  notificationsEnabledHint:
    'Suoni e avvisi degli schermi del personale partono attivi su ogni dispositivo; ognuno può comunque silenziare i propri.',
  maintenanceMode: 'Modalità manutenzione',
  maintenanceModeHint:
    'Gli ospiti vedono un avviso e non possono ordinare dal telefono; gli schermi del personale funzionano come sempre.',
  allowGuestOrders: 'Consenti gli ordini degli ospiti',
  allowGuestOrdersHint:
    'Disattivo: gli ospiti non possono ordinare dal telefono (si dice loro di chiedere al personale).',
  orderTimeoutMinutes: 'Attesa massima di un ordine (minuti)',
  orderTimeoutMinutesHint:
    'Un ordine che nessuna postazione ha iniziato dopo questo tempo diventa urgente e il responsabile viene avvisato; non viene mai annullato (da {min} a {max} minuti).',
  maxTableCapacity: 'Coperti massimi per tavolo',
  maxTableCapacityHint:
    'Il numero massimo di ospiti che un tavolo può accogliere e che una compagnia può contare (da {min} a {max}).',
  restaurantSettings: 'Impostazioni del ristorante',
  settingsSaved: 'Impostazioni salvate',
  unableToSave: 'Impossibile salvare',
  save: 'Salva',
  section_restaurant: 'Ristorante',
  section_bills: 'Conti',
  section_ordering: 'Ordini',
  section_system: 'Sistema',
  billExample:
    '{menu} a prezzi di menu diventano sul conto: netto {net}, servizio {service}, IVA {tax}: totale {total}.',
  systemSettings: 'Impostazioni di sistema',
  maintenanceOn: 'La modalità manutenzione è attiva: gli ospiti non possono ordinare dal telefono.',
  guestOrdersOff:
    'Gli ordini degli ospiti sono disattivati: gli ospiti non possono ordinare dal telefono.',
  saving: 'Salvataggio…',
  saveSystem: 'Salva le impostazioni di sistema',
};
