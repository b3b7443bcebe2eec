// Session state (spec section 3, "Local storage keys"): Jotai atoms persisted to local storage, read
// synchronously on start (getOnInit) so route guards decide on the first render. Shared by every
// feature; only src/app wires them to the API client.
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage, RESET } from 'jotai/utils';
import type { MemberDetail, MemberUser } from '../../contracts/auth.ts';
import type { InstitutionDetail, OrderListItem } from '../../contracts/orders.ts';
import { storageKeys } from './storage-keys.ts';

export interface Session {
  token: string;
  user: MemberUser;
}

const onInit = { getOnInit: true };
const json = <T>() => createJSONStorage<T>(() => localStorage);

export const sessionAtom = atomWithStorage<Session | null>(storageKeys.auth, null, json(), onInit);
/** Institution (lembaga) detail of the licence being tested; {} for individual buyers. */
export const institutionAtom = atomWithStorage<InstitutionDetail | Record<string, never>>(
  storageKeys.institution, {}, json(), onInit);
export const licenceAtom = atomWithStorage<OrderListItem | null>(storageKeys.licence, null, json(), onInit);
export const openTabCountAtom = atomWithStorage<number>(storageKeys.openTabCount, 0, json(), onInit);
export const faceCountAtom = atomWithStorage<number>(storageKeys.faceCount, 0, json(), onInit);
export const speechCountAtom = atomWithStorage<number>(storageKeys.speechCount, 0, json(), onInit);
/**
 * The device check's verdicts (spec 3), read by the sections. Unset (another browser, storage
 * cleared) means on: only the device check in this browser may turn a check's counting off.
 */
export const useFaceDetectionAtom = atomWithStorage<boolean>(storageKeys.useFaceDetection, true, json(), onInit);
export const useSpeechDetectionAtom = atomWithStorage<boolean>(storageKeys.useSpeechDetection, true, json(), onInit);
export const redirectPathAtom = atomWithStorage<string | null>(storageKeys.redirectPath, null, json(), onInit);

export const userAtom = atom((get) => get(sessionAtom)?.user ?? null);
export const isLoggedInAtom = atom((get) => get(sessionAtom) !== null);

/** Spec 4/6: every menu but Account waits for an updated profile with a residential address. */
export function isProfileComplete(user: Pick<MemberUser, 'is_updated_profile' | 'meta'> | null | undefined): boolean {
  return Boolean(user?.is_updated_profile && user.meta?.residential_address?.trim());
}
export const profileCompleteAtom = atom((get) => isProfileComplete(get(userAtom)));

/** Where login/registration/SSO/password change lead (spec 4); `clearRedirect` when the stored path was used. */
export function postLoginTarget(user: MemberUser, redirect: string | null): { target: string; clearRedirect: boolean } {
  if (!isProfileComplete(user)) return { target: '/account', clearRedirect: false };
  if (redirect && isSafeRedirect(redirect)) return { target: redirect, clearRedirect: true };
  return { target: '/epot', clearRedirect: redirect !== null };
}

/** Only same-origin app paths may be remembered (never `//host` or a guest page). */
export function isSafeRedirect(path: string): boolean {
  return /^\/(?!\/)/.test(path) && !path.startsWith('/sso') && path !== '/';
}

/** The user as the detail call reports it now (the login answer may predate a profile save). */
export function mergeDetail(user: MemberUser, detail: MemberDetail): MemberUser {
  return {
    ...user,
    fullname: detail.fullname,
    email: detail.email,
    is_updated_profile: detail.is_updated_profile,
    is_b2b: detail.is_b2b,
    institusion: detail.institusion,
    company: detail.company,
    meta: { ...user.meta, residential_address: detail.meta.residential_address },
  };
}

/** Logout (or a 401): forget the member and everything tied to their test run. */
export const clearSessionAtom = atom(null, (_get, set) => {
  set(sessionAtom, RESET);
  set(institutionAtom, RESET);
  set(licenceAtom, RESET);
  set(openTabCountAtom, RESET);
  set(faceCountAtom, RESET);
  set(speechCountAtom, RESET);
  set(useFaceDetectionAtom, RESET);
  set(useSpeechDetectionAtom, RESET);
  set(redirectPathAtom, RESET);
});
