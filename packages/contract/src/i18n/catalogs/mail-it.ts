import type { MailKey } from './mail-en.js';

/** The server's emails in Italian (keys and placeholders as in English). */
export const mailsIt: Record<MailKey, string> = {
  PASSWORD_RESET_SUBJECT: 'Scegli una nuova password per {product}',
  PASSWORD_RESET_BODY:
    'Ciao {name},\n' +
    '\n' +
    'Qualcuno ha chiesto di reimpostare la password del tuo account {product}. Per sceglierne una nuova, apri:\n' +
    '{link}\n' +
    '\n' +
    'Il link funziona una volta, per {minutes} minuti.\n' +
    'Se non lo hai chiesto tu, ignora questo messaggio: la tua password resta com’è.',

  EMAIL_VERIFICATION_SUBJECT: 'Verifica il tuo indirizzo email per {product}',
  EMAIL_VERIFICATION_BODY:
    'Ciao {name},\n' +
    '\n' +
    'Apri questo link per confermare che {email} è il tuo indirizzo su {product}:\n' +
    '{link}\n' +
    '\n' +
    'Il link funziona una volta, per {hours} ore.\n' +
    'Usiamo questo indirizzo per recuperare la password e per i promemoria sulla prova gratuita.\n' +
    'Se non ti sei registrato, ignora questo messaggio.',

  REPORT_CONFIRMATION_SUBJECT: 'Conferma per ricevere i report via email',
  REPORT_CONFIRMATION_BODY:
    'Un ristorante che usa Tavola ha chiesto di inviare i suoi report a questo indirizzo ({email}).\n' +
    '\n' +
    'Ristorante: {restaurant}\n' +
    '\n' +
    'Non ti viene inviato nulla se non confermi. Per ricevere i report, apri questo link e premi Conferma:\n' +
    '{link}\n' +
    '\n' +
    'Se non li vuoi, apri lo stesso link e premi Rifiuta, oppure ignora questa email. Il link funziona per {days} giorni.',

  REPORT_SUBJECT: '{title}, {period}: {schedule}',
  REPORT_HEADER: '{title}: {restaurant}\nPeriodo: {period}\nImporti in {currency}',
  REPORT_GENERATED: 'Generato il {at}. Il report completo è allegato.',
  REPORT_FOOTER:
    '\n\n--\nRicevi questo report perché hai confermato questo indirizzo. Per non riceverlo più: {link}\n',
};
