import { WS_REVOKED } from '@tavola/contract';
import { defineMessages } from '@/lib/i18n';

/**
 * The staff sign-in: the login page (password, two-factor code, demo accounts, roles), forgot and
 * reset password, and the email check. Signed out, the pages speak the browser's language when it
 * is a staff language (`useBrowserLanguage`). The platform team's login stays English.
 */
export const t = defineMessages({
  en: {
    enterBoth: 'Please enter both username and password',
    enterCode: 'Enter the code from your authenticator app',
    invalidCode: 'Invalid two-factor code',
    invalidLogin: 'Invalid username or password',
    staffLogin: 'Staff Login',
    signInToDashboard: 'Sign in to your restaurant dashboard.',
    twoFactor: 'Two-factor authentication',
    twoFactorHint:
      'Enter the 6-digit code from your authenticator app for {username}, or one of your recovery codes.',
    authCode: 'Authentication code',
    verifying: 'Verifying...',
    verify: 'Verify',
    backToSignIn: 'Back to sign in',
    username: 'Username',
    enterUsername: 'Enter your username',
    password: 'Password',
    enterPassword: 'Enter your password',
    signingIn: 'Signing in...',
    signIn: 'Sign In',
    createdByManager: 'Staff accounts are created by the manager.',
    forgotPassword: 'Forgot password?',
    newRestaurant: 'New restaurant?',
    startTrial: 'Start free trial',
    demoAccounts: 'Demo Accounts',
    tapAccount: 'Tap an account to fill in its credentials.',
    useDemo: 'Use demo account {username}',
    systemRoles: 'System Roles',
    roleDesc_waiter: 'Manages tables, takes orders and serves customers',
    roleDesc_kitchen: 'Views and manages food orders',
    roleDesc_bar: 'Views and manages drink orders',
    roleDesc_manager: 'Manages operations and staff',
    roleDesc_admin: 'Full system access',
    roleDesc_team: 'Manages the SaaS platform',
    customerDemo: 'Customer Demo',
    teamLogin: 'Platform team login',
    enterYourUsername: 'Please enter your username',
    forgotHint:
      "We mail a link to choose a new password to your account's verified email address. No address? Your manager can set a new password for you.",
    sendResetLink: 'Send reset link',
    backToStaffLogin: 'Back to Staff login',
    chooseNewPassword: 'Choose a new password',
    passwordChanged:
      'Your password is changed. Sign in as {username} with the new password; every other sign-in of your account has ended.',
    newPassword: 'New password',
    newPasswordHint: 'At least 8 characters, not a common word or one repeated.',
    setNewPassword: 'Set new password',
    goToStaffLogin: 'Go to Staff login',
    verifyEmail: 'Verify your email',
    linkIncomplete: 'This verification link is incomplete. Open it from the email again.',
    checkingLink: 'Checking your link...',
    emailVerified:
      '{email} is verified. We will use it for password recovery and reminders about your trial.',
    // Why the server ended the last screen's session (its words, `WS_REVOKED`), said once here.
    revoked_signedOut: WS_REVOKED.signedOut,
    revoked_sessionEnded: WS_REVOKED.sessionEnded,
    revoked_sessionExpired: WS_REVOKED.sessionExpired,
    revoked_deactivated: WS_REVOKED.deactivated,
    revoked_roleChanged: WS_REVOKED.roleChanged,
    revoked_passwordChanged: WS_REVOKED.passwordChanged,
    revoked_tableRetired: WS_REVOKED.tableRetired,
    revoked_suspended: WS_REVOKED.suspended,
  },
});

/** The server's reason for ending a session, in the reader's language (its own words otherwise). */
export function signOutReasonText(reason: string): string {
  const key = (Object.keys(WS_REVOKED) as (keyof typeof WS_REVOKED)[]).find(
    (k) => WS_REVOKED[k] === reason,
  );
  return key ? t(`revoked_${key}`) : reason;
}
