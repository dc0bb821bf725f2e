import type { Translation } from '@/lib/i18n';
import type { t } from './messages';

/** The admin's Security tab in Italian. */
export const securityIt: Translation<typeof t> = {
  twoFactor: 'Verifica in due passaggi',
  twoFactorHint: 'Il tuo account: un codice dal telefono dopo la password.',
  time: 'Ora',
  username: 'Nome utente',
  reason: 'Motivo',
  device: 'Dispositivo',
  ipAddress: 'Indirizzo IP',
  failure_unknown_user: 'Nome utente sconosciuto',
  failure_wrong_password: 'Password errata',
  failure_deactivated: 'Account disattivato',
  failure_suspended: 'Ristorante sospeso',
  failure_wrong_code: 'Codice di verifica errato',
  failure_too_many_attempts: 'Troppi tentativi',
  recentFailures: 'Accessi non riusciti di recente',
  recentFailuresHint:
    'Gli ultimi {count} tentativi rifiutati sugli account di questo ristorante, conservati per 30 giorni.',
  unableToLoadFailures: 'Impossibile caricare gli accessi non riusciti',
  noFailures: 'Nessun accesso non riuscito negli ultimi 30 giorni.',
  sessionsAndPasswords: 'Sessioni e password',
  currentPolicy:
    'Durata della sessione: {hours, plural, one {# ora} other {# ore}} · Lunghezza minima della password: {length} caratteri',
  unableToLoadSettings: 'Impossibile caricare le impostazioni',
  settingsSaved: 'Impostazioni di sicurezza salvate',
  unableToSave: 'Impossibile salvare',
  sessionTimeout: 'Durata della sessione (ore)',
  sessionTimeoutHint:
    'Quanto dura un accesso (da {min} a {max} ore). Una modifica vale per gli accessi da ora in poi; le sessioni già aperte mantengono la loro scadenza.',
  minLength: 'Lunghezza minima della password',
  minLengthHint:
    'Da {min} a {max} caratteri. Le password nuove e reimpostate devono anche essere diverse dal nome utente e non essere tra le 10.000 più comuni.',
  saveSettings: 'Salva le impostazioni di sicurezza',
  sessionRevoked: 'Sessione chiusa',
  signedOutOn: '{name} è stato disconnesso su {device}.',
  unableToRevoke: 'Impossibile chiudere la sessione',
  user: 'Utente',
  role: 'Ruolo',
  signedIn: 'Accesso',
  lastSeen: 'Ultima attività',
  actions: 'Azioni',
  thisSession: 'Questa sessione',
  revokeAria: 'Chiudi la sessione di {name} su {device}',
  revoke: 'Chiudi',
  activeSessions: 'Sessioni attive',
  activeSessionsHint:
    'Tutti quelli collegati ora. Chiudere una sessione disconnette subito quel dispositivo.',
  unableToLoadSessions: 'Impossibile caricare le sessioni',
  nobodySignedIn: 'Nessuno è collegato.',
  enterSetupCode: 'Inserisci il codice di 6 cifre della tua app di autenticazione',
  enterOffCode: 'Inserisci un codice della tua app di autenticazione o un codice di recupero',
  notAvailable:
    'La verifica in due passaggi è per gli account di amministratori, responsabili e del team.',
  saveRecoveryCodes:
    'Conserva questi {count} codici di recupero in un posto sicuro. Ognuno ti fa accedere una volta se perdi il telefono. Non verranno più mostrati.',
  recoveryCodes: 'Codici di recupero',
  recoveryCodesCopied: 'Codici di recupero copiati',
  copyCodes: 'Copia i codici',
  savedThem: 'Li ho salvati',
  isOff: 'La verifica in due passaggi è disattivata',
  isOn: 'La verifica in due passaggi è attiva',
  on: 'Attiva',
  off: 'Disattivata',
  since: 'Dal {time}.',
  codesLeft:
    '{count, plural, one {Resta # codice di recupero} other {Restano # codici di recupero}}.',
  codeToTurnOff: 'Codice per disattivarla',
  offCodePlaceholder: 'Codice dell’app o di recupero',
  turnOff: 'Disattiva la verifica in due passaggi',
  scanQr:
    'Inquadra questo codice QR con la tua app di autenticazione (Google Authenticator, Microsoft Authenticator, 1Password…), poi inserisci il codice che mostra.',
  qrAlt: 'Codice QR per la tua app di autenticazione',
  enterKey: 'Oppure inserisci questa chiave a mano:',
  secretKey: 'Chiave segreta',
  codeFromApp: 'Codice dell’app',
  turnOn: 'Attiva',
  cancel: 'Annulla',
  offHint:
    'Dopo la password, l’accesso chiederà un codice da un’app di autenticazione sul tuo telefono.',
  setUp: 'Configura la verifica in due passaggi',
  yourEmail: 'La tua email',
  yourEmailHint: 'Per recuperare la password e per i promemoria sulla tua prova.',
  verified: 'Verificata',
  notVerified: 'Non verificata',
  noEmail: 'Nessun indirizzo email ancora.',
  emailAddress: 'Indirizzo email',
  sendVerification: 'Invia il link di verifica',
  saveEmail: 'Salva l’email',
  verification_sent:
    'Ti abbiamo inviato un link per verificare il tuo indirizzo email. Aprilo per confermare che l’indirizzo è tuo.',
  verification_not_sent:
    'Non siamo riusciti a inviare il link di verifica. Invialo di nuovo dalle Impostazioni tra poco.',
  verification_mail_unavailable:
    'L’email non è ancora configurata su questo server, quindi non è stato inviato nulla. Il tuo indirizzo sarà verificato quando la posta sarà disponibile.',
};
