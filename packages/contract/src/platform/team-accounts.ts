import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { singleLine } from '../common/text.js';
import { refusalsEn } from '../i18n/catalogs/en.js';
import { platformPasswordSchema, platformUsernameSchema } from './tenants.js';

/**
 * The platform team's own accounts: the team adds members and deactivates
 * them; a deactivated member's sessions and live screens end at once. The last active member,
 * and the member acting, can never be deactivated (the platform would lock itself out).
 */

export const teamMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  status: z.enum(['active', 'inactive']),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});

export type TeamMemberAccount = z.infer<typeof teamMemberSchema>;

export const teamMemberListResponseSchema = successResponseSchema(z.array(teamMemberSchema));

export const teamMemberResponseSchema = successResponseSchema(teamMemberSchema);

/** POST /api/platform/team-members */
export const teamMemberCreateSchema = z.object({
  username: platformUsernameSchema,
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters')
    .check(singleLine('Name')),
  password: platformPasswordSchema,
});

export type TeamMemberCreateInput = z.input<typeof teamMemberCreateSchema>;

export const CANNOT_DEACTIVATE_SELF = refusalsEn.TEAM_CANNOT_DEACTIVATE_SELF;
export const CANNOT_DEACTIVATE_LAST_TEAM_MEMBER = refusalsEn.TEAM_LAST_MEMBER;
