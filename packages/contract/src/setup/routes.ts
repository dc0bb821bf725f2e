import { defineRouteContract } from '../common/route.js';
import { setupChecklistResponseSchema } from './schemas.js';

/** The owner's setup checklist on the admin's overview (full access, the caller's restaurant). */
export const setupRoutes = {
  getSetupChecklist: defineRouteContract({
    method: 'GET',
    path: '/api/setup/checklist',
    operationId: 'getSetupChecklist',
    summary: "A new restaurant's setup steps, each done or not by its own data",
    tags: ['Setup'],
    scope: 'staff',
    permissions: ['full_access'],
    response: setupChecklistResponseSchema,
  }),
  dismissSetupChecklist: defineRouteContract({
    method: 'POST',
    path: '/api/setup/checklist/dismiss',
    operationId: 'dismissSetupChecklist',
    summary: 'Put the finished checklist away',
    tags: ['Setup'],
    scope: 'staff',
    permissions: ['full_access'],
    response: setupChecklistResponseSchema,
    errors: [409],
  }),
} as const;
