// Spec 2 routing rule: while a test page is active, leaving it is blocked with the alert 'Mohon
// maaf, anda tidak bisa meninggalkan halaman ini'. In-app navigation (links, back button) goes
// through react-router's blocker; closing or reloading the tab gets the browser's own prompt.
import { useStore } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { loadAppPage } from '../../../lib/use-route-focus.ts';
import { messages } from '../../../i18n/messages.ts';
import { sessionAtom } from '../../../lib/session.ts';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';

export function useLeaveGuard() {
  const store = useStore();
  const navigate = useNavigate();
  // Set right before the page itself moves on (section done, time up, test over).
  const allowed = useRef(false);
  // A logged-out user (logout, a 401) must reach the login page.
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    !allowed.current && store.get(sessionAtom) !== null && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (allowed.current) return;
      e.preventDefault();
      e.returnValue = ''; // older Chromium needs a value to show the prompt
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const exit = useCallback((to: string, { reload = false }: { reload?: boolean } = {}) => {
    allowed.current = true;
    if (reload) loadAppPage(to);
    else void navigate(to, { replace: true });
  }, [navigate]);

  const dialog = (
    <ModalDialog title={messages.exam.warning} role="alertdialog" isOpen={blocker.state === 'blocked'}>
      <p>{messages.app.leaveBlocked}</p>
      <div className="dialog-actions">
        <Button autoFocus onPress={() => blocker.reset?.()}>{messages.exam.ok}</Button>
      </div>
    </ModalDialog>
  );
  return { exit, dialog };
}
