// The audit log (GET /admin/v1/audit), newest first.
import type { z } from 'zod';
import type { auditListResponseSchema } from '../../../../../contracts/admin.ts';
import { apiPaths } from '../../../../../contracts/api-paths.ts';
import { staffApi } from '../../../lib/api/staff-client.ts';

type AuditList = z.infer<typeof auditListResponseSchema>['data'];
export type AuditEntry = AuditList['list'][number];

export interface AuditFilter { action?: string; from?: string; to?: string }

export async function listAudit(filter: AuditFilter, page: number, limit: number): Promise<AuditList> {
  const params = { page, limit, action: filter.action || undefined, from: filter.from || undefined, to: filter.to || undefined };
  return (await staffApi.get<z.infer<typeof auditListResponseSchema>>(apiPaths.admin.audit, { params })).data.data;
}
