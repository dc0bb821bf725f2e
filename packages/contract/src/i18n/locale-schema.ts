import { z } from 'zod';
import { SUPPORTED_LOCALES } from './locales.js';

/** A restaurant's or a user's language, as settings and profiles accept it. */
export const localeSchema = z.enum(SUPPORTED_LOCALES, {
  error: `locale must be one of: ${SUPPORTED_LOCALES.join(', ')}`,
});
