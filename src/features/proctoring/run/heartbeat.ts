// The monitoring heartbeat (issue 27): every HEARTBEAT_INTERVAL_MS while the section is open, one
// beat says whether the camera is live, whether the face detector runs and at what rate, its
// verdicts since the last beat, the time away from the page and whether speech is listened to. The
// server stamps each beat and computes the gaps itself. It is cheap: one call to the face worker for
// its counters per beat (the worker counts each detection; the main thread never does), the tab
// watch's callbacks, and the same persistent outbox as photos and reports.
import { HEARTBEAT_BATCH_MAX, HEARTBEAT_INTERVAL_MS } from '../../../../contracts/facts/index.ts';
import type { Heartbeat, HeartbeatResult } from '../../../../contracts/proctoring.ts';
import type { WindowCounts } from '../../../../workers/face-detector/contract.ts';
import { speechAtom } from '../../../sensors/speech-atoms.ts';
import { faceStateAtom } from '../../../workers/face-detector-atoms.ts';
import type { SendOutcome } from '../../../lib/offline-queue.ts';
import { storageKeys } from '../../../lib/storage-keys.ts';
import type { HeartbeatJob } from '../proctoring-outbox.ts';
import type { FaceCounts, RunContext } from './run-context.ts';


const RUNNING_STATES = new Set(['ok', 'no-face', 'multi-face', 'still']);
/** The server may ask for fewer beats; never more often than this, nor rarer than the gap it judges by. */
const MIN_INTERVAL_MS = 5_000;
const MAX_INTERVAL_MS = 40_000;

const clampInt = (n: number, max: number) => Math.min(max, Math.max(0, Math.round(n)));

const ZERO: FaceCounts = { detections: 0, verdicts: { ok: 0, noFace: 0, multiFace: 0, still: 0 } };

/** The worker's detections and verdicts since `base` (a restarted worker counts from 0 again: all new). */
function faceDelta(base: FaceCounts | null, counts: FaceCounts | null) {
  const from = base && counts && counts.detections >= base.detections ? base : ZERO;
  const v = (k: keyof WindowCounts) => (counts ? clampInt(counts.verdicts[k] - from.verdicts[k], 100_000) : 0);
  return {
    detections: counts ? counts.detections - from.detections : 0,
    counts: { ok: v('ok'), no_face: v('noFace'), multi_face: v('multiFace'), still: v('still') },
  };
}

/** The tab watch's leaves and time away since the last beat. */
function tabTally(now: () => number) {
  let leaves = 0;
  let hiddenMs = 0;
  /** While away: from when the time away is not counted yet (the leave, or the last beat). */
  let awayFrom: number | null = null;
  let beatWhileAway = false;
  return {
    left(): void {
      leaves++;
      awayFrom = now();
      beatWhileAway = false;
    },
    returned(awayMs: number): void {
      // The watch reports the leave after its grace: with no beat in between, the whole absence counts.
      hiddenMs += beatWhileAway && awayFrom !== null ? Math.max(0, now() - awayFrom) : Math.max(0, awayMs);
      awayFrom = null;
      beatWhileAway = false;
    },
    /** What a beat at `at` reports; it starts the next tally. */
    take(at: number): { leaves: number; hiddenMs: number } {
      if (awayFrom !== null) {
        hiddenMs += at - awayFrom;
        awayFrom = at;
        beatWhileAway = true;
      }
      const out = { leaves, hiddenMs };
      leaves = 0;
      hiddenMs = 0;
      return out;
    },
  };
}

