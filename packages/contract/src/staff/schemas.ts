import { z } from 'zod';
import { checkNewPassword } from '../auth/password-rules.js';
import { GRANTABLE_PERMISSIONS, ROLES } from '../auth/roles.js';
import { USER_STATUSES } from '../auth/schemas.js';
import { successResponseSchema } from '../common/envelope.js';
import { singleLine } from '../common/text.js';
import { discountLimitSchema } from '../discounts/schemas.js';

export const STAFF_ROLES = ['waiter', 'kitchen', 'bar'] as const;

const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(40, 'Username must be at most 40 characters')
  .regex(/^[a-zA-Z0-9._-]+$/, 'Username may use letters, digits, dot, dash and underscore');

const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password is too long')
  .superRefine(checkNewPassword);

export const staffCreateSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100)
    .check(singleLine('Name')),
  username: usernameSchema,
  password: passwordSchema,
  role: z.enum(ROLES, { error: 'Role must be waiter, kitchen or bar' }),
  shift: z.string().trim().max(40).check(singleLine('Shift')).optional(),
  status: z.enum(['active', 'off_duty']).default('active'),
});

export const staffUpdateSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100).check(singleLine('Name')).optional(),
  password: passwordSchema.optional(),
  role: z.enum(ROLES, { error: 'Role must be waiter, kitchen or bar' }).optional(),
  shift: z.string().trim().max(40).check(singleLine('Shift')).nullable().optional(),
  status: z
    .enum(['active', 'off_duty', 'inactive'], {
      error: 'Status must be active, off_duty or inactive',
    })
    .optional(),
});

export type StaffCreateInput = z.input<typeof staffCreateSchema>;

export type StaffUpdateInput = z.input<typeof staffUpdateSchema>;

/** A staff account as the manager's Staff tab lists it. */
export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  shift: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  /** How many tables are assigned to them now (a waiter's, before deactivating them). */
  tablesHeld: z.number().int(),
  /** The point-of-sale permissions a manager granted them beyond their role's (always sent). */
  grantedPermissions: z.array(z.enum(GRANTABLE_PERMISSIONS)).optional(),
  /** Everything they may do: their role's permissions and their grants (always sent). */
  permissions: z.array(z.string()).optional(),
  /** How far they may go with one discount (null: no limit of that kind). */
  discountLimit: discountLimitSchema.default({ maxPercent: null, maxAmount: null }),
});

export type StaffMember = z.infer<typeof staffMemberSchema>;

/**
 * PUT /api/staff/{id}/permissions: the point-of-sale permissions the member of staff holds beyond
 * their role's, as a whole list (an empty list takes every grant back).
 */
export const staffPermissionsInputSchema = z.object({
  granted: z
    .array(
      z.enum(GRANTABLE_PERMISSIONS, {
        error: `granted permissions must be among ${GRANTABLE_PERMISSIONS.join(', ')}`,
      }),
      { error: 'granted must be a list' },
    )
    .max(GRANTABLE_PERMISSIONS.length)
    .transform((list) => [...new Set(list)]),
});

export type StaffPermissionsInput = z.input<typeof staffPermissionsInputSchema>;

/** GET /api/staff. */
export const staffListResponseSchema = successResponseSchema(z.array(staffMemberSchema));

/** POST /api/staff (201), PUT /api/staff/{id}, DELETE /api/staff/{id} (deactivates). */
export const staffMemberResponseSchema = successResponseSchema(staffMemberSchema);
