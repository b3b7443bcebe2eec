// Focus that falls to <body> on a screen that changes by itself (WCAG 2.4.3). Listening moves on
// with the audio: the question that had focus is removed, and a dialog that opened meanwhile (a
// proctoring warning) cannot give focus back to what opened it when that is gone — react-aria's
// FocusScope then leaves focus on <body>, and a keyboard or screen-reader user is lost. While the
// screen is mounted, whenever focus is on <body> and no dialog is open, `target()` takes it. The
// check runs a frame after the change, after react-aria's own restore (also a frame later), so a
// dialog still gives focus back to its opener when that exists.
import { useEffect, useRef } from 'react';

const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

export const focusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
};

/** Focuses `el`, making a non-interactive element (a heading) focusable from script only. */
export function focusElement(el: HTMLElement): void {
  if (!el.hasAttribute('tabindex') && el.tabIndex < 0) el.setAttribute('tabindex', '-1');
  el.focus();
}

export function useFocusRescue(target: () => HTMLElement | null | undefined): void {
  const latest = useRef(target);
  latest.current = target;
  useEffect(() => {
    let frame = 0;
    const rescue = () => {
      frame = 0;
      if (!focusLost() || dialogOpen()) return;
      const el = latest.current();
      if (el?.isConnected) focusElement(el);
    };
    const check = () => {
      if (frame === 0 && focusLost()) frame = requestAnimationFrame(rescue);
    };
    // Removing the focused element fires no event in every browser: watch the tree instead.
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
}
