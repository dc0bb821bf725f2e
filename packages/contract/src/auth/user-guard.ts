import { isRole } from './roles.js';
import type { User } from './schemas.js';

/**
 * A dependency-free check that a value is a user object, for the web's entry bundle
 * (which stays small by not loading zod).
 */
export function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.username === 'string' &&
    isRole(v.role) &&
    (v.restaurant_id === null || typeof v.restaurant_id === 'string') &&
    Array.isArray(v.permissions) &&
    v.permissions.every((p) => typeof p === 'string') &&
    typeof v.name === 'string' &&
    typeof v.status === 'string'
  );
}
