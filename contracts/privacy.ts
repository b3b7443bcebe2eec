// The candidate's rights (issue 19): export (a zip, no schema), deletion and the consent ledger.
import { z } from 'zod';
import { okEnvelope as ok } from './envelope.ts';
import { CONSENT_KINDS, WITHDRAWABLE_CONSENTS } from './facts/index.ts';

export const deletionRequestSchema = z.object({
  /** The account's password (accounts made through Google sign-in only have none). */
  password: z.string().max(200).optional(),
  confirm: z.literal(true),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;

export const deletionResponseSchema = ok(z.object({
  removed: z.array(z.string()),
  kept: z.array(z.string()),
  /** The signed receipt, also mailed. */
  receipt: z.string(),
}));
export type DeletionResponse = z.infer<typeof deletionResponseSchema>;

/** One consent of the ledger as the member sees it (and the export lists it). */
export const consentRecordSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CONSENT_KINDS),
  /** The version of the text agreed to. */
  version: z.string(),
  order_id: z.uuid(),
  order_no: z.string(),
  given_at: z.string(),
  withdrawn_at: z.string().nullable(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;
export const consentLedgerSchema = z.object({
  consents: z.array(consentRecordSchema),
  /** Whether a live (not withdrawn) consent of the kind exists. */
  active: z.object({ biometric: z.boolean(), cloud_speech: z.boolean() }),
});
export type ConsentLedger = z.infer<typeof consentLedgerSchema>;
export const consentLedgerResponseSchema = ok(consentLedgerSchema);
export const consentWithdrawRequestSchema = z.object({ kind: z.enum(WITHDRAWABLE_CONSENTS) });
