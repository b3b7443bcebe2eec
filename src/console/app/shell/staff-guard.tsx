// The console's own guard: no staff session → the staff login (the candidate's session plays no
// part); the session is re-read from the server once per visit (a revoked token ends it at once,
// the role or two-factor state may have changed); a screen the role lacks → the first it has.
import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { staffMe } from '../../lib/api/session-api.ts';
import { staffSessionAtom, mustEnrolTotp } from '../../lib/staff-session.ts';
import { attemptPath, PUBLIC_STAFF_PAGES, staffPaths, type StaffPage } from '../../lib/staff-paths.ts';
import { mayOpen, staffMenu } from './staff-menu.ts';

/** The page a console path names, or null for the console's home. An attempt's review belongs to the queue. */
export function pageOf(pathname: string): StaffPage | null {
  if (pathname.startsWith(`${attemptPath('')}`)) return 'reviews';
  const entry = Object.entries(staffPaths).find(([k, p]) => !(PUBLIC_STAFF_PAGES as readonly string[]).includes(k) && (pathname === p || pathname.startsWith(`${p}/`)));
  return (entry?.[0] as StaffPage | undefined) ?? null;
}

export function StaffGuard() {
  const [session, setSession] = useAtom(staffSessionAtom);
  const { pathname } = useLocation();
  const token = session?.token;

  useEffect(() => {
    if (!token) return;
    let live = true;
    // A 401 ends the session in the client (staff-client.ts); other failures keep what we have.
    staffMe().then((staff) => { if (live) setSession((s) => (s && s.token === token ? { ...s, staff } : s)); }).catch(() => undefined);
    return () => { live = false; };
  }, [token, setSession]);

  if (!session) return <Navigate to={staffPaths.login} replace />;
  const { role } = session.staff;
  const pending = mustEnrolTotp(session.staff);
  const page = pageOf(pathname);
  if (page === null || !mayOpen(role, pending, page)) {
    const first = staffMenu(role, pending)[0]!;
    if (page !== null || pathname.replace(/\/$/, '') === staffPaths.home) return <Navigate to={first.href} replace />;
  }
  return <Outlet />;
}