/** Notices shown once per tab, also across a reload (the server repeats them for half an hour). */
const SEEN_KEY = storageKeys.sessionNoticesSeen;
const seenNotices = new Set<number>(readSeen());
function readSeen(): number[] {
  try {
    const raw: unknown = JSON.parse(globalThis.sessionStorage?.getItem(SEEN_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
}
function rememberSeen(): void {
  try { globalThis.sessionStorage?.setItem(SEEN_KEY, JSON.stringify([...seenNotices].slice(-50))); } catch { /* storage off: shown again after a reload */ }
}

/** Test day (issue 30): the deadline a proctor may have moved, and their notices, once each. */
function followServer(ctx: RunContext, result: Partial<HeartbeatResult>): void {
  const deadline = result.deadline_at ? Date.parse(result.deadline_at) : NaN;
  const received = result.received_at ? Date.parse(result.received_at) : NaN;
  if (Number.isFinite(deadline) && Number.isFinite(received)) ctx.deps.onServerDeadline?.(deadline, deadline - received);
  const fresh = (result.notices ?? []).filter((n) => !seenNotices.has(n.id));
  if (fresh.length === 0 || ctx.disposed) return;
  for (const n of fresh) seenNotices.add(n.id);
  rememberSeen();
  ctx.patch({ notices: [...ctx.ui().notices, ...fresh].slice(-3) });
}

export function createHeartbeat(ctx: RunContext, cameraLive: () => boolean) {
  const runId = ctx.uuid();
  const startedAt = ctx.now();
  let seq = 0;
  let intervalMs = HEARTBEAT_INTERVAL_MS;
  let timer: unknown = null;
  let lastAt = startedAt;
  let base: FaceCounts | null = null;
  let unsent: Heartbeat[] = [];
  const tab = tabTally(ctx.now);

  async function faceCounts(): Promise<FaceCounts | null> {
    if (!ctx.checks.camera || !ctx.deps.faceStats) return null;
    return ctx.deps.faceStats().catch(() => null);
  }

  async function beat(): Promise<void> {
    timer = ctx.setTimer(() => void beat(), intervalMs);
    const counts = await faceCounts();
    if (ctx.disposed) return;
    const now = ctx.now();
    const face = faceDelta(base, counts);
    if (counts) base = counts;
    const away = tab.take(now);
    const seconds = Math.max(0.001, (now - lastAt) / 1000);
    const state = ctx.store.get(faceStateAtom).state;
    const next: Heartbeat = {
      section: ctx.section,
      seq: ++seq,
      run_id: runId,
      elapsed_ms: clampInt(now - startedAt, 86_400_000),
      camera_live: ctx.checks.camera && cameraLive(),
      detector_running: ctx.checks.camera && (face.detections > 0 || RUNNING_STATES.has(state)),
      detector_fps: Math.min(120, Math.round((face.detections / seconds) * 100) / 100),
      face_counts: face.counts,
      tab_hidden_ms: clampInt(away.hiddenMs, 86_400_000),
      tab_leaves: clampInt(away.leaves, 10_000),
      speech_monitoring: ctx.checks.speech && ctx.store.get(speechAtom).status === 'listening',
    };
    lastAt = now;
    // Beats not yet answered go again with the new one, in one request: the job replaces the one
    // still waiting in the outbox (same key), so a long time offline ends in one batch, not a burst.
    unsent = [...unsent, next].slice(-HEARTBEAT_BATCH_MAX);
    const job: HeartbeatJob = { type: 'heartbeat', orderId: ctx.orderId, beats: unsent };
    void ctx.deps.outbox.send(job).then((outcome) => answered(job, outcome), () => undefined);
  }

  /** Sent or refused for good: those beats are done (a kept job waits for the next beat's batch). */
  function answered(job: HeartbeatJob, outcome: SendOutcome): void {
    if (job.orderId !== ctx.orderId || (!outcome.ok && outcome.kept)) return;
    const done = new Set(job.beats.filter((b) => b.run_id === runId).map((b) => b.seq));
    unsent = unsent.filter((b) => !done.has(b.seq));
    const result = outcome.ok ? (outcome.data as Partial<HeartbeatResult> | undefined) : undefined;
    const asked = result?.interval_ms;
    if (typeof asked === 'number' && asked > 0) intervalMs = Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, asked));
    if (result) followServer(ctx, result);
  }

  return {
    /** Starts beating (the first beat one interval from now, with the worker's counts as the base); returns the stop. */
    start(): () => void {
      void faceCounts().then((c) => { base ??= c; });
      timer = ctx.setTimer(() => void beat(), intervalMs);
      return () => {
        if (timer !== null) ctx.clearTimer(timer);
        timer = null;
      };
    },
    /** The tab watch counted a leave (away 1.5 s or more). */
    tabLeft: tab.left,
    /** Back on the page after `awayMs`. */
    tabReturned: tab.returned,
    /** The outbox's answer (also to a batch sent again later): done beats go, the server may ask for another interval. */
    onResult: answered,
  };
}

export type HeartbeatRun = ReturnType<typeof createHeartbeat>;
