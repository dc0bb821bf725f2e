import { defineMessages } from '@/lib/i18n';

/** The restaurant's settings: the manager's dialog and the admin's System tab. */
export const t = defineMessages({
  en: {
    name: 'Restaurant name',
    timezone: 'Timezone',
    timezoneHint:
      'An IANA time zone, e.g. Europe/Rome or America/New_York: every screen and report keeps this clock.',
    dayClosesAt: 'Business day ends at',
    dayClosesAtHint:
      'When the day’s Z report closes (00:00 to 12:00): 04:00 keeps a night past midnight in one business day. Closing the day early starts the next one at once.',
    locale: 'Language',
    localeHint: 'The language of the guest pages, receipts and emails: en (English) for now.',
    currency: 'Currency',
    exchangeRate: 'Exchange rate (1 EUR in USD)',
    taxRate: 'Tax rate (%)',
    serviceCharge: 'Service charge (%)',
    serviceChargeHint: 'Added to every bill, on the goods; tax is charged on it too.',
    pricesIncludeTax: 'Prices include tax',
    pricesIncludeTaxHint:
      'On: menu prices already hold the tax (the EU habit). Off: tax is added to the bill (the US habit). Orders already placed keep theirs.',
    publicUrl: 'Public URL for QR codes',
    sessionIdleMinutes: 'Free idle tables after (minutes)',
    sessionIdleMinutesHint:
      'A seated table where nobody has ordered is freed after this long without a scan, order or request ({min} to {max} minutes).',
    autoBackup: 'Auto backup',
    autoBackupHint: 'Back up the restaurant automatically, on the Backup tab’s schedule.',
    notificationsEnabled: 'Notifications',
    notificationsEnabledHint:
      "Staff screens' sounds and pop-up alerts start on for every device; each person can still mute their own.",
    maintenanceMode: 'Maintenance mode',
    maintenanceModeHint:
      'Guests see a notice and cannot order from their phones; staff screens work as usual.',
    allowGuestOrders: 'Allow guest orders',
    allowGuestOrdersHint:
      'Off: guests cannot order from their phones (they are told to ask a member of staff).',
    orderTimeoutMinutes: 'Order timeout (minutes)',
    orderTimeoutMinutesHint:
      'An order no station has started after this long becomes urgent and the manager is told; it is never cancelled ({min} to {max} minutes).',
    maxTableCapacity: 'Max table capacity (guests)',
    maxTableCapacityHint:
      'The most guests a table may seat and a party may number ({min} to {max}).',
    restaurantSettings: 'Restaurant settings',
    settingsSaved: 'Settings saved',
    unableToSave: 'Unable to save',
    save: 'Save',
    section_restaurant: 'Restaurant',
    section_bills: 'Bills',
    section_ordering: 'Ordering',
    section_system: 'System',
    billExample:
      '{menu} of menu prices bills as net {net}, service charge {service}, tax {tax}: total {total}.',
    systemSettings: 'System settings',
    maintenanceOn: 'Maintenance mode is on: guests cannot order from their phones.',
    guestOrdersOff: 'Guest orders are off: guests cannot order from their phones.',
    saving: 'Saving…',
    saveSystem: 'Save System Settings',
  },
});
