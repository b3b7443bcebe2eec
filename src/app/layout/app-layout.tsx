// Logged-in layout (spec screen 20): a top bar with the full name and Logout on every logged-in
// page; the sidebar everywhere except under /epot/ (the test flow needs the whole screen).
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { Link } from 'react-aria-components';
import { Outlet, useLocation } from 'react-router';
import { messages } from '../../i18n/messages.ts';
import { logout } from '../../lib/session-api.ts';
import { clearSessionAtom, profileCompleteAtom, userAtom } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { paths } from '../../lib/paths.ts';

export interface MenuItem { href: string; label: string; disabled: boolean }

/** Sidebar entries: Sertifikat only for individuals; all but Account wait for a complete profile. */
export function menuItems(isB2b: boolean, profileComplete: boolean): MenuItem[] {
  const items = [
    { href: paths.epot, label: messages.menu.epot },
    ...(isB2b ? [] : [{ href: paths.reward, label: messages.menu.reward }]),
    { href: paths.guide, label: messages.menu.guide },
    { href: paths.account, label: messages.menu.account },
  ];
  return items.map((i) => ({ ...i, disabled: !profileComplete && i.href !== paths.account }));
}

export function hasSidebar(pathname: string): boolean {
  return !pathname.startsWith(`${paths.epot}/`);
}

export function AppLayout() {
  const { pathname } = useLocation();
  const user = useAtomValue(userAtom);
  const complete = useAtomValue(profileCompleteAtom);
  const clearSession = useSetAtom(clearSessionAtom);
  const [leaving, setLeaving] = useState(false);
  const sidebar = hasSidebar(pathname);

  async function doLogout() {
    setLeaving(true);
    // The token is revoked server-side when the call succeeds; the session goes either way.
    await logout().catch(() => undefined);
    clearSession(); // RequireAuth then sends the page to /
  }

  return (
    <div className={sidebar ? 'shell' : 'shell shell-no-sidebar'}>
      <a className="skip-link" href="#content">{messages.layout.skipToContent}</a>
      <header className="topbar">
        <span className="brand">{messages.app.name}</span>
        <div className="topbar-user" aria-label={messages.app.userMenu} role="group">
          <span data-testid="user-fullname">{user?.fullname || user?.email}</span>
          <Button variant="secondary" onPress={() => void doLogout()} isDisabled={leaving}>{messages.menu.logout}</Button>
        </div>
      </header>
      {sidebar && (
        <nav className="sidebar" aria-label={messages.app.mainMenu}>
          <ul>
            {menuItems(user?.is_b2b ?? false, complete).map((item) => (
              <li key={item.href}>
                <Link className="nav-link" href={item.href} isDisabled={item.disabled}
                  aria-current={pathname === item.href ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          {!complete && <p className="sidebar-note">{messages.app.profileLocked}</p>}
        </nav>
      )}
      <main id="content" className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
