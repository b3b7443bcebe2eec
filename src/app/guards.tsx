// Route guards (spec section 2, routing rules). Components, not loaders, so they also react when the
// session changes under a mounted page (logout, a 401, another tab).
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { MemberUser } from '../../contracts/auth.ts';
import { isProfileComplete, isSafeRedirect, redirectPathAtom, userAtom } from '../lib/session.ts';
import { paths } from '../lib/paths.ts';

export type GuardDecision = { kind: 'allow' } | { kind: 'login' } | { kind: 'redirect'; to: string };

/** Logged-in pages: guests go to login; an incomplete profile is held on /account; no /reward for institution members. */
export function protectedDecision(user: MemberUser | null, pathname: string): GuardDecision {
  if (!user) return { kind: 'login' };
  if (!isProfileComplete(user) && pathname !== paths.account) return { kind: 'redirect', to: paths.account };
  if (user.is_b2b && pathname === paths.reward) return { kind: 'redirect', to: paths.epot };
  return { kind: 'allow' };
}

/** Guest pages: a logged-in user is sent to /epot. */
export function guestDecision(user: MemberUser | null): GuardDecision {
  return user ? { kind: 'redirect', to: paths.epot } : { kind: 'allow' };
}

export function RequireAuth() {
  const user = useAtomValue(userAtom);
  const { pathname, search } = useLocation();
  // A guest who opened this page is remembered; a user who just logged out (or got a 401) is not.
  const arrivedAsGuest = useRef(user === null);
  const decision = protectedDecision(user, pathname);
  if (decision.kind === 'login') {
    return arrivedAsGuest.current ? <RememberAndLogin path={pathname + search} /> : <Navigate to={paths.login} replace />;
  }
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}

function RememberAndLogin({ path }: { path: string }) {
  const setRedirect = useSetAtom(redirectPathAtom);
  useEffect(() => {
    if (isSafeRedirect(path)) setRedirect(path);
  }, [path, setRedirect]);
  return <Navigate to={paths.login} replace />;
}

export function GuestOnly() {
  const decision = guestDecision(useAtomValue(userAtom));
  return decision.kind === 'redirect' ? <Navigate to={decision.to} replace /> : <Outlet />;
}
