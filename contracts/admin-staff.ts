// HTTP schemas of staff account management in the console (/api/admin/v1/staff…) and of the
// one-time password-set link (/api/admin/v1/password-set…, no token: the link's code is the key).
import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { STAFF_MESSAGES, STAFF_PASSWORD_MIN_LENGTH, STAFF_ROLES } from './facts/index.ts';

export const staffAccountSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  institution_id: z.uuid().nullable(),
  institution_name: z.string().nullable(),
  active: z.boolean(),
  totp_enabled: z.boolean(),
  /** False until the password-set link has been used. */
  password_set: z.boolean(),
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffListQuerySchema = z.object({ institution: z.uuid().optional() });
export const staffListResponseSchema = okEnvelope(z.object({ list: z.array(staffAccountSchema) }));
export const staffAccountResponseSchema = okEnvelope(staffAccountSchema);
export const staffParamsSchema = z.object({ id: z.uuid() });

/** Operators: any role (an institution admin needs `institution_id`); institution admins: proctors of their own institution. */
export const staffCreateRequestSchema = z.object({
  email: z.email().max(254).transform((e) => e.trim().toLowerCase()),
  name: z.string().trim().max(200).default(''),
  role: z.enum(STAFF_ROLES),
  institution_id: z.uuid().nullable().optional(),
});
export type StaffCreateRequest = z.input<typeof staffCreateRequestSchema>;

export const passwordSetParamsSchema = z.object({ code: z.string().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/) });
export const passwordSetInfoResponseSchema = okEnvelope(z.object({ email: z.string(), name: z.string(), role: z.enum(STAFF_ROLES) }));
export const passwordSetRequestSchema = z.object({
  code: passwordSetParamsSchema.shape.code,
  password: z.string().min(STAFF_PASSWORD_MIN_LENGTH, { error: STAFF_MESSAGES.passwordTooShort }).max(200),
});
