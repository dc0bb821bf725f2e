import { SUPPORT_STATUS_LABELS } from '@tavola/contract';
import { defineMessages } from '@/lib/i18n';

/** Help and support: the dashboards' Help dialog, a ticket's thread and its status. */
export const t = defineMessages({
  en: {
    help: 'Help',
    helpNews: 'Help (new answer)',
    helpTitle: 'Help & support',
    helpDescription: 'Ask the support team. Their answers appear here as soon as they are sent.',
    subject: 'Subject',
    message: 'Message',
    ticketSent: 'Ticket sent. The support team will answer here.',
    sendToSupport: 'Send to support',
    answered: 'Answered',
    writeAgain: 'Write again',
    send: 'Send',
    supportAnswered: 'Support answered',
    yourTickets: 'Your tickets',
    loadingTickets: 'Loading tickets…',
    noTickets: 'No tickets yet.',
    messagesOf: 'Messages of {subject}',
    fromSupport: '{name} (support)',
    status_open: SUPPORT_STATUS_LABELS.open,
    status_in_progress: SUPPORT_STATUS_LABELS.in_progress,
    status_resolved: SUPPORT_STATUS_LABELS.resolved,
  },
});
