// One section's proctoring (spec 4.5-4.7, 6): the rules from the server (the session's institution
// until it answers), the camera with face detection, speech detection, tab/page leaving and the
// periodic photos; each violation's warning dialog, its acknowledgement (counter + report with a
// photo), the counters mirrored from the server's answers, the 'Ambil Gambar' block at submission,
// and the end of the test as disqualified. It runs outside React: the host component starts it,
// renders what it puts in `proctoringUiAtom`, and disposes of it. Everything with a side effect
// (camera, workers, speech, HTTP, time) is injected, so the flow is unit-tested.
import type { createStore } from 'jotai';
import { RESET } from 'jotai/utils';
import type { ExamSectionName } from '../../../../contracts/exam-import.ts';
import type { CounterKind, Counters, ProctoringEventKind, ProctoringState } from '../../../../contracts/proctoring.ts';
import type { FaceDetectorSettings } from '../../../../workers/face-detector/contract.ts';
import { messages } from '../../../i18n/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { sectionPhotoIdsAtom, testStoppedAtom } from '../../../lib/proctoring-seams.ts';
import { faceCountAtom, institutionAtom, openTabCountAtom, speechCountAtom } from '../../../lib/session.ts';
import { speechAtom } from '../../../sensors/speech-atoms.ts';
import { faceStateAtom } from '../../../workers/face-detector-atoms.ts';
import { emptyPhotoRecord, initialProctoringUi, photoRecordAtom, proctoringUiAtom } from '../atoms.ts';
import type { MonitoringProblem, PhotoRecord, ProctoringUiState, ViolationVariant } from '../atoms.ts';
import type { SendOutcome } from '../../../lib/offline-queue.ts';
import type { OutboxJob, ProctoringOutbox } from '../proctoring-outbox.ts';
import { createPhotoScheduler } from '../photo-scheduler.ts';
import {
  activeChecks, counterTypeFor, FACE_REPEAT_MS, isSpeechViolation, MIN_PHOTOS, PHOTO_BASE_MS, reachesLimit, rulesFromInstitution,
  rulesFromServer,
} from '../rules.ts';
import type { ActiveChecks, ProctoringRules } from '../rules.ts';
import type { watchTabLeaving } from '../../../sensors/tab-watch.ts';

type Store = ReturnType<typeof createStore>;

const SECTIONS: readonly ExamSectionName[] = ['listening', 'structure', 'reading'];
const COUNTER_ATOMS = { open_new_tab: openTabCountAtom, face: faceCountAtom, speech: speechCountAtom } as const;
/** Waiting photos and reports are sent again this often (and whenever the network comes back). */
export const OUTBOX_RETRY_MS = 15_000;
/** The face detector's rate during the sections (the camera check samples faster). */
const SECTION_FACE_SETTINGS: Partial<FaceDetectorSettings> = { ratePerSecond: 4 };

