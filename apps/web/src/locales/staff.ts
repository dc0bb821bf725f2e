import { t as app } from '@/app/messages';
import { t as allergens } from '@/components/allergens/messages';
import { t as bills } from '@/components/bills/messages';
import { t as options } from '@/components/options/messages';
import { t as payDialog } from '@/components/payments/pay-dialog-messages';
import { t as split } from '@/components/payments/split-messages';
import { t as shell } from '@/components/shell-messages';
import { t as tableDialogs } from '@/components/tables/messages';
import { t as ui } from '@/components/ui/messages';
import { t as adminOverview } from '@/features/admin-overview/messages';
import { t as auditLog } from '@/features/audit-log/messages';
import { t as backups } from '@/features/backups/messages';
import { t as businessDay } from '@/features/business-day/messages';
import { t as discounts } from '@/features/discounts/messages';
import { t as floor } from '@/features/floor/messages';
import { t as integrations } from '@/features/integrations/messages';
import { t as menu } from '@/features/menu/messages';
import { t as orderHistory } from '@/features/order-history/messages';
import { t as pos } from '@/features/pos/messages';
import { t as printers } from '@/features/printers/messages';
import { t as branding } from '@/features/restaurant-branding/messages';
import { t as plan } from '@/features/restaurant-plan/messages';
import { t as reportEmails } from '@/features/report-emails/messages';
import { t as reports } from '@/features/reports/messages';
import { t as security } from '@/features/security/messages';
import { t as settings } from '@/features/settings/messages';
import { t as staff } from '@/features/staff/messages';
import { t as staffAuth } from '@/features/staff-auth/messages';
import { t as stations } from '@/features/stations/messages';
import { t as support } from '@/features/support/messages';
import { t as tables } from '@/features/tables/messages';
import { t as tickets } from '@/features/tickets/messages';
import type { Locale } from '@tavola/contract';
import type { Translation } from '@/lib/i18n';
import { t as places } from '@/lib/place-messages';
import { t as events } from '@/lib/realtime/event-messages';
import { t as validation } from '@/lib/validation-messages';

/** The staff screens' catalogs; a staff language module gives each of them its words. */
export const STAFF_MESSAGES = {
  pos,
  floor,
  bills,
  events,
  discounts,
  staff,
  allergens,
  options,
  shell,
  app,
  menu,
  split,
  reports,
  businessDay,
  tables,
  tableDialogs,
  orderHistory,
  staffAuth,
  settings,
  branding,
  plan,
  auditLog,
  adminOverview,
  backups,
  reportEmails,
  security,
  payDialog,
  integrations,
  printers,
  ui,
  places,
  validation,
  support,
  stations,
  tickets,
};

export type StaffCatalogs = {
  [K in keyof typeof STAFF_MESSAGES]: Translation<(typeof STAFF_MESSAGES)[K]>;
};

export function registerStaff(locale: Locale, catalogs: StaffCatalogs): StaffCatalogs {
  pos.add(locale, catalogs.pos);
  floor.add(locale, catalogs.floor);
  bills.add(locale, catalogs.bills);
  events.add(locale, catalogs.events);
  discounts.add(locale, catalogs.discounts);
  staff.add(locale, catalogs.staff);
  allergens.add(locale, catalogs.allergens);
  options.add(locale, catalogs.options);
  shell.add(locale, catalogs.shell);
  app.add(locale, catalogs.app);
  menu.add(locale, catalogs.menu);
  split.add(locale, catalogs.split);
  reports.add(locale, catalogs.reports);
  businessDay.add(locale, catalogs.businessDay);
  tables.add(locale, catalogs.tables);
  tableDialogs.add(locale, catalogs.tableDialogs);
  orderHistory.add(locale, catalogs.orderHistory);
  staffAuth.add(locale, catalogs.staffAuth);
  settings.add(locale, catalogs.settings);
  branding.add(locale, catalogs.branding);
  plan.add(locale, catalogs.plan);
  auditLog.add(locale, catalogs.auditLog);
  adminOverview.add(locale, catalogs.adminOverview);
  backups.add(locale, catalogs.backups);
  reportEmails.add(locale, catalogs.reportEmails);
  security.add(locale, catalogs.security);
  payDialog.add(locale, catalogs.payDialog);
  printers.add(locale, catalogs.printers);
  integrations.add(locale, catalogs.integrations);
  ui.add(locale, catalogs.ui);
  places.add(locale, catalogs.places);
  validation.add(locale, catalogs.validation);
  support.add(locale, catalogs.support);
  stations.add(locale, catalogs.stations);
  tickets.add(locale, catalogs.tickets);
  return catalogs;
}
