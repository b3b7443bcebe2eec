import { useRegisterSW } from 'virtual:pwa-register/react';
import { messages } from '../i18n/messages.ts';
import { Button } from '../ui/button.tsx';
import { ModalDialog } from '../ui/modal-dialog.tsx';

// A test section must never reload under the candidate: the prompt waits until they leave it.
const SECTION_ROUTE = /^\/epot\/[^/]+\/(listening|structure|reading)$/;
const HOURLY = 60 * 60 * 1000;

/** 'Update available' prompt driven by the service worker (offline cache of the app shell). */
export function UpdatePrompt({ pathname }: { pathname: string }) {
  const { needRefresh: [needRefresh, setNeedRefresh], updateServiceWorker } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // A page open all day (a whole test day) still learns about new versions.
      if (registration) setInterval(() => void registration.update(), HOURLY);
    },
  });
  return (
    <ModalDialog title={messages.licence.updateTitle} isOpen={needRefresh && !SECTION_ROUTE.test(pathname)}
      onClose={() => setNeedRefresh(false)}>
      <p>{messages.licence.updateBody}</p>
      <div className="dialog-actions">
        <Button onPress={() => void updateServiceWorker(true)}>{messages.licence.update}</Button>
      </div>
    </ModalDialog>
  );
}
