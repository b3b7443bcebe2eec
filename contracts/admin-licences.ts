// Staff console: licence batches of an institution. The plain codes are answered once, by the
// generate call (the console offers them as a CSV download, see licenceBatchCsv); the server keeps
// only their hashes. Operators pass `?institution=ID`.
import { z } from 'zod';
import { okEnvelope, pagedList } from './envelope.ts';
import { LICENCE_BATCH_MAX } from './facts/index.ts';
import { institutionQuerySchema } from './admin-members.ts';
import { csvText } from './csv-cell.ts';

export const adminProductSchema = z.object({ id: z.uuid(), name: z.string(), description: z.string(), audience: z.enum(['individual', 'b2b']) });
/** The products an institution's licences may be for (its company's). */
export const productListResponseSchema = okEnvelope(z.object({ list: z.array(adminProductSchema) }));

export const licenceBatchCreateRequestSchema = z.object({
  product_id: z.uuid(),
  count: z.number().int().min(1).max(LICENCE_BATCH_MAX),
  /** After this instant the unused codes no longer redeem. */
  expires_at: z.iso.datetime({ offset: true }),
  note: z.string().trim().max(200).default(''),
});
export type LicenceBatchCreateRequest = z.infer<typeof licenceBatchCreateRequestSchema>;

export const licenceBatchSchema = z.object({
  id: z.uuid(),
  institution_id: z.uuid(),
  product_id: z.uuid(),
  product_name: z.string(),
  note: z.string(),
  count: z.number().int(),
  redeemed: z.number().int(),
  /** Neither redeemed nor revoked (expired ones included: see expires_at). */
  unused: z.number().int(),
  revoked: z.number().int(),
  expires_at: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type LicenceBatch = z.infer<typeof licenceBatchSchema>;

export const licenceBatchCreateResponseSchema = okEnvelope(z.object({
  batch: licenceBatchSchema,
  /** `XXXX-XXXX-XXXX`, shown once. */
  codes: z.array(z.string()),
}));
export const licenceBatchListQuerySchema = institutionQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const licenceBatchListResponseSchema = okEnvelope(pagedList(licenceBatchSchema));
export const licenceBatchResponseSchema = okEnvelope(licenceBatchSchema);
export const licenceBatchRevokeResponseSchema = okEnvelope(z.object({ batch: licenceBatchSchema, revoked: z.number().int() }));
export const licenceBatchParamsSchema = z.object({ id: z.uuid() });

/** The CSV the console offers for download after generating (UTF-8 BOM so spreadsheets read it as UTF-8). */
export function licenceBatchCsv(batch: Pick<LicenceBatch, 'product_name' | 'expires_at'>, codes: readonly string[]): string {
  const rows = [['kode_lisensi', 'produk', 'berlaku_hingga'], ...codes.map((c) => [c, batch.product_name, batch.expires_at])];
  return `\uFEFF${csvText(rows)}`;
}
