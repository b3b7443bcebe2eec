// Staff console: the members' privacy requests (issue 19, UU PDP art. 7-9): data exports and
// deletions with their status, time and receipt; re-sending a deletion receipt; a deletion staff
// process for a request that came another way (mail, letter, phone), with a required note.
// Operators see every request (or `?institution=ID`); institution admins their members'.
import { z } from 'zod';
import { institutionQuerySchema } from './admin-members.ts';
import { okEnvelope, pagedList } from './envelope.ts';
import { PRIVACY_REQUEST_CHANNELS, PRIVACY_REQUEST_KINDS } from './facts/index.ts';

export const privacyRequestListQuerySchema = institutionQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.enum(PRIVACY_REQUEST_KINDS).optional(),
});

export const privacyRequestSchema = z.object({
  id: z.uuid(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  channel: z.enum(PRIVACY_REQUEST_CHANNELS),
  /** 'pending' only when a deletion failed half-way (processing it again completes it). */
  status: z.enum(['completed', 'pending']),
  member: z.object({ id: z.uuid(), fullname: z.string(), email: z.string() }),
  institution_id: z.uuid().nullable(),
  requested_at: z.string(),
  completed_at: z.string().nullable(),
  /** Staff who processed it (channel 'staff'); null for the member's own request or the shell. */
  staff_email: z.string().nullable(),
  note: z.string().nullable(),
  /** Deletions: the signed receipt (JWS), where it goes (null after its retention) and its mails. */
  receipt: z.string().nullable(),
  receipt_to: z.string().nullable(),
  receipt_sent_at: z.string().nullable(),
  receipt_sends: z.number().int(),
  removed: z.array(z.string()),
  kept: z.array(z.string()),
  photos_deleted: z.number().int().nullable(),
});
export type PrivacyRequestItem = z.infer<typeof privacyRequestSchema>;
export const privacyRequestListResponseSchema = okEnvelope(pagedList(privacyRequestSchema));

/** The request's log: what happened to it, oldest first (its own steps and the staff actions on it, from the audit log). */
export const privacyRequestEventSchema = z.object({
  at: z.string(),
  event: z.enum(['requested', 'completed', 'receipt-sent', 'receipt-resent']),
  by: z.string().nullable(),
});
export const privacyRequestDetailResponseSchema = okEnvelope(privacyRequestSchema.extend({ log: z.array(privacyRequestEventSchema) }));
export type PrivacyRequestDetail = z.infer<typeof privacyRequestDetailResponseSchema>['data'];

export const privacyRequestParamsSchema = z.object({ id: z.uuid() });

/** A deletion staff process for a member in scope: the note says how the request came (required). */
export const staffDeletionRequestSchema = z.object({
  note: z.string().trim().min(10, 'Catatan minimal 10 karakter').max(1000),
});
export const privacyRequestResponseSchema = okEnvelope(privacyRequestSchema);
