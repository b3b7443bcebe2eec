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
