import { defineMessages } from '@/lib/i18n';

/**
 * The admin's Security tab: sessions and passwords, the two-factor card and header button, who is
 * signed in, and the failed sign-ins; the own two-factor panel (also the team's enrolment screen) and
 * the admin's own email address.
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
    enterSetupCode: 'Enter the 6-digit code from your authenticator app',
    enterOffCode: 'Enter a code from your authenticator app or a recovery code',
    notAvailable: 'Two-factor sign-in is for admin, manager and team accounts.',
    saveRecoveryCodes:
      'Save these {count} recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are not shown again.',
    recoveryCodes: 'Recovery codes',
    recoveryCodesCopied: 'Recovery codes copied',
    copyCodes: 'Copy codes',
    savedThem: 'I have saved them',
    isOff: 'Two-factor sign-in is off',
    isOn: 'Two-factor sign-in is on',
    on: 'On',
    off: 'Off',
    since: 'Since {time}.',
    codesLeft: '{count, plural, one {# recovery code} other {# recovery codes}} left.',
    codeToTurnOff: 'Code to turn it off',
    offCodePlaceholder: 'App code or recovery code',
    turnOff: 'Turn off two-factor sign-in',
    scanQr:
      'Scan this QR code with your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), then enter the code it shows.',
    qrAlt: 'QR code for your authenticator app',
    enterKey: 'Or enter this key by hand:',
    secretKey: 'Secret key',
    codeFromApp: 'Code from the app',
    turnOn: 'Turn on',
    cancel: 'Cancel',
    offHint:
      'After your password, signing in will ask for a code from an authenticator app on your phone.',
    setUp: 'Set up two-factor sign-in',
    yourEmail: 'Your email',
    yourEmailHint: 'For password recovery and reminders about your trial.',
    verified: 'Verified',
    notVerified: 'Not verified',
    noEmail: 'No email address yet.',
    emailAddress: 'Email address',
    sendVerification: 'Send verification link',
    saveEmail: 'Save email',
    verification_sent:
      'We sent a link to verify your email address. Open it to confirm the address is yours.',
    verification_not_sent:
      'We could not send the verification link just now. Send it again from Settings in a moment.',
    verification_mail_unavailable:
      'Email is not set up on this server yet, so nothing was sent. Your address will be verified when mail is available.',
  },
});
