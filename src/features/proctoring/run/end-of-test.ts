// The end of the test as disqualified (spec 4.6): monitoring stops, the notice shows, and the
// disqualified answer is posted for each section in turn ('Kirim ulang' sends what failed again).
// After the notice the counters and photo ids are forgotten and the section screen leaves.
import type { ExamSectionName } from '../../../../contracts/exam-import.ts';
import type { CounterKind } from '../../../../contracts/proctoring.ts';
import { SECTION_NAMES as SECTION_ORDER } from '../../../../contracts/facts/index.ts';
import { testStoppedAtom } from '../../../lib/proctoring-seams.ts';
import type { RunCounters } from './counters.ts';
import type { Photos } from './photos.ts';
import { errorText } from './run-context.ts';
import type { RunContext } from './run-context.ts';
import type { SubmitGate } from './submit-gate.ts';

interface EndOfTestParts {
  counters: Pick<RunCounters, 'reset'>;
  photos: Pick<Photos, 'clear'>;
  gate: Pick<SubmitGate, 'release'>;
  stopMonitoring: () => void;
}

export function createEndOfTest(ctx: RunContext, { counters, photos, gate, stopMonitoring }: EndOfTestParts) {
  const posted = new Set<ExamSectionName>();
  const stopKind = (kind: CounterKind | null) => ctx.ui().stop?.kind ?? kind;

  /** Spec 4.6: the notice, then the disqualified answer for each section in turn. */
  async function endTest(kind: CounterKind | null): Promise<void> {
    if (ctx.ui().stop && ctx.ui().stop!.status !== 'failed') return;
    stopMonitoring();
    gate.release(false);
    ctx.patch({ dialog: null, gate: null, unstable: false, stop: { kind: stopKind(kind), status: 'posting', message: null } });
    for (const s of SECTION_ORDER) {
      if (posted.has(s)) continue;
      try {
        await ctx.deps.postDisqualified(ctx.orderId, s);
      } catch (error) {
        // The server already ended the test (its refusals say so): that section is done too.
        if (ctx.deps.isRetryable(error)) {
          ctx.patch({ stop: { kind: stopKind(kind), status: 'failed', message: errorText(error) } });
          return;
        }
      }
      posted.add(s);
    }
    ctx.patch({ stop: { kind: stopKind(kind), status: 'done', message: null } });
  }

  return {
    endTest,
    /** 'Kirim ulang' after the disqualified answers failed to go. */
    retry: () => endTest(ctx.ui().stop?.kind ?? null),
    /** After the notice: counters reset, and the section screen leaves for /epot/end?type=gugur. */
    leaveStopped(): void {
      counters.reset();
      photos.clear();
      ctx.store.set(testStoppedAtom, true);
    },
  };
}

export type EndOfTest = ReturnType<typeof createEndOfTest>;
