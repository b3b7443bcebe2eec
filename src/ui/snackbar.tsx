import { useEffect, useRef } from 'react';
import { messages } from '../i18n/messages.ts';
import { Button } from './button.tsx';
import './snackbar.css';

export interface SnackbarMessage {
  /** A new id restarts the timer, so the same text shown twice is announced twice. */
  id: number;
  text: string;
  tone: 'success' | 'error';
}

export const SNACKBAR_TIMEOUT_MS = 5_000;

/**
 * A short message at the bottom of the screen that hides itself (spec 9: 5 s by default). The live
 * region is always mounted so screen readers announce text added to it.
 */
export function Snackbar({ message, onDismiss, timeoutMs = SNACKBAR_TIMEOUT_MS }: {
  message: SnackbarMessage | null;
  onDismiss: () => void;
  timeoutMs?: number;
}) {
  // A re-render with a new callback must not restart the timer; only a new message does.
  const dismiss = useRef(onDismiss);
  useEffect(() => { dismiss.current = onDismiss; });
  const shownId = message?.id;
  useEffect(() => {
    if (shownId === undefined) return;
    const id = setTimeout(() => dismiss.current(), timeoutMs);
    return () => clearTimeout(id);
  }, [shownId, timeoutMs]);

  return (
    <div className="snackbar-region" role="status" aria-live="polite" aria-atomic="true">
      {message && (
        <div className={`snackbar snackbar-${message.tone}`} data-testid="snackbar">
          <span>{message.text}</span>
          <Button variant="secondary" className="snackbar-close" onPress={onDismiss}>{messages.snackbar.close}</Button>
        </div>
      )}
    </div>
  );
}
