// Staff console: an institution's members (list, add, CSV import, deactivate/reactivate, resend the
// password-set mail). Operators pass `?institution=ID` (required to add or import; optional to list).
import { z } from 'zod';
import { okEnvelope, pagedList } from './envelope.ts';
import { MEMBER_CSV_MAX_ROWS, STAFF_ERROR_CODES } from './facts/index.ts';

/** `?institution=ID`: which institution an operator acts on (institution staff: ignored unless their own). */
export const institutionQuerySchema = z.object({ institution: z.uuid().optional() });

export const memberListQuerySchema = institutionQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Part of the name or the e-mail, case-insensitive. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(['all', 'active', 'inactive']).default('all'),
});

export const adminMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullname: z.string(),
  phone_number: z.string(),
  institution_id: z.uuid().nullable(),
  active: z.boolean(),
  /** False until the member has set a password through the mailed link. */
  password_set: z.boolean(),
  order_count: z.number().int(),
  created_at: z.string(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;
export const memberListResponseSchema = okEnvelope(pagedList(adminMemberSchema));
export const memberResponseSchema = okEnvelope(adminMemberSchema);

const phone = z.string().trim().max(20).regex(/^\+?[0-9 ()-]{6,20}$/).optional().or(z.literal(''));
export const memberCreateRequestSchema = z.object({
  email: z.email().max(254).transform((e) => e.trim().toLowerCase()),
  fullname: z.string().trim().min(1).max(200),
  phone_number: phone,
  /** Mail the password-set link now (default). */
  send_invite: z.boolean().default(true),
});
export type MemberCreateRequest = z.infer<typeof memberCreateRequestSchema>;

/** The CSV as text (UTF-8; `,` or `;` separated), header row first: see MEMBER_CSV_COLUMNS. */
export const memberImportRequestSchema = z.object({
  csv: z.string().min(1).max(2_000_000),
  send_invites: z.boolean().default(true),
  /** Only validate: answers the row count, writes nothing. */
  dry_run: z.boolean().default(false),
});
export const memberImportResultSchema = z.object({
  /** Data rows in the file. */
  rows: z.number().int().max(MEMBER_CSV_MAX_ROWS),
  /** Members created (0 on a dry run). */
  imported: z.number().int(),
  /** Password-set mails sent. */
  invited: z.number().int(),
});
export const memberImportResponseSchema = okEnvelope(memberImportResultSchema);

/** One problem of the file: `row` is the line number in the file (the header is row 1); 0 = the whole file. */
export const csvRowErrorSchema = z.object({ row: z.number().int(), column: z.string().nullable(), message: z.string() });
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;
/** A refused import answers 422 with every problem; nothing was written. */
export const memberImportErrorSchema = z.object({
  status: z.literal(422),
  message: z.string(),
  code: z.literal(STAFF_ERROR_CODES.csvInvalid),
  errors: z.array(csvRowErrorSchema),
});

export const memberParamsSchema = z.object({ id: z.uuid() });
