// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const backupsRoutes: RouteRefs<typeof contract.backupsRoutes> = {
  listBackups: { operationId: 'listBackups', method: 'GET', path: '/api/backups', scope: 'staff' },
  createBackup: {
    operationId: 'createBackup',
    method: 'POST',
    path: '/api/backups',
    scope: 'staff',
  },
  updateBackupSettings: {
    operationId: 'updateBackupSettings',
    method: 'PUT',
    path: '/api/backups/settings',
    scope: 'staff',
  },
  downloadBackup: {
    operationId: 'downloadBackup',
    method: 'GET',
    path: '/api/backups/:id/download',
    scope: 'staff',
  },
  deleteBackup: {
    operationId: 'deleteBackup',
    method: 'DELETE',
    path: '/api/backups/:id',
    scope: 'staff',
  },
  exportData: {
    operationId: 'exportData',
    method: 'GET',
    path: '/api/backups/export/:kind',
    scope: 'staff',
  },
};
