import { defineRouteContract } from '../common/route.js';
import { idParamSchema } from '../common/schemas.js';
import {
  staffCreateSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffPermissionsInputSchema,
  staffUpdateSchema,
} from './schemas.js';
const tags = ['Staff'];
const permissions = ['manage_staff'] as const;

/** Staff accounts, created and managed by the manager. */
export const staffRoutes = {
  listStaff: defineRouteContract({
    method: 'GET',
    path: '/api/staff',
    operationId: 'listStaff',
    summary: "The restaurant's staff accounts",
    tags,
    scope: 'staff',
    permissions,
    response: staffListResponseSchema,
  }),
  createStaff: defineRouteContract({
    method: 'POST',
    path: '/api/staff',
    operationId: 'createStaff',
    summary: 'Create a staff account',
    tags,
    scope: 'staff',
    permissions,
    body: staffCreateSchema,
    response: staffMemberResponseSchema,
    status: 201,
    errors: [409],
  }),
  updateStaff: defineRouteContract({
    method: 'PUT',
    path: '/api/staff/:id',
    operationId: 'updateStaff',
    summary: 'Change a staff account (its sessions end on a role, password or status change)',
    tags,
    scope: 'staff',
    permissions,
    params: idParamSchema,
    body: staffUpdateSchema,
    response: staffMemberResponseSchema,
    errors: [404],
  }),
  setStaffPermissions: defineRouteContract({
    method: 'PUT',
    path: '/api/staff/:id/permissions',
    operationId: 'setStaffPermissions',
    summary:
      'Grant or take back point-of-sale permissions (enter orders, discounts, comps, open items) beyond the role',
    tags,
    scope: 'staff',
    permissions,
    params: idParamSchema,
    body: staffPermissionsInputSchema,
    response: staffMemberResponseSchema,
    errors: [404],
  }),
  deactivateStaff: defineRouteContract({
    method: 'DELETE',
    path: '/api/staff/:id',
    operationId: 'deactivateStaff',
    summary: 'Deactivate a staff account',
    tags,
    scope: 'staff',
    permissions,
    params: idParamSchema,
    response: staffMemberResponseSchema,
    errors: [404],
  }),
};
