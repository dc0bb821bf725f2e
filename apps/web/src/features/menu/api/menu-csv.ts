import { menuRoutes } from '@tavola/contract/refs';
import { managerCall } from '@/lib/api-client';
import { downloadRoute } from '@/lib/download';
import { useMenuMutation } from './menu-mutation';

export const downloadMenuTemplate = () =>
  downloadRoute(menuRoutes.getMenuImportTemplate, {}, 'menu-template.csv');

export const downloadMenuExport = () => downloadRoute(menuRoutes.exportMenu, {}, 'menu.csv');

/** Checks a file without writing (every mistake by row). */
export const checkMenuCsv = (csv: string) =>
  managerCall(menuRoutes.importMenu, { body: { csv, dryRun: true } });

/** Imports a checked file whole; the menu reloads. */
export const useImportMenuCsv = () =>
  useMenuMutation('import-csv', (csv: string) =>
    managerCall(menuRoutes.importMenu, { body: { csv, dryRun: false } }),
  );
