import { defineRouteContract } from '../common/route.js';
import { idParamSchema } from '../common/schemas.js';
import {
  apiKeyListResponseSchema,
  apiKeyResponseSchema,
  apiKeyWithSecretResponseSchema,
  createApiKeyInputSchema,
} from './schemas.js';
const tags = ['Integrations'];

/**
 * The restaurant's API keys. An admin creates any key; a manager only keys that read. The secret
 * is in the answer to a creation or a roll, and nowhere else.
 */
export const integrationsRoutes = {
  listApiKeys: defineRouteContract({
    method: 'GET',
    path: '/api/integrations/api-keys',
    operationId: 'listApiKeys',
    summary: "The restaurant's API keys (masked), with their last use and request count",
    tags,
    scope: 'staff',
    permissions: ['manage_settings'],
    response: apiKeyListResponseSchema,
  }),
  createApiKey: defineRouteContract({
    method: 'POST',
    path: '/api/integrations/api-keys',
    operationId: 'createApiKey',
    summary: 'Create an API key; its secret is in this answer only (data.key)',
    description:
      'Scopes are domain:read or domain:write. A manager may create keys with read scopes only; an admin any key.',
    tags,
    scope: 'staff',
    permissions: ['manage_settings'],
    body: createApiKeyInputSchema,
    response: apiKeyWithSecretResponseSchema,
    status: 201,
    errors: [403, 422],
  }),
  revokeApiKey: defineRouteContract({
    method: 'POST',
    path: '/api/integrations/api-keys/:id/revoke',
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key: refused from the next request on, on every instance',
    tags,
    scope: 'staff',
    permissions: ['manage_settings'],
    params: idParamSchema,
    response: apiKeyResponseSchema,
    errors: [403, 404, 409],
  }),
  rollApiKey: defineRouteContract({
    method: 'POST',
    path: '/api/integrations/api-keys/:id/roll',
    operationId: 'rollApiKey',
    summary: 'Give an API key a new secret (in this answer only); the old one stops at once',
    tags,
    scope: 'staff',
    permissions: ['manage_settings'],
    params: idParamSchema,
    response: apiKeyWithSecretResponseSchema,
    errors: [403, 404, 409],
  }),
};
