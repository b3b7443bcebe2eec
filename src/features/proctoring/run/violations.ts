// One violation from raised to counted (spec 4.5, 8): the warning dialog with the photo from that
// moment (one raised behind another dialog or the photo gate waits, with its photo, and shows after
// it: issue 27); 'Saya mengerti', where the counter goes up at once and the report with its photo goes
// through the outbox; the server's answer to the report; and the limit applied while offline.
import type { CounterKind, ProctoringState } from '../../../../contracts/proctoring.ts';
import { counterKindOf, matchServerMessage } from '../../../../contracts/facts/index.ts';
import type { SendOutcome } from '../../../lib/offline-queue.ts';
import { proctoringUiAtom } from '../atoms.ts';
import type { ViolationVariant } from '../atoms.ts';
import type { ViolationJob } from '../proctoring-outbox.ts';
import { counterTypeFor, reachesLimit, rulesFromServer } from '../rules.ts';
import type { RunCounters } from './counters.ts';
import type { Photos } from './photos.ts';
import { errorText } from './run-context.ts';
import type { RunContext } from './run-context.ts';

interface ViolationParts {
  counters: RunCounters;
  photos: Pick<Photos, 'safeCapture'>;
  endTest: (kind: CounterKind) => Promise<void>;
  /** After each acknowledgement (the face watch re-checks a problem that stays). */
  onAcknowledged: (kind: CounterKind) => void;
}

interface Pending {
  id: string;
  kind: CounterKind;
  variant: ViolationVariant;
  text: string;
}

export function createViolations(ctx: RunContext, { counters, photos, endTest, onAcknowledged }: ViolationParts) {
  /** The photo taken when a violation was raised (tab: the moment of leaving). */
  const evidence = new Map<string, Promise<Blob | null>>();
  /** Violations raised while another dialog, the photo gate or the stop was open: shown, in order, after it. */
  const queued: Pending[] = [];
  const busy = () => ctx.disposed || ctx.ui().dialog !== null || ctx.ui().stop !== null || ctx.ui().gate !== null;

  function show({ id, kind, variant, text }: Pending): void {
    const endsTest = ctx.rules.disqualifyAtLimit[kind];
    ctx.patch({ dialog: { id, kind, variant, text, count: counters.count(kind) + 1, endsTest } });
  }

  /** Opens the warning, or queues it behind the dialog on screen; false when it was not raised. */
  function raise(kind: CounterKind, variant: ViolationVariant, text = ''): boolean {
    if (ctx.disposed || ctx.ui().stop !== null) return false;
    // The same kind already on screen or waiting is not stacked (the face watch re-checks after it).
    if (ctx.ui().dialog?.kind === kind || queued.some((q) => q.kind === kind)) return false;
    const id = ctx.uuid();
    // Evidence from the moment it happened; speech has its transcript instead.
    evidence.set(id, kind === 'speech' ? Promise.resolve(null) : photos.safeCapture());
    const pending = { id, kind, variant, text };
    if (busy()) {
      queued.push(pending);
      ctx.patch({ waiting: queued.length });
    } else show(pending);
    return true;
  }

  /** Shows the next queued warning once nothing else is on screen (a subscription; returns its undo). */
  function watchQueue(): () => void {
    return ctx.store.sub(proctoringUiAtom, () => {
      if (queued.length === 0 || busy()) return;
      const next = queued.shift()!;
      ctx.patch({ waiting: queued.length });
      show(next);
    });
  }

  /** 'Saya mengerti': the counter goes up and the report (with its photo) goes to the server. */
  async function acknowledge(): Promise<void> {
    const v = ctx.ui().dialog;
    if (!v) return;
    ctx.patch({ dialog: null });
    const reached = counters.acknowledged(v.kind, v.id);
    let photo = (await evidence.get(v.id)) ?? null;
    evidence.delete(v.id);
    if (!photo && v.kind !== 'speech') photo = await photos.safeCapture();
    onAcknowledged(v.kind);
    const { section } = ctx;
    const outcome = await ctx.deps.outbox.send({
      type: 'violation',
      orderId: ctx.orderId,
      photo,
      request: { counter_type: counterTypeFor(v.kind, section), section, image: '', text_voice: v.text, violation_id: v.id },
    });
    // Offline: the client applies the rule itself (the server will agree once the report arrives).
    if (!outcome.ok && outcome.kept && reachesLimit(ctx.rules, v.kind, reached)) void endTest(v.kind);
  }

  /** The server's answer to a report (also one sent before a reload). */
  function onResult(job: ViolationJob, outcome: SendOutcome): void {
    if (job.orderId !== ctx.orderId || (!outcome.ok && outcome.kept)) return;
    const kind = counterKindOf(job.request.counter_type);
    counters.answered(kind, job.request.violation_id);
    if (outcome.ok) {
      const state = outcome.data as ProctoringState;
      ctx.rules = rulesFromServer(state);
      counters.mirror(state.counters);
      if (state.disqualified) void endTest(kind);
    } else if (matchServerMessage(errorText(outcome.error))?.code === 'testDisqualified') {
      void endTest(kind);
    } else {
      counters.undo(kind);
    }
  }

  return { raise, acknowledge, onResult, watchQueue };
}

export type Violations = ReturnType<typeof createViolations>;