export interface ProctoringDeps {
  getState: (orderId: string) => Promise<ProctoringState>;
  postEvent: (orderId: string, body: { section: ExamSectionName; kind: ProctoringEventKind; detail: string }) => Promise<void>;
  postDisqualified: (orderId: string, section: ExamSectionName) => Promise<void>;
  isRetryable: (error: unknown) => boolean;
  outbox: ProctoringOutbox;
  openCamera: () => Promise<MediaStream>;
  startFace: (options: { stream: MediaStream; video: HTMLVideoElement; settings: Partial<FaceDetectorSettings> }) => Promise<void>;
  stopFace: () => void;
  startSpeech: () => boolean;
  stopSpeech: () => void;
  capture: (video: HTMLVideoElement) => Promise<Blob>;
  createVideo: () => HTMLVideoElement;
  watchTab: typeof watchTabLeaving;
  photoBaseMs?: number;
  random?: () => number;
  uuid?: () => string;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Network events (window in the browser). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export interface ProctoringSessionOptions extends ProctoringDeps {
  store: Store;
  orderId: string;
  section: ExamSectionName;
}

const errorText = (error: unknown) =>
  error instanceof ApiError ? (error.isNetworkError ? messages.app.networkError : error.message) : messages.app.genericError;

export function createProctoringSession(o: ProctoringSessionOptions) {
  const { store, orderId, section, outbox } = o;
  const setTimer = o.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = o.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const uuid = o.uuid ?? (() => crypto.randomUUID());

  // Until the server answers (or when it cannot): the institution stored for this test.
  let rules: ProctoringRules = rulesFromInstitution({});
  let checks: ActiveChecks = activeChecks(rules);
  let disposed = false;
  let stream: MediaStream | null = null;
  const video = o.createVideo();
  const cleanups: (() => void)[] = [];
  /** Reports acknowledged in this page and not yet answered, per kind (shown on top of the server's count). */
  const unsent: Record<CounterKind, Set<string>> = { open_new_tab: new Set(), face: new Set(), speech: new Set() };
  let serverCounters: Counters | null = null;
  /** Photos of this section waiting in the outbox. */
  let queuedPhotos = 0;
  /** The photo taken when a violation was raised (tab: the moment of leaving). */
  const violationPhotos = new Map<string, Promise<Blob | null>>();
  let lastFaceProblem: string | null = null;
  let faceRecheck: unknown = null;
  let gateResolve: ((ok: boolean) => void) | null = null;
  const postedDisqualified = new Set<ExamSectionName>();

  const ui = () => store.get(proctoringUiAtom);
  const patch = (p: Partial<ProctoringUiState>) => store.set(proctoringUiAtom, (s) => ({ ...s, ...p }));

  // ---- counters -----------------------------------------------------------------------------

  const count = (kind: CounterKind) => store.get(COUNTER_ATOMS[kind]);
  /** The server's count plus what it has not heard of yet (local storage keeps the result). */
  function mirror(counters: Counters): void {
    serverCounters = counters;
    for (const kind of Object.keys(COUNTER_ATOMS) as CounterKind[]) store.set(COUNTER_ATOMS[kind], counters[kind] + unsent[kind].size);
  }
  function resetCounters(): void {
    for (const a of Object.values(COUNTER_ATOMS)) store.set(a, RESET);
  }

  // ---- photos -------------------------------------------------------------------------------

  const record = (): PhotoRecord => {
    const r = store.get(photoRecordAtom);
    return r.order_id === orderId ? r : { order_id: orderId, sections: {} };
  };
  const photoIds = () => record().sections[section] ?? [];
  const photoCount = () => photoIds().length + queuedPhotos;
  function publishPhotos(r: PhotoRecord): void {
    store.set(photoRecordAtom, r);
    store.set(sectionPhotoIdsAtom, { ...r.sections });
  }
  function addPhotoId(jobOrder: string, jobSection: ExamSectionName, id: string): void {
    if (jobOrder !== orderId) return; // left over from another order: that test is over
    const r = record();
    publishPhotos({ order_id: orderId, sections: { ...r.sections, [jobSection]: [...(r.sections[jobSection] ?? []), id] } });
  }

  const cameraUsable = () => stream !== null && stream.getVideoTracks().some((t) => t.readyState === 'live');

  async function takePhoto(): Promise<void> {
    const photo = await o.capture(video);
    queuedPhotos++;
    await outbox.send({ type: 'photo', orderId, section, photo });
  }

  const scheduler = createPhotoScheduler({
    count: photoCount,
    capture: takePhoto,
    baseMs: o.photoBaseMs ?? PHOTO_BASE_MS,
    random: o.random,
    setTimer,
    clearTimer,
  });

  const safeCapture = (): Promise<Blob | null> => (cameraUsable() ? o.capture(video).catch(() => null) : Promise.resolve(null));

  // ---- monitoring ---------------------------------------------------------------------------

  function sendEvent(kind: ProctoringEventKind, detail: string, attempt = 0): void {
    o.postEvent(orderId, { section, kind, detail }).catch((error: unknown) => {
      // A refusal (test over) is final; the network gets three more tries.
      if (!disposed && o.isRetryable(error) && attempt < 3) setTimer(() => sendEvent(kind, detail, attempt + 1), 5_000 * (attempt + 1));
    });
  }
  function problem(kind: MonitoringProblem, detail: string): void {
    if (disposed || ui().problem === kind || store.get(testStoppedAtom)) return;
    patch({ problem: kind });
    sendEvent(kind, detail);
  }
  function recovered(): void {
    if (!ui().problem) return;
    patch({ problem: null });
    sendEvent('recovered', '');
  }

  // ---- violations ---------------------------------------------------------------------------

  const busy = () => disposed || ui().dialog !== null || ui().stop !== null || ui().gate !== null;

  function raise(kind: CounterKind, variant: ViolationVariant, text = ''): boolean {
    if (busy()) return false;
    const id = uuid();
    // Evidence from the moment it happened; speech has its transcript instead.
    violationPhotos.set(id, kind === 'speech' ? Promise.resolve(null) : safeCapture());
    patch({ dialog: { id, kind, variant, text, count: count(kind) + 1, endsTest: rules.disqualifyAtLimit[kind] } });
    return true;
  }

  /** 'Saya mengerti': the counter goes up and the report (with its photo) goes to the server. */
  async function acknowledge(): Promise<void> {
    const v = ui().dialog;
    if (!v) return;
    patch({ dialog: null });
    unsent[v.kind].add(v.id);
    store.set(COUNTER_ATOMS[v.kind], count(v.kind) + 1);
    const reached = count(v.kind);
    let photo = (await violationPhotos.get(v.id)) ?? null;
    violationPhotos.delete(v.id);
    if (!photo && v.kind !== 'speech') photo = await safeCapture();
    scheduleFaceRecheck(v.kind === 'face' ? FACE_REPEAT_MS : 1_000);
    const outcome = await outbox.send({
      type: 'violation',
      orderId,
      photo,
      request: { counter_type: counterTypeFor(v.kind, section), section, image: '', text_voice: v.text, violation_id: v.id },
    });
    // Offline: the client applies the rule itself (the server will agree once the report arrives).
    if (!outcome.ok && outcome.kept && reachesLimit(rules, v.kind, reached)) void endTest(v.kind);
  }

  function onOutboxResult(job: OutboxJob, outcome: SendOutcome): void {
    if (disposed) return;
    if (job.type === 'photo') {
      if (outcome.ok) addPhotoId(job.orderId, job.section, outcome.data as string);
      if ((outcome.ok || !outcome.kept) && job.orderId === orderId && job.section === section) queuedPhotos = Math.max(0, queuedPhotos - 1);
      return;
    }
    if (job.orderId !== orderId || (!outcome.ok && outcome.kept)) return;
    const kind = job.request.counter_type === 'voice' ? 'speech' : job.request.counter_type;
    unsent[kind].delete(job.request.violation_id);
    if (outcome.ok) {
      const state = outcome.data as ProctoringState;
      rules = rulesFromServer(state);
      mirror(state.counters);
      if (state.disqualified) void endTest(kind);
    } else if (errorText(outcome.error) === messages.exam.testDisqualified) {
      void endTest(kind);
    } else if (serverCounters) {
      mirror(serverCounters);
    } else {
      store.set(COUNTER_ATOMS[kind], Math.max(0, count(kind) - 1));
    }
  }

  function onFaceState(): void {
    const { state, reason } = store.get(faceStateAtom);
    if (state === 'camera-ended') problem('camera-ended', 'track ended');
    else if (state === 'unavailable') problem('detector-unavailable', reason ?? '');
    else if (state === 'ok' || state === 'no-face' || state === 'multi-face') recovered();
    const bad = state === 'no-face' || state === 'multi-face';
    if (ui().unstable !== (bad && !checks.faceCounter)) patch({ unstable: bad && !checks.faceCounter });
    if (!bad) {
      lastFaceProblem = null;
      return;
    }
    if (checks.faceCounter && state !== lastFaceProblem && raise('face', state)) lastFaceProblem = state;
  }

  /** A face problem that outlasts a warning (or was hidden behind another dialog) is warned about again. */
  function scheduleFaceRecheck(ms: number): void {
    if (!checks.faceCounter) return;
    if (faceRecheck !== null) clearTimer(faceRecheck);
    faceRecheck = setTimer(() => {
      faceRecheck = null;
      const { state } = store.get(faceStateAtom);
      if ((state === 'no-face' || state === 'multi-face') && raise('face', state)) lastFaceProblem = state;
    }, ms);
  }

  let lastSentence: unknown = null;
  function onSpeech(): void {
    const latest = store.get(speechAtom).sentences.at(-1);
    if (!latest || latest === lastSentence) return;
    lastSentence = latest;
    if (isSpeechViolation(section, latest.words)) raise('speech', 'speech', latest.text);
  }

  // ---- the end of the test ------------------------------------------------------------------

  /** Spec 4.6: the notice, then the disqualified answer for each section in turn. */
  async function endTest(kind: CounterKind | null): Promise<void> {
    if (ui().stop && ui().stop!.status !== 'failed') return;
    stopMonitoring();
    gateResolve?.(false);
    gateResolve = null;
    patch({ dialog: null, gate: null, unstable: false, stop: { kind: ui().stop?.kind ?? kind, status: 'posting', message: null } });
    for (const s of SECTIONS) {
      if (postedDisqualified.has(s)) continue;
      try {
        await o.postDisqualified(orderId, s);
      } catch (error) {
        // The server already ended the test (its refusals say so): that section is done too.
        if (o.isRetryable(error)) {
          patch({ stop: { kind: ui().stop?.kind ?? kind, status: 'failed', message: errorText(error) } });
          return;
        }
      }
      postedDisqualified.add(s);
    }
    patch({ stop: { kind: ui().stop?.kind ?? kind, status: 'done', message: null } });
  }

  /** After the notice: counters reset, and the section screen leaves for /epot/end?type=gugur. */
  function leaveStopped(): void {
    resetCounters();
    publishPhotos(emptyPhotoRecord);
    store.set(testStoppedAtom, true);
  }

  // ---- submission ---------------------------------------------------------------------------

  /** The exam asks before submitting: fewer than 2 photos open 'Ambil Gambar' (spec 4.4, 4.7). */
  async function gate(): Promise<boolean> {
    if (ui().stop) return false;
    if (!checks.photos) return true;
    if (photoIds().length < MIN_PHOTOS) await outbox.flush().catch(() => undefined);
    if (photoIds().length >= MIN_PHOTOS) return true;
    // No camera (refused or ended): photos cannot be taken; the server knows from the monitoring event.
    if (ui().problem === 'camera-denied' || ui().problem === 'camera-ended') return true;
    gateResolve?.(false);
    return new Promise<boolean>((resolve) => {
      gateResolve = resolve;
      patch({ gate: { busy: false, error: null } });
    });
  }

  /** 'Ambil Gambar': takes and uploads the missing photos, then lets the submission go. */
  async function takeMissingPhotos(): Promise<void> {
    if (!ui().gate || ui().gate!.busy) return;
    patch({ gate: { busy: true, error: null } });
    try {
      await outbox.flush();
      while (photoIds().length < MIN_PHOTOS) {
        const photo = await o.capture(video);
        queuedPhotos++;
        const outcome = await outbox.send({ type: 'photo', orderId, section, photo });
        if (!outcome.ok) throw outcome.error;
      }
    } catch (error) {
      if (!disposed && ui().gate) patch({ gate: { busy: false, error: `${messages.violation.photoFailed} (${errorText(error)})` } });
      return;
    }
    patch({ gate: null });
    gateResolve?.(true);
    gateResolve = null;
  }

  // ---- start and stop -----------------------------------------------------------------------

  async function startCamera(): Promise<void> {
    try {
      stream = await o.openCamera();
    } catch (error) {
      problem('camera-denied', (error as { name?: string } | null)?.name ?? String(error));
      return;
    }
    if (disposed) return stopStream();
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    try {
      await o.startFace({ stream, video, settings: SECTION_FACE_SETTINGS });
    } catch (error) {
      if (!disposed) problem('detector-unavailable', error instanceof Error ? error.message : String(error));
    }
  }

  function stopStream(): void {
    stream?.getTracks().forEach((t) => t.stop());
    stream = null;
  }

  function stopMonitoring(): void {
    scheduler.stop();
    if (faceRecheck !== null) clearTimer(faceRecheck);
    faceRecheck = null;
    while (cleanups.length) cleanups.pop()!();
    o.stopSpeech();
    o.stopFace();
  }

  async function start(): Promise<void> {
    store.set(testStoppedAtom, false);
    store.set(proctoringUiAtom, initialProctoringUi);
    publishPhotos(record());
    const unsubscribeOutbox = outbox.subscribe(onOutboxResult);
    const flush = () => void outbox.flush().catch(() => undefined);
    const retry = setInterval(flush, OUTBOX_RETRY_MS);
    const events = o.events ?? window;
    events.addEventListener('online', flush);
    const stopOutbox = () => {
      unsubscribeOutbox();
      clearInterval(retry);
      events.removeEventListener('online', flush);
    };
    queuedPhotos = (await outbox.pending().catch(() => []))
      .filter((j) => j.type === 'photo' && j.orderId === orderId && j.section === section).length;
    if (disposed) return stopOutbox();
    // Reports from before a reload go first, so the server's count below includes them.
    await outbox.flush().catch(() => undefined);

    rules = rulesFromInstitution(store.get(institutionAtom));
    try {
      const state = await o.getState(orderId);
      rules = rulesFromServer(state);
      mirror(state.counters);
      if (state.disqualified) {
        stopOutbox();
        return leaveStopped();
      }
    } catch {
      // Offline or failing: the institution's settings and the stored counters stand in.
    }
    if (disposed) return stopOutbox();
    checks = activeChecks(rules);
    patch({ checks });
    cleanups.push(stopOutbox);

    if (checks.tab) cleanups.push(o.watchTab({ onLeave: () => raise('open_new_tab', 'tab') }));
    if (checks.speech) {
      lastSentence = store.get(speechAtom).sentences.at(-1) ?? null;
      cleanups.push(store.sub(speechAtom, onSpeech));
      o.startSpeech();
    }
    if (checks.camera) {
      cleanups.push(store.sub(faceStateAtom, onFaceState));
      await startCamera();
      if (!disposed) scheduler.start();
    }
  }

  return {
    start,
    acknowledge,
    gate,
    takeMissingPhotos,
    /** 'Kirim ulang' after the disqualified answers failed to go. */
    retryStop: () => endTest(ui().stop?.kind ?? null),
    leaveStopped,
    /** 'Sambungkan ulang kamera' after the camera ended or was refused. */
    async reconnectCamera(): Promise<void> {
      o.stopFace();
      stopStream();
      // The alert stays until detection works again (then 'recovered' is reported).
      await startCamera();
      if (!disposed && !scheduler.running && checks.photos) scheduler.start();
    },
    video,
    dispose(): void {
      disposed = true;
      gateResolve?.(false);
      gateResolve = null;
      stopMonitoring();
      stopStream();
      video.srcObject = null;
    },
  };
}

export type ProctoringSession = ReturnType<typeof createProctoringSession>;
