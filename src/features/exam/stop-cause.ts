// Issue 27: the disqualified end page names what ended the test. The server's reason is the
// authority ('violations:<kind>' when its count reached the limit); any other reason, or none yet
// (offline, still loading), gets the neutral text rather than a wrong one.
import { violationKindOfReason } from '../../../contracts/facts/index.ts';
import type { CounterKind } from '../../../contracts/proctoring.ts';
import { messages } from '../../i18n/messages.ts';

export const stopCause = (reason: string | null | undefined): CounterKind | null => violationKindOfReason(reason);

export function stopText(reason: string | null | undefined): string {
  return messages.end.stoppedBody[stopCause(reason) ?? 'unknown'];
}
