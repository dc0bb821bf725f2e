import type { Translation } from '@/lib/i18n';
import type { t } from './messages';

/** The admin's Audit Logs tab in Italian. */
export const auditLogIt: Translation<typeof t> = {
  unableToExport: 'Impossibile esportare',
  action: 'Azione',
  user: 'Utente',
  timestamp: 'Data e ora',
  details: 'Dettagli',
  title: 'Registro attività',
  allUsers: 'Tutti gli utenti',
  allActions: 'Tutte le azioni',
  clearFilters: 'Togli i filtri',
  exportCsv: 'Esporta CSV',
  noEntries: 'Nessuna voce corrisponde a questi filtri.',
  entries: '{count, plural, one {# voce} other {# voci}}',
};
