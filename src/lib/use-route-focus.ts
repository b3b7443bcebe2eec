// Focus after a page change (WCAG 2.4.3): a single-page app keeps focus on whatever was clicked, or
// loses it to <body> when that goes away, so screen-reader and keyboard users would not know the
// page changed. On every change of path the new page's <h1> takes focus, and on a first load that
// the app itself caused (login and the step between sections load the next page in full); until
// the user first presses a key or the pointer (or a generous cap), if focus falls back to <body>
// (a loading screen replaced by the page) the new <h1> takes it again — however slow the data was
// on a loaded laptop. An open dialog, or a control the new page focused itself, keeps focus.
import { useEffect, useRef } from 'react';
import { storageKeys } from './storage-keys.ts';

/** The longest a heading that appears late (data still loading) still takes focus, if the user did nothing meanwhile. */
export const ROUTE_FOCUS_WINDOW_MS = 30_000;

const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#content h1, main h1') ?? document.querySelector<HTMLElement>('h1');
}

function focusHeading(h1: HTMLElement): void {
  if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
  h1.focus({ preventScroll: false });
}

/** A full page load made by the app (login, the step between sections): the next page's heading takes focus. */
export function loadAppPage(path: string): void {
  try {
    sessionStorage.setItem(storageKeys.focusHeading, '1');
  } catch { /* storage blocked: the page loads without the focus move */ }
  window.location.assign(path);
}

/** True once after a load made by loadAppPage (not a typed address or a reload by the candidate). */
export function loadedFromApp(): boolean {
  try {
    const marked = sessionStorage.getItem(storageKeys.focusHeading) === '1';
    sessionStorage.removeItem(storageKeys.focusHeading);
    return marked;
  } catch {
    return false;
  }
}

/** Moves focus to the page's heading after each change of `pathname` (and after an app-made full load). */
export function useRouteFocus(pathname: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      if (!loadedFromApp()) return;
    }
    let moved = false;
    const attempt = () => {
      if (dialogOpen()) return;
      const h1 = pageHeading();
      if (!h1) return;
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected;
      // The new page may have focused one of its own controls (autoFocus): leave it there.
      const ownControl = !lost && active !== h1 && (h1.closest('main')?.contains(active) ?? false);
      if ((!moved && !ownControl) || lost) {
        moved = true;
        if (active !== h1) focusHeading(h1);
      }
    };
    attempt();
    const observer = new MutationObserver(attempt);
    observer.observe(document.body, { childList: true, subtree: true });
    // Once the user acts on the page, focus is theirs: a late heading must not take it from what
    // they reached. Answering a dialog (the photo gate) is not that: focus comes back to the page.
    const stop = (event?: Event) => {
      if (event?.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]')) return;
      clearTimeout(timer);
      observer.disconnect();
      document.removeEventListener('keydown', stop, true);
      document.removeEventListener('pointerdown', stop, true);
    };
    const timer = setTimeout(() => stop(), ROUTE_FOCUS_WINDOW_MS);
    document.addEventListener('keydown', stop, true);
    document.addEventListener('pointerdown', stop, true);
    return () => stop();
  }, [pathname]);
}
