// The console's frame: a top bar (who is signed in, their role, Keluar), the role's menu and the
// screen. "Keluar" forgets this tab's session; "Keluar dari semua perangkat" (security page) also
// revokes every token of the account on the server.
import { useAtomValue, useSetAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import { Link } from 'react-aria-components';
import { Outlet, useLocation } from 'react-router';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Button } from '../../../ui/button.tsx';
import { mustEnrolTotp, staffAtom, staffSessionAtom } from '../../lib/staff-session.ts';
import { staffMenu } from './staff-menu.ts';

const t = staffMessages;

export function StaffLayout() {
  const staff = useAtomValue(staffAtom);
  const setSession = useSetAtom(staffSessionAtom);
  const { pathname } = useLocation();
  if (!staff) return null;
  const menu = staffMenu(staff.role, mustEnrolTotp(staff));
  return (
    <div className="shell staff">
      <a className="skip-link" href="#staff-content">{t.app.skipToContent}</a>
      <header className="topbar">
        <span className="brand">{t.app.name}</span>
        <div className="topbar-user" aria-label={t.app.userMenu} role="group">
          <span data-testid="staff-name">{staff.name || staff.email}</span>
          <span className="staff-role">{t.app.roles[staff.role]}</span>
          <Button variant="secondary" onPress={() => setSession(RESET)}>{t.menu.logout}</Button>
        </div>
      </header>
      <nav className="sidebar" aria-label={t.app.mainMenu}>
        <ul>
          {menu.map((item) => (
            <li key={item.page}>
              <Link className="nav-link" href={item.href} aria-current={pathname.startsWith(item.href) ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="staff-content" className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
