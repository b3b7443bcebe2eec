// Monitoring never stops silently: a refused or ended camera and an unavailable face detector show
// the alert and are reported to the server as proctoring events, and so is the recovery. Episodes
// (time away from the page, no face or several faces) are reported with their length when they end:
// the reviewers' timeline and the risk score read them (issue 17).
import type { ProctoringEventKind } from '../../../../contracts/proctoring.ts';
import { testStoppedAtom } from '../../../lib/proctoring-seams.ts';
import type { MonitoringProblem } from '../atoms.ts';
import type { RunContext } from './run-context.ts';

export function createMonitoring(ctx: RunContext) {
  const { deps } = ctx;

  function sendEvent(kind: ProctoringEventKind, detail: string, durationMs?: number, attempt = 0): void {
    const body = { section: ctx.section, kind, detail, ...(durationMs === undefined ? {} : { duration_ms: durationMs }) };
    deps.postEvent(ctx.orderId, body).catch((error: unknown) => {
      // A refusal (test over) is final; the network gets three more tries.
      if (!ctx.disposed && deps.isRetryable(error) && attempt < 3) {
        ctx.setTimer(() => sendEvent(kind, detail, durationMs, attempt + 1), 5_000 * (attempt + 1));
      }
    });
  }

  return {
    problem(kind: MonitoringProblem, detail: string): void {
      if (ctx.disposed || ctx.ui().problem === kind || ctx.store.get(testStoppedAtom)) return;
      ctx.patch({ problem: kind });
      sendEvent(kind, detail);
    },
    /** An episode that ended (page-away, face-missing, face-multiple, face-still, face-still-beside), with its length. */
    episode(kind: 'page-away' | 'face-missing' | 'face-multiple' | 'face-still' | 'face-still-beside', durationMs: number): void {
      if (ctx.store.get(testStoppedAtom)) return;
      sendEvent(kind, '', Math.max(0, Math.round(durationMs)));
    },
    /** The page counted a leave: said at once (the live view), its length follows on return. */
    left(): void {
      if (ctx.disposed || ctx.store.get(testStoppedAtom)) return;
      sendEvent('page-left', '');
    },
    /** The face detector changed the rate it runs at (a slow laptop, or room again): a note for the reviewers. */
    detectorRate(detail: string): void {
      if (ctx.disposed || ctx.store.get(testStoppedAtom)) return;
      sendEvent('detector-rate', detail);
    },
    recovered(): void {
      if (!ctx.ui().problem) return;
      ctx.patch({ problem: null });
      sendEvent('recovered', '');
    },
  };
}

export type Monitoring = ReturnType<typeof createMonitoring>;
