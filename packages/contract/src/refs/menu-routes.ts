// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const menuRoutes: RouteRefs<typeof contract.menuRoutes> = {
  getPublicMenu: {
    operationId: 'getPublicMenu',
    method: 'GET',
    path: '/api/menu/public',
    scope: 'guest',
  },
  listMenu: { operationId: 'listMenu', method: 'GET', path: '/api/menu', scope: 'staff' },
  getOrderMenu: {
    operationId: 'getOrderMenu',
    method: 'GET',
    path: '/api/menu/order-entry',
    scope: 'staff',
  },
  listMenuCategories: {
    operationId: 'listMenuCategories',
    method: 'GET',
    path: '/api/menu/categories',
    scope: 'staff',
  },
  setMenuCategoryStation: {
    operationId: 'setMenuCategoryStation',
    method: 'PUT',
    path: '/api/menu/categories',
    scope: 'staff',
  },
  getMenuTranslations: {
    operationId: 'getMenuTranslations',
    method: 'GET',
    path: '/api/menu/translations',
    scope: 'staff',
  },
  setMenuTranslations: {
    operationId: 'setMenuTranslations',
    method: 'PUT',
    path: '/api/menu/translations/:locale',
    scope: 'staff',
  },
  removeMenuSamples: {
    operationId: 'removeMenuSamples',
    method: 'DELETE',
    path: '/api/menu/samples',
    scope: 'staff',
  },
  importMenu: {
    operationId: 'importMenu',
    method: 'POST',
    path: '/api/menu/import',
    scope: 'staff',
  },
  exportMenu: {
    operationId: 'exportMenu',
    method: 'GET',
    path: '/api/menu/export',
    scope: 'staff',
  },
  getMenuImportTemplate: {
    operationId: 'getMenuImportTemplate',
    method: 'GET',
    path: '/api/menu/import/template',
    scope: 'staff',
  },
  createMenuItem: {
    operationId: 'createMenuItem',
    method: 'POST',
    path: '/api/menu',
    scope: 'staff',
  },
  updateMenuItem: {
    operationId: 'updateMenuItem',
    method: 'PUT',
    path: '/api/menu/:id',
    scope: 'staff',
  },
  toggleMenuItem: {
    operationId: 'toggleMenuItem',
    method: 'PUT',
    path: '/api/menu/:id/toggle',
    scope: 'staff',
  },
  deleteMenuItem: {
    operationId: 'deleteMenuItem',
    method: 'DELETE',
    path: '/api/menu/:id',
    scope: 'staff',
  },
  listOptionGroups: {
    operationId: 'listOptionGroups',
    method: 'GET',
    path: '/api/menu/option-groups',
    scope: 'staff',
  },
  createOptionGroup: {
    operationId: 'createOptionGroup',
    method: 'POST',
    path: '/api/menu/option-groups',
    scope: 'staff',
  },
  updateOptionGroup: {
    operationId: 'updateOptionGroup',
    method: 'PUT',
    path: '/api/menu/option-groups/:id',
    scope: 'staff',
  },
  deleteOptionGroup: {
    operationId: 'deleteOptionGroup',
    method: 'DELETE',
    path: '/api/menu/option-groups/:id',
    scope: 'staff',
  },
  toggleOption: {
    operationId: 'toggleOption',
    method: 'PUT',
    path: '/api/menu/option-groups/:id/options/:optionId/toggle',
    scope: 'staff',
  },
  setItemOptionGroups: {
    operationId: 'setItemOptionGroups',
    method: 'PUT',
    path: '/api/menu/:id/option-groups',
    scope: 'staff',
  },
};
