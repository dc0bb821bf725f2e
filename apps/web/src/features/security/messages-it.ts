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
};
