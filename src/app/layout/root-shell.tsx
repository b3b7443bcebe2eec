import { Outlet, useLocation } from 'react-router';
import { messages } from '../../i18n/messages.ts';
import { currentDevice, isChrome, isMobileDevice } from '../device.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useRouteFocus } from '../../lib/use-route-focus.ts';

// Read once: the device does not change during a page's life.
const device = currentDevice();
const mobile = isMobileDevice(device);
const chrome = isChrome(device.userAgent);
const buildId = import.meta.env.VITE_BUILD_ID;
const footerStyle = { textAlign: 'center', fontSize: '0.75rem', color: 'var(--c-muted)', padding: 8 } as const;

/** Every route: phones and tablets get the spec's block message instead of the app; other browsers a notice. */
export function RootShell() {
  useRouteFocus(useLocation().pathname);
  if (mobile) return <MobileBlocked />;
  return (
    <>
      {!chrome && <p className="banner" role="note">{messages.app.notChrome}</p>}
      <Outlet />
      {/* Which build is running: support asks for it, and the update e2e reads it. */}
      {buildId && <footer className="app-footer" data-testid="build-id" style={footerStyle}>{messages.app.version(buildId)}</footer>}
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
