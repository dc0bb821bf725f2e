import { defineMessages } from '@/lib/i18n';

/**
 * The admin's Security tab: sessions and passwords, the two-factor card and header button, who is
 * signed in, and the failed sign-ins.
 */
export const t = defineMessages({
  en: {
    twoFactor: 'Two-factor sign-in',
    twoFactorHint: 'Your own account: a code from your phone after your password.',
    time: 'Time',
    username: 'Username',
    reason: 'Reason',
    device: 'Device',
    ipAddress: 'IP address',
    failure_unknown_user: 'Unknown username',
    failure_wrong_password: 'Wrong password',
    failure_deactivated: 'Account deactivated',
    failure_suspended: 'Restaurant suspended',
    failure_wrong_code: 'Wrong two-factor code',
    failure_too_many_attempts: 'Too many attempts',
    recentFailures: 'Recent failed sign-ins',
    recentFailuresHint:
      "The latest {count} attempts on this restaurant's accounts that were refused, kept for 30 days.",
    unableToLoadFailures: 'Unable to load the failed sign-ins',
    noFailures: 'No failed sign-ins in the last 30 days.',
    sessionsAndPasswords: 'Sessions and passwords',
    currentPolicy:
      'Session timeout: {hours, plural, one {# hour} other {# hours}} · Minimum password length: {length} characters',
    unableToLoadSettings: 'Unable to load the settings',
    settingsSaved: 'Security settings saved',
    unableToSave: 'Unable to save',
    sessionTimeout: 'Session timeout (hours)',
    sessionTimeoutHint:
      'How long a sign-in lasts ({min} to {max} hours). A change applies to sign-ins from now on; sessions already open keep their end.',
    minLength: 'Minimum password length',
    minLengthHint:
      '{min} to {max} characters. New and reset passwords must also differ from the username and not be one of the 10,000 most common passwords.',
    saveSettings: 'Save security settings',
    sessionRevoked: 'Session revoked',
    signedOutOn: '{name} is signed out on {device}.',
    unableToRevoke: 'Unable to revoke',
    user: 'User',
    role: 'Role',
    signedIn: 'Signed in',
    lastSeen: 'Last seen',
    actions: 'Actions',
    thisSession: 'This session',
    revokeAria: "Revoke {name}'s session on {device}",
    revoke: 'Revoke',
    activeSessions: 'Active sessions',
    activeSessionsHint: 'Everyone signed in now. Revoking a session signs that device out at once.',
    unableToLoadSessions: 'Unable to load the sessions',
    nobodySignedIn: 'Nobody is signed in.',
  },
});
