import type { Role } from '@tavola/contract';
import { defineMessages } from '@/lib/i18n';

/**
 * The words every staff screen shares: the header (welcome, Logout), the live connection, the
 * bell, the plan banner, and the generic parts of lists and forms (pager, date range).
 */
export const t = defineMessages({
  en: {
    welcome: 'Welcome, {name} ({role})',
    role_waiter: 'Waiter',
    role_kitchen: 'Kitchen',
    role_bar: 'Bar',
    role_manager: 'Manager',
    role_admin: 'Administrator',
    role_team: 'Platform Team',
    logout: 'Logout',
    comingSoon: '{what} is being connected to live restaurant data.',
    demoMode: 'Demo mode: simulated events',
    offline: 'Offline',
    reconnecting: 'Reconnecting…',
    notifications: 'Notifications',
    notificationsUnread: 'Notifications ({count} unread)',
    markAllRead: 'Mark all as read',
    teamNotificationsOff: 'Team notifications are turned off in the platform settings.',
    noNotifications: 'No notifications',
    latestNotifications: 'Latest notifications',
    demoPrefix: 'Demo: {text}',
    handled: ' · Handled',
    enableNotifications: 'Enable notifications',
    clear: 'Clear',
    trialEnded: 'Your free trial has ended.',
    trialEndedGuests: ' Guests cannot order until a plan is chosen.',
    askAdministrator: ' Ask your administrator to choose a plan.',
    choosePlan: 'Choose a plan',
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {page} of {pages}',
    from: 'From',
    to: 'To',
    rangeBackwards: 'The start date must not be after the end date',
    tryAgain: 'Please try again',
  },
});

/** A role's name in the reader's language (the contract's ROLE_LABELS are the English ones). */
export const roleLabel = (role: Role): string => t(`role_${role}`);
