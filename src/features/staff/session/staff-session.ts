// The staff console's session, apart from the candidate's: its own atom and storage key, in session
// storage (a staff session ends with the tab: institutions share computers), and its own API client
// (staff-client.ts) that sends only this token. A candidate logout never touches it, and back.
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { Staff } from '../../../../contracts/admin.ts';
import type { StaffRole } from '../../../../contracts/facts/index.ts';
import { storageKeys } from '../../../lib/storage-keys.ts';

export interface StaffSession { token: string; staff: Staff }

const storage = createJSONStorage<StaffSession | null>(() => sessionStorage);
export const staffSessionAtom = atomWithStorage<StaffSession | null>(storageKeys.staffSession, null, storage, { getOnInit: true });
export const staffAtom = atom((get) => get(staffSessionAtom)?.staff ?? null);

/** Why the last session ended (a 401 to a signed-in call, or "log out everywhere"): the login screen says it. */
export const staffNoticeAtom = atom<{ tone: 'error' | 'success'; text: string } | null>(null);

/** Operators must turn on two-factor login before anything else (the rule). */
export const mustEnrolTotp = (staff: Pick<Staff, 'role' | 'totp_enabled'>): boolean => staff.role === 'operator' && !staff.totp_enabled;

export const mayChangeInstitution = (role: StaffRole): boolean => role !== 'proctor';
