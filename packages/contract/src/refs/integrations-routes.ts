// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const integrationsRoutes: RouteRefs<typeof contract.integrationsRoutes> = {
  listApiKeys: {
    operationId: 'listApiKeys',
    method: 'GET',
    path: '/api/integrations/api-keys',
    scope: 'staff',
  },
  createApiKey: {
    operationId: 'createApiKey',
    method: 'POST',
    path: '/api/integrations/api-keys',
    scope: 'staff',
  },
  revokeApiKey: {
    operationId: 'revokeApiKey',
    method: 'POST',
    path: '/api/integrations/api-keys/:id/revoke',
    scope: 'staff',
  },
  rollApiKey: {
    operationId: 'rollApiKey',
    method: 'POST',
    path: '/api/integrations/api-keys/:id/roll',
    scope: 'staff',
  },
  listWebhooks: {
    operationId: 'listWebhooks',
    method: 'GET',
    path: '/api/integrations/webhooks',
    scope: 'staff',
  },
  createWebhook: {
    operationId: 'createWebhook',
    method: 'POST',
    path: '/api/integrations/webhooks',
    scope: 'staff',
  },
  updateWebhook: {
    operationId: 'updateWebhook',
    method: 'PATCH',
    path: '/api/integrations/webhooks/:id',
    scope: 'staff',
  },
  deleteWebhook: {
    operationId: 'deleteWebhook',
    method: 'DELETE',
    path: '/api/integrations/webhooks/:id',
    scope: 'staff',
  },
  rollWebhookSecret: {
    operationId: 'rollWebhookSecret',
    method: 'POST',
    path: '/api/integrations/webhooks/:id/roll-secret',
    scope: 'staff',
  },
  sendTestWebhook: {
    operationId: 'sendTestWebhook',
    method: 'POST',
    path: '/api/integrations/webhooks/:id/test',
    scope: 'staff',
  },
  listWebhookDeliveries: {
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    path: '/api/integrations/webhooks/:id/deliveries',
    scope: 'staff',
  },
  redeliverWebhook: {
    operationId: 'redeliverWebhook',
    method: 'POST',
    path: '/api/integrations/webhooks/:id/deliveries/:deliveryId/redeliver',
    scope: 'staff',
  },
  redeliverWebhookRange: {
    operationId: 'redeliverWebhookRange',
    method: 'POST',
    path: '/api/integrations/webhooks/:id/redeliver',
    scope: 'staff',
  },
  getStripeConnection: {
    operationId: 'getStripeConnection',
    method: 'GET',
    path: '/api/integrations/stripe',
    scope: 'staff',
  },
  connectStripe: {
    operationId: 'connectStripe',
    method: 'PUT',
    path: '/api/integrations/stripe',
    scope: 'staff',
  },
  disconnectStripe: {
    operationId: 'disconnectStripe',
    method: 'DELETE',
    path: '/api/integrations/stripe',
    scope: 'staff',
  },
};
