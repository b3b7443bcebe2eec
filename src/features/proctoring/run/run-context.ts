// What every part of one section's proctoring run shares: the store, the order and section, the
// injected side effects (camera, workers, speech, HTTP, time), the one <video>, the UI atom, and the
// rules as last known. Everything with a side effect is injected, so each part is unit-tested.
import type { createStore } from 'jotai';
import type { ExamSectionName } from '../../../../contracts/exam-import.ts';
import type { ProctoringEventKind, ProctoringState } from '../../../../contracts/proctoring.ts';
import type { FaceDetectorSettings, WindowCounts } from '../../../../workers/face-detector/contract.ts';
import { messages } from '../../../i18n/messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { watchTabLeaving } from '../../../sensors/tab-watch.ts';
import { proctoringUiAtom } from '../atoms.ts';
import type { ProctoringUiState } from '../atoms.ts';
import type { ProctoringOutbox } from '../proctoring-outbox.ts';
import { activeChecks, rulesFromInstitution } from '../rules.ts';
import type { ActiveChecks, ProctoringRules } from '../rules.ts';

export type Store = ReturnType<typeof createStore>;

/** What the face worker has counted since it started. */
export interface FaceCounts {
  detections: number;
  verdicts: WindowCounts;
}

export interface ProctoringRunDeps {
  /** The order's state; `cloud_speech`: the institution allows cloud recognition and the member consented. */
  getState: (orderId: string) => Promise<ProctoringState & { cloud_speech?: boolean }>;
  postEvent: (orderId: string, body: { section: ExamSectionName; kind: ProctoringEventKind; detail: string; duration_ms?: number }) => Promise<void>;
  postDisqualified: (orderId: string, section: ExamSectionName) => Promise<void>;
  isRetryable: (error: unknown) => boolean;
  outbox: ProctoringOutbox;
  openCamera: () => Promise<MediaStream>;
  startFace: (options: { stream: MediaStream; video: HTMLVideoElement; settings: Partial<FaceDetectorSettings> }) => Promise<void>;
  stopFace: () => void;
  startSpeech: () => boolean;
  /** Whether speech detection may use cloud recognition (both yeses, issue 19); set before each start. */
  allowCloudSpeech?: (allowed: boolean) => void;
  stopSpeech: () => void;
  capture: (video: HTMLVideoElement) => Promise<Blob>;
  /** The face worker's counts since it started (its getStats), for the heartbeat; absent: none sent. */
  faceStats?: () => Promise<FaceCounts>;
  createVideo: () => HTMLVideoElement;
  watchTab: typeof watchTabLeaving;
  photoBaseMs?: number;
  random?: () => number;
  uuid?: () => string;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Milliseconds for episode lengths (Date.now in the browser). */
  now?: () => number;
  /** Network events (window in the browser). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /**
   * Test day (issue 30): the section's server deadline from a heartbeat answer, with the server's time
   * left then; the page's exam clock adopts it when a proctor gave extra time.
   */
  onServerDeadline?: (deadlineMs: number, serverRemainingMs: number) => void;
}

export interface ProctoringRunOptions extends ProctoringRunDeps {
  store: Store;
  orderId: string;
  section: ExamSectionName;
}

export interface RunContext {
  readonly store: Store;
  readonly orderId: string;
  readonly section: ExamSectionName;
  readonly deps: ProctoringRunDeps;
  /** One <video> for the whole section: the preview shows it and photos are taken from it. */
  readonly video: HTMLVideoElement;
  readonly setTimer: (fn: () => void, ms: number) => unknown;
  readonly clearTimer: (handle: unknown) => void;
  readonly uuid: () => string;
  readonly now: () => number;
  ui(): ProctoringUiState;
  patch(p: Partial<ProctoringUiState>): void;
  /** The server's rules once it answered; until then (or when it cannot) the stored institution's. */
  rules: ProctoringRules;
  checks: ActiveChecks;
  disposed: boolean;
}

export function createRunContext(o: ProctoringRunOptions): RunContext {
  const { store } = o;
  const rules = rulesFromInstitution({});
  return {
    store,
    orderId: o.orderId,
    section: o.section,
    deps: o,
    video: o.createVideo(),
    setTimer: o.setTimer ?? ((fn, ms) => setTimeout(fn, ms)),
    clearTimer: o.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)),
    uuid: o.uuid ?? (() => crypto.randomUUID()),
    now: o.now ?? (() => Date.now()),
    ui: () => store.get(proctoringUiAtom),
    patch: (p) => store.set(proctoringUiAtom, (s) => ({ ...s, ...p })),
    rules,
    checks: activeChecks(rules),
    disposed: false,
  };
}

/** What the candidate reads for a failed call. */
export const errorText = (error: unknown) =>
  error instanceof ApiError ? (error.isNetworkError ? messages.app.networkError : error.message) : messages.app.genericError;
