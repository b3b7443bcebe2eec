// Leaving the test page (spec 4.5): the page hidden (another tab, minimised) or the window without
// focus (another window or program). A short grace keeps a focus flicker (a system dialog, a
// notification) from counting: the candidate must stay away for `graceMs`. One absence is one
// violation, however long it lasts; when a counted absence ends, `onReturn` gets its length (from the
// moment the page was left), which the reviewers' timeline shows as time away from the tab.

/** A focus flicker (a system dialog, a notification) shorter than this is not leaving the page. */
export const TAB_GRACE_MS = 1_500;

export interface TabWatchOptions {
  onLeave: () => void;
  /** A counted absence ended; `awayMs` counts from the moment the page was left. */
  onReturn?: (awayMs: number) => void;
  graceMs?: number;
  doc?: Pick<Document, 'hidden' | 'hasFocus' | 'addEventListener' | 'removeEventListener'>;
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  now?: () => number;
}

export function watchTabLeaving({
  onLeave,
  onReturn,
  graceMs = TAB_GRACE_MS,
  doc = document,
  win = window,
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  now = () => Date.now(),
}: TabWatchOptions): () => void {
  let timer: unknown = null;
  /** Counted already for the current absence. */
  let away = false;
  let leftAt = 0;
  const isAway = () => doc.hidden || !doc.hasFocus();

  const check = () => {
    if (!isAway()) {
      if (timer !== null) clearTimer(timer);
      timer = null;
      if (away) onReturn?.(now() - leftAt);
      away = false;
      return;
    }
    if (away || timer !== null) return;
    leftAt = now();
    timer = setTimer(() => {
      timer = null;
      if (!isAway()) return;
      away = true;
      onLeave();
    }, graceMs);
  };

  doc.addEventListener('visibilitychange', check);
  win.addEventListener('blur', check);
  win.addEventListener('focus', check);
  // A candidate who left while the page was loading is away from the start.
  check();
  return () => {
    doc.removeEventListener('visibilitychange', check);
    win.removeEventListener('blur', check);
    win.removeEventListener('focus', check);
    if (timer !== null) clearTimer(timer);
  };
}
