// Results (one row per order) and their exports, with the same filters (contracts/admin-results.ts).
// The exports are fetched with the staff token and saved as files (no token in a URL).
import type { z } from 'zod';
import type { ResultRow, ResultSort, resultListResponseSchema } from '../../../../../contracts/admin-results.ts';
import { apiPaths } from '../../../../../contracts/api-paths.ts';
import type { OrderStatusCode } from '../../../../../contracts/facts/index.ts';
import { downloadFile, staffApi } from '../../../lib/api/staff-client.ts';

export type { ResultRow, ResultSort };

export interface ResultFilter {
  institution: string | null;
  status: OrderStatusCode | null;
  /** yyyy-mm-dd, inclusive (the order's creation day, WIB). */
  from: string;
  to: string;
  search: string;
  sort: ResultSort;
  order: 'asc' | 'desc';
}

function params(f: ResultFilter): Record<string, string | undefined> {
  return {
    institution: f.institution ?? undefined, status: f.status ?? undefined, from: f.from || undefined, to: f.to || undefined,
    search: f.search || undefined, sort: f.sort, order: f.order,
  };
}

export async function listResults(filter: ResultFilter, page: number, limit: number): Promise<z.infer<typeof resultListResponseSchema>['data']> {
  return (await staffApi.get<z.infer<typeof resultListResponseSchema>>(apiPaths.admin.results, { params: { ...params(filter), page, limit } })).data.data;
}

export function downloadResults(filter: ResultFilter, format: 'csv' | 'xlsx'): Promise<void> {
  return downloadFile(format === 'csv' ? apiPaths.admin.resultsCsv : apiPaths.admin.resultsXlsx, params(filter), `hasil-epot.${format}`);
}
