import { defineMessages } from '@/lib/i18n';

/** The admin's Audit Logs tab (actions are the log's own codes, summaries the server's words). */
export const t = defineMessages({
  en: {
    unableToExport: 'Unable to export',
    action: 'Action',
    user: 'User',
    timestamp: 'Timestamp',
    details: 'Details',
    title: 'Audit Logs',
    allUsers: 'All users',
    allActions: 'All actions',
    clearFilters: 'Clear filters',
    exportCsv: 'Export CSV',
    noEntries: 'No audit entries match these filters.',
    entries: '{count} entries',
  },
});
