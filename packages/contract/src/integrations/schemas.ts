import { z } from 'zod';
import { API_KEY_SCOPES, type ApiKeyScope } from '../common/api-scopes.js';
import { successResponseSchema } from '../common/envelope.js';

export const API_KEY_NAME_MAX = 80;
/** Enough for a handful of offices and servers; a longer list belongs behind a gateway. */
export const API_KEY_SOURCES_MAX = 20;

export const apiKeyScopeSchema = z.enum(
  API_KEY_SCOPES as unknown as [ApiKeyScope, ...ApiKeyScope[]],
);

/** One address (`203.0.113.7`, `2001:db8::1`) or a network (`203.0.113.0/24`). */
export const apiKeySourceSchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

export const createApiKeyInputSchema = z.object({
  name: z.string().trim().min(1).max(API_KEY_NAME_MAX),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1)
    .max(API_KEY_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'Each scope once'),
  /** When the key stops working by itself; absent, it works until revoked. */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  /** When given, calls from any other address are refused. */
  allowedSources: z.array(apiKeySourceSchema).max(API_KEY_SOURCES_MAX).optional(),
});

export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

/** A key as its list shows it: never the secret, only enough of it to recognise. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's start and end, the rest hidden: `tvk_live_Ab3d…x9Qz`. */
  masked: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  allowedSources: z.array(z.string()),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** Requests made with the key (refused ones included). */
  requestCount: z.number().int(),
  createdAt: z.string(),
  /** Who created it (null once their account is gone). */
  createdBy: z.string().nullable(),
});

export type ApiKey = z.infer<typeof apiKeySchema>;

/** A new or rolled key: the only answer that carries its secret (`key`). */
export const apiKeyWithSecretSchema = apiKeySchema.extend({ key: z.string() });

export type ApiKeyWithSecret = z.infer<typeof apiKeyWithSecretSchema>;

export const apiKeyListResponseSchema = successResponseSchema(
  z.object({ keys: z.array(apiKeySchema) }),
);
export const apiKeyResponseSchema = successResponseSchema(apiKeySchema);
export const apiKeyWithSecretResponseSchema = successResponseSchema(apiKeyWithSecretSchema);
