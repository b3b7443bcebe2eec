// HTTP schemas of the staff console API (/api/admin/v1/…): snake_case like the spec's member API,
// the same `{status, message, data}` envelope and error shape.
import { z } from 'zod';
import { okEnvelope, pagedList } from './envelope.ts';
import { SETTING_FLAGS, STAFF_ROLES, type SettingFlag } from './facts/index.ts';

export const staffSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  institution_id: z.uuid().nullable(),
  totp_enabled: z.boolean(),
  /** True while this account must enrol TOTP before any route but me/totp/logout (operators). */
  totp_required: z.boolean(),
});
export type Staff = z.infer<typeof staffSchema>;

export const staffLoginRequestSchema = z.object({
  email: z.email().max(254).transform((e) => e.trim().toLowerCase()),
  password: z.string().min(1).max(200),
  /** A 6-digit authenticator code or a recovery code, when two-factor login is on. */
  otp: z.string().trim().min(6).max(20).optional(),
});
export const staffLoginResponseSchema = okEnvelope(z.object({ token: z.string(), staff: staffSchema }));
export const staffMeResponseSchema = okEnvelope(staffSchema);
export const plainOkResponseSchema = okEnvelope(z.null());

export const totpEnrolResponseSchema = okEnvelope(z.object({ otpauth_url: z.string(), secret: z.string(), qr_data_url: z.string() }));
export const totpConfirmRequestSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/) });
export const totpConfirmResponseSchema = okEnvelope(z.object({ recovery_codes: z.array(z.string()) }));

const flags = z.object(Object.fromEntries(SETTING_FLAGS.map((f) => [f, z.boolean()])) as Record<SettingFlag, z.ZodBoolean>);
export const institutionSettingsSchema = z.object({
  active_camera: z.boolean(),
  setting: z.object({ identification: flags, failed: flags }),
});
/** The PUT's body: `cloud_speech` (issue 19) may be left out, which keeps it as it is. */
export const institutionSettingsRequestSchema = institutionSettingsSchema.extend({ cloud_speech: z.boolean().optional() });
export type InstitutionSettingsBody = z.infer<typeof institutionSettingsRequestSchema>;
export const institutionSettingsResponseSchema = okEnvelope(institutionSettingsSchema.extend({
  id: z.uuid(), name: z.string(),
  /** Members may be offered cloud speech recognition (each then consents separately). Off by default. */
  cloud_speech: z.boolean(),
  /** The institution's admins and proctors must enrol two-factor login (PUT …/staff-totp). */
  staff_totp_required: z.boolean(),
  /** Changes apply to attempts not yet started; a started attempt keeps the rules frozen at its start. */
  applies_to: z.literal('attempts_not_started'),
}));

export const staffTotpRuleSchema = z.object({ required: z.boolean() });
export const staffTotpRuleResponseSchema = okEnvelope(z.object({ staff_totp_required: z.boolean() }));

export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  action: z.string().max(60).optional(),
  staff_id: z.uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export const auditEntrySchema = z.object({
  id: z.uuid(), staff_id: z.uuid().nullable(), role: z.string(), action: z.string(), target_type: z.string(),
  target_id: z.string(), institution_id: z.uuid().nullable(), before: z.unknown(), after: z.unknown(),
  ip: z.string().nullable(), at: z.string(),
  /** The TCP peer's address (a proxy's, when `ip` came from X-Forwarded-For). */
  socket_ip: z.string().nullable(),
});
export const auditListResponseSchema = okEnvelope(pagedList(auditEntrySchema));

