// Issue 27: the disqualified end page names what ended the test. The server's reason is the
// authority ('violations:<kind>' when its count reached the limit); any other reason, or none yet
// (offline, still loading), gets the neutral text rather than a wrong one.
import type { CounterKind } from '../../../contracts/proctoring.ts';
import { messages } from '../../i18n/messages.ts';

const KINDS: readonly CounterKind[] = ['open_new_tab', 'face', 'speech'];

export function stopCause(reason: string | null | undefined): CounterKind | null {
  const kind = reason?.startsWith('violations:') ? reason.slice('violations:'.length) : null;
  return KINDS.find((k) => k === kind) ?? null;
}

export function stopText(reason: string | null | undefined): string {
  return messages.end.stoppedBody[stopCause(reason) ?? 'unknown'];
}
