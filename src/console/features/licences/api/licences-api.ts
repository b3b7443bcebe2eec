// Licence batches (docs/staff-console.md): products, generate (codes answered once), list, revoke.
import type { z } from 'zod';
import type {
  LicenceBatch, licenceBatchCreateResponseSchema, licenceBatchListResponseSchema, licenceBatchRevokeResponseSchema, productListResponseSchema,
} from '../../../../../contracts/admin-licences.ts';
import { apiPaths, fillPath } from '../../../../../contracts/api-paths.ts';
import { staffApi } from '../../../lib/api/staff-client.ts';

export type Product = z.infer<typeof productListResponseSchema>['data']['list'][number];
export type GeneratedBatch = z.infer<typeof licenceBatchCreateResponseSchema>['data'];
export type { LicenceBatch };

const inst = (institution: string | null) => (institution ? { institution } : {});

export async function listProducts(institution: string | null): Promise<Product[]> {
  return (await staffApi.get<z.infer<typeof productListResponseSchema>>(apiPaths.admin.products, { params: inst(institution) })).data.data.list;
}

export async function listBatches(institution: string | null, page: number, limit: number) {
  const params = { page, limit, ...inst(institution) };
  return (await staffApi.get<z.infer<typeof licenceBatchListResponseSchema>>(apiPaths.admin.licenceBatches, { params })).data.data;
}

export async function generateBatch(institution: string | null, body: { product_id: string; count: number; expires_at: string; note: string }) {
  const res = await staffApi.post<z.infer<typeof licenceBatchCreateResponseSchema>>(apiPaths.admin.licenceBatches, body, { params: inst(institution) });
  return { message: res.data.message, ...res.data.data };
}

export async function revokeBatch(id: string): Promise<{ message: string; revoked: number }> {
  const res = await staffApi.post<z.infer<typeof licenceBatchRevokeResponseSchema>>(fillPath(apiPaths.admin.licenceBatchRevoke, { id }));
  return { message: res.data.message, revoked: res.data.data.revoked };
}
