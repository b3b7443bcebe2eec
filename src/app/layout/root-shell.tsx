import { Outlet } from 'react-router';
import { messages } from '../../i18n/messages.ts';
import { currentDevice, isChrome, isMobileDevice } from '../device.ts';
import { useDocumentTitle } from '../use-document-title.ts';

// Read once: the device does not change during a page's life.
const device = currentDevice();
const mobile = isMobileDevice(device);
const chrome = isChrome(device.userAgent);

/** Every route: phones and tablets get the spec's block message instead of the app; other browsers a notice. */
export function RootShell() {
  if (mobile) return <MobileBlocked />;
  return (
    <>
      {!chrome && <p className="banner" role="note">{messages.app.notChrome}</p>}
      <Outlet />
    </>
  );
}

function MobileBlocked() {
  useDocumentTitle(messages.app.mobileBlockedTitle);
  return (
    <main className="page-center">
      <section className="card" aria-labelledby="mobile-title">
        <p className="brand">{messages.app.name}</p>
        <h1 id="mobile-title">{messages.app.mobileBlockedTitle}</h1>
        <p role="alert">{messages.app.mobileBlocked}</p>
      </section>
    </main>
  );
}
