import type { Translation } from '@/lib/i18n';
import type { t } from './messages';

/** Help and support in Italian. */
export const supportIt: Translation<typeof t> = {
  help: 'Aiuto',
  helpNews: 'Aiuto (nuova risposta)',
  helpTitle: 'Aiuto e assistenza',
  helpDescription:
    'Scrivi al team di assistenza. Le risposte compaiono qui appena vengono inviate.',
  subject: 'Oggetto',
  message: 'Messaggio',
  ticketSent: 'Richiesta inviata. Il team di assistenza risponderà qui.',
  sendToSupport: 'Invia all’assistenza',
  answered: 'Risposta ricevuta',
  writeAgain: 'Scrivi di nuovo',
  send: 'Invia',
  supportAnswered: 'L’assistenza ha risposto',
  yourTickets: 'Le tue richieste',
  loadingTickets: 'Caricamento delle richieste…',
  noTickets: 'Ancora nessuna richiesta.',
  messagesOf: 'Messaggi di {subject}',
  fromSupport: '{name} (assistenza)',
  status_open: 'Aperta',
  status_in_progress: 'In lavorazione',
  status_resolved: 'Risolta',
};
