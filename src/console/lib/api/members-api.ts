// An institution's members (docs/staff-console.md): list, add, CSV import (all rows or none; a
// refused file answers 422 with every problem by row), deactivate/reactivate, resend the mail.
import type { z } from 'zod';
import type {
  AdminMember, CsvRowError, MemberCreateRequest, memberImportResponseSchema, memberListResponseSchema, memberResponseSchema,
} from '../../../../contracts/admin-members.ts';
import { apiPaths, fillPath } from '../../../../contracts/api-paths.ts';
import { STAFF_ERROR_CODES } from '../../../../contracts/facts/index.ts';
import { StaffApiError, staffApi } from './staff-client.ts';

type MemberList = z.infer<typeof memberListResponseSchema>['data'];
export type ImportResult = z.infer<typeof memberImportResponseSchema>['data'];
export type { AdminMember, CsvRowError };

export interface MemberFilter { search: string; status: 'all' | 'active' | 'inactive'; institution: string | null }

const inst = (institution: string | null) => (institution ? { institution } : {});

export async function listMembers(filter: MemberFilter, page: number, limit: number): Promise<MemberList> {
  const params = { page, limit, status: filter.status, search: filter.search || undefined, ...inst(filter.institution) };
  return (await staffApi.get<z.infer<typeof memberListResponseSchema>>(apiPaths.admin.members, { params })).data.data;
}

export async function addMember(body: Omit<MemberCreateRequest, 'send_invite'> & { send_invite: boolean }, institution: string | null): Promise<string> {
  return (await staffApi.post<z.infer<typeof memberResponseSchema>>(apiPaths.admin.members, body, { params: inst(institution) })).data.message;
}

export type ImportOutcome = { ok: true; message: string; result: ImportResult } | { ok: false; message: string; errors: CsvRowError[] };

/** Imports a CSV; a refused file is an outcome (its problems by row), not an exception. */
export async function importMembers(csv: string, institution: string | null, sendInvites: boolean): Promise<ImportOutcome> {
  try {
    const res = await staffApi.post<z.infer<typeof memberImportResponseSchema>>(apiPaths.admin.memberImport, { csv, send_invites: sendInvites }, { params: inst(institution) });
    return { ok: true, message: res.data.message, result: res.data.data };
  } catch (err) {
    if (err instanceof StaffApiError && err.code === STAFF_ERROR_CODES.csvInvalid) {
      const errors = (err.body as { errors?: CsvRowError[] }).errors ?? [];
      return { ok: false, message: err.message, errors };
    }
    throw err;
  }
}

type MemberAction = 'deactivate' | 'reactivate' | 'invite';
const ACTION_PATHS = { deactivate: apiPaths.admin.memberDeactivate, reactivate: apiPaths.admin.memberReactivate, invite: apiPaths.admin.memberInvite };

export async function memberAction(id: string, action: MemberAction): Promise<string> {
  return (await staffApi.post<z.infer<typeof memberResponseSchema>>(fillPath(ACTION_PATHS[action], { id }))).data.message;
}
