// What a staff member may see: operators (and an operator's proctors, who have no institution) see
// every institution; institution admins and proctors only their own. Out-of-scope ids answer 404,
// exactly like ids that do not exist, so staff cannot probe other institutions.
import { STAFF_MESSAGES, type StaffRole } from '../../../contracts/facts/index.ts';
import { HttpError } from '../../http-error.ts';

export interface StaffScope { role: StaffRole; institution_id: string | null }

/** The institution a query must be limited to, or null for "all". */
export const institutionFilter = (s: StaffScope): string | null => (s.role === 'operator' ? null : s.institution_id);

export function assertInstitutionInScope(s: StaffScope, institutionId: string): void {
  const only = institutionFilter(s);
  if (only !== null && only !== institutionId) throw HttpError.notFound(STAFF_MESSAGES.notFound);
}

/** Roles that may change an institution's rules (proctors only read and review). */
export function assertMayChangeInstitution(s: StaffScope): void {
  if (s.role === 'proctor') throw HttpError.forbidden(STAFF_MESSAGES.forbidden);
}

/**
 * The one institution an action (add, import, generate) works on: institution staff their own (any
 * other id answers 404); operators and an operator's proctors the `?institution=ID` they pass (400
 * without one; the service answers 404 when it does not exist).
 */
export function actingInstitution(s: StaffScope, requested: string | undefined): string {
  const only = institutionFilter(s);
  if (only !== null) {
    if (requested && requested !== only) throw HttpError.notFound(STAFF_MESSAGES.notFound);
    return only;
  }
  if (!requested) throw HttpError.badRequest(STAFF_MESSAGES.institutionRequired);
  return requested;
}

/** What a list is limited to: institution staff their own institution; operators the requested one or all (null). */
export function listInstitution(s: StaffScope, requested: string | undefined): string | null {
  const only = institutionFilter(s);
  if (only !== null && requested && requested !== only) throw HttpError.notFound(STAFF_MESSAGES.notFound);
  return only ?? requested ?? null;
}
