// One section's proctoring run (spec 4.5-4.7, 6): the rules from the server (the stored institution's
// until it answers), the camera with face detection, speech detection, tab/page leaving and the
// periodic photos; each violation's warning and report, the counters, the 'Ambil Gambar' block at
// submission, and the end of the test as disqualified. It runs outside React: the host component
// starts it, renders what it puts in `proctoringUiAtom`, and disposes of it. This file composes the
// parts (one job each, in this folder) and starts them in order.
import { institutionAtom, useFaceDetectionAtom, useSpeechDetectionAtom } from '../../../lib/session.ts';
import { testStoppedAtom } from '../../../lib/proctoring-seams.ts';
import { initialProctoringUi, proctoringUiAtom } from '../atoms.ts';
import { activeChecks, rulesFromInstitution, rulesFromServer } from '../rules.ts';
import { createCamera } from './camera.ts';
import type { Camera } from './camera.ts';
import { createCounters } from './counters.ts';
import type { RunCounters } from './counters.ts';
import { createDetections } from './detections.ts';
import type { Detections } from './detections.ts';
import { watchDetectorRate } from './detector-rate.ts';
import { watchLiveness } from './liveness-episodes.ts';
import { createEndOfTest } from './end-of-test.ts';
import type { EndOfTest } from './end-of-test.ts';
import { createHeartbeat } from './heartbeat.ts';
import type { HeartbeatRun } from './heartbeat.ts';
import { createMonitoring } from './monitoring.ts';
import type { Monitoring } from './monitoring.ts';
import { connectOutbox } from './outbox-link.ts';
import { createPhotos } from './photos.ts';
import type { Photos } from './photos.ts';
import { createRunContext } from './run-context.ts';
import type { ProctoringRunOptions, RunContext } from './run-context.ts';
import { createSubmitGate } from './submit-gate.ts';
import { createViolations } from './violations.ts';
import type { Violations } from './violations.ts';

export type { ProctoringRunDeps, ProctoringRunOptions } from './run-context.ts';

interface RunParts {
  ctx: RunContext;
  /** Undone when monitoring stops (outbox link, tab watch, atom subscriptions). */
  cleanups: (() => void)[];
  camera: Camera;
  counters: RunCounters;
  photos: Photos;
  violations: Violations;
  detections: Detections;
  end: EndOfTest;
  monitoring: Monitoring;
  heartbeat: HeartbeatRun;
}

export function createProctoringRun(o: ProctoringRunOptions) {
  const ctx = createRunContext(o);
  const cleanups: (() => void)[] = [];
  const monitoring = createMonitoring(ctx);
  const camera = createCamera(ctx, monitoring);
  const counters = createCounters(ctx.store);
  const photos = createPhotos(ctx, camera.usable);
  const gate = createSubmitGate(ctx, photos);
  const stopMonitoring = () => {
    photos.scheduler.stop();
    detections.stop();
    while (cleanups.length) cleanups.pop()!();
    o.stopSpeech();
    o.stopFace();
  };
  const end = createEndOfTest(ctx, { counters, photos, gate, stopMonitoring });
  const violations = createViolations(ctx, {
    counters, photos, endTest: end.endTest, onAcknowledged: (kind) => detections.afterAcknowledge(kind),
  });
  const detections = createDetections(ctx, monitoring, violations.raise);
  const heartbeat = createHeartbeat(ctx, camera.usable);
  const parts: RunParts = { ctx, cleanups, camera, counters, photos, violations, detections, end, monitoring, heartbeat };

  return {
    start: () => startRun(parts),
    acknowledge: violations.acknowledge,
    gate: gate.gate,
    takeMissingPhotos: gate.takeMissingPhotos,
    /** 'Kirim ulang' after the disqualified answers failed to go. */
    retryStop: end.retry,
    leaveStopped: end.leaveStopped,
    /** 'Sambungkan ulang kamera' after the camera ended or was refused. */
    async reconnectCamera(): Promise<void> {
      o.stopFace();
      camera.stopStream();
      // The alert stays until detection works again (then 'recovered' is reported).
      await camera.start();
      if (!ctx.disposed && !photos.scheduler.running && ctx.checks.photos) photos.scheduler.start();
    },
    video: ctx.video,
    dispose(): void {
      ctx.disposed = true;
      gate.release(false);
      stopMonitoring();
      camera.stopStream();
      ctx.video.srcObject = null;
    },
  };
}

export type ProctoringRun = ReturnType<typeof createProctoringRun>;

async function startRun({ ctx, cleanups, camera, counters, photos, violations, detections, end, monitoring, heartbeat }: RunParts): Promise<void> {
  const { store, deps } = ctx;
  store.set(testStoppedAtom, false);
  store.set(proctoringUiAtom, initialProctoringUi);
  photos.publishRecord();
  const stopOutbox = connectOutbox(ctx, (job, outcome) => {
    if (ctx.disposed) return;
    if (job.type === 'photo') photos.onResult(job, outcome);
    else if (job.type === 'heartbeat') heartbeat.onResult(job, outcome);
    else violations.onResult(job, outcome);
  });
  await photos.loadQueued();
  if (ctx.disposed) return stopOutbox();
  // Reports from before a reload go first, so the server's count below includes them.
  await deps.outbox.flush().catch(() => undefined);

  ctx.rules = rulesFromInstitution(store.get(institutionAtom));
  // Cloud recognition only when the server says both yeses stand now; offline: on the device.
  let cloudSpeech = false;
  try {
    const state = await deps.getState(ctx.orderId);
    cloudSpeech = state.cloud_speech === true;
    ctx.rules = rulesFromServer(state);
    counters.mirror(state.counters);
    if (state.disqualified) {
      stopOutbox();
      return end.leaveStopped();
    }
  } catch {
    // Offline or failing: the institution's settings and the stored counters stand in.
  }
  if (ctx.disposed) return stopOutbox();
  ctx.checks = activeChecks(ctx.rules, { face: store.get(useFaceDetectionAtom), speech: store.get(useSpeechDetectionAtom) });
  ctx.patch({ checks: ctx.checks });
  cleanups.push(stopOutbox, violations.watchQueue(), heartbeat.start());

  if (ctx.checks.tab) {
    cleanups.push(deps.watchTab({
      onLeave: () => {
        heartbeat.tabLeft();
        monitoring.left();
        violations.raise('open_new_tab', 'tab');
      },
      onReturn: (awayMs) => {
        heartbeat.tabReturned(awayMs);
        monitoring.episode('page-away', awayMs);
      },
    }));
  }
  if (ctx.checks.speech) {
    cleanups.push(detections.watchSpeech());
    deps.allowCloudSpeech?.(cloudSpeech);
    deps.startSpeech();
  }
  if (ctx.checks.camera) {
    cleanups.push(detections.watchFace(), watchDetectorRate(ctx, monitoring), watchLiveness(ctx, monitoring));
    await camera.start();
    if (!ctx.disposed) photos.scheduler.start();
  }
}
