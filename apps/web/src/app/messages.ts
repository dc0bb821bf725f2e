import { defineMessages } from '@/lib/i18n';

/**
 * The staff dashboards' own words: their titles and their tabs (each tab's content speaks through
 * its feature's catalog). The platform team's console stays in English: it is Tavola's own screen.
 */
export const t = defineMessages({
  en: {
    adminTitle: 'Admin Panel',
    fullAccess: 'Full Access',
    adminSections: 'Admin sections',
    tab_overview: 'Overview',
    tab_managers: 'Managers',
    tab_analytics: 'Analytics',
    tab_system: 'System',
    tab_security: 'Security',
    tab_backup: 'Backup',
    tab_audit: 'Audit Logs',
    tab_integrations: 'Integrations',
    tab_tables: 'Tables',
    tab_menu: 'Menu',
    tab_staff: 'Staff',
    tab_orders: 'Orders',
    managerTitle: 'Manager Dashboard',
    welcomeBack: 'Welcome back, {name}',
    welcomeBackAt: 'Welcome back, {name} · {restaurant}',
    managerSections: 'Manager sections',
    section_dashboard: 'Dashboard',
    section_reports: 'Reports',
    section_email: 'Scheduled email',
    analyticsSections: 'Analytics sections',
    section_items: 'Items',
    section_stations: 'Stations',
    section_printers: 'Printers',
    menuSections: 'Menu sections',
    waiterTitle: 'Waiter Dashboard',
    kitchenTitle: 'Kitchen Display',
    barTitle: 'Bar Display',
    expoTitle: 'Expo',
    expoSubtitle: 'Every order across its stations',
    stationTitle: '{name} Display',
  },
});
