// The staff console's session, apart from the candidate's: its own atom and storage key, in session
// storage (a staff session ends with the tab: institutions share computers), and its own API client
// (staff-client.ts) that sends only this token. A candidate logout never touches it, and back.
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { Staff } from '../../../contracts/admin.ts';
import type { StaffRole } from '../../../contracts/facts/index.ts';
import { storageKeys } from '../../lib/storage-keys.ts';

export interface StaffSession { token: string; staff: Staff }

const storage = createJSONStorage<StaffSession | null>(() => sessionStorage);
export const staffSessionAtom = atomWithStorage<StaffSession | null>(storageKeys.staffSession, null, storage, { getOnInit: true });
export const staffAtom = atom((get) => get(staffSessionAtom)?.staff ?? null);

/** Why the last session ended (a 401 to a signed-in call, or "log out everywhere"): the login screen says it. */
export const staffNoticeAtom = atom<{ tone: 'error' | 'success'; text: string } | null>(null);

/** Operators must turn on two-factor login before anything else (the server says so: totp_required). */
export const mustEnrolTotp = (staff: Pick<Staff, 'totp_enabled' | 'totp_required'>): boolean => staff.totp_required && !staff.totp_enabled;

/**
 * The institution an operator works on (operators see every institution; the console's screens
 * for one institution ask which). Institution staff always work on their own.
 */
export const operatorInstitutionAtom = atomWithStorage<string | null>(storageKeys.staffInstitution, null, createJSONStorage<string | null>(() => sessionStorage), { getOnInit: true });

/** The institution the screens act on: the staff member's own, or the operator's pick. */
export const actingInstitutionAtom = atom((get) => get(staffAtom)?.institution_id ?? get(operatorInstitutionAtom));

export const mayChangeInstitution = (role: StaffRole): boolean => role !== 'proctor';
