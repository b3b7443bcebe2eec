// Proctoring state on the one store. Set only by the bridges and adapters (src/workers/face-detector.ts,
// speech-recognition.ts, mic-level.ts) and the section's proctoring session; components read them.
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { ExamSectionName } from '../../../contracts/exam-import.ts';
import type { CounterKind } from '../../../contracts/proctoring.ts';
import { storageKeys } from '../../lib/storage-keys.ts';
import type {
  FaceBackend,
  FaceBox,
  FaceDetection,
  FaceDetectorInfo,
  FaceMonitorState,
  WindowCounts,
} from '../../../workers/face-detector/contract.ts';
import type { ActiveChecks } from './rules.ts';

export interface FaceState {
  /** idle | loading | ok | no-face | multi-face | unavailable | camera-ended */
  state: FaceMonitorState;
  /** Faces of the last detection, boxes normalised to the frame (0..1). */
  faces: FaceBox[];
  backend: FaceBackend | null;
  lastDetection: FaceDetection | null;
  /** The temporal rule's window at the last state change. */
  window: WindowCounts;
  /** Why the state is `unavailable` (or the bridge's error code when the worker died). */
  reason: string | null;
  /** Date.now() of the last state change. */
  since: number | null;
}

export const initialFaceState: FaceState = {
  state: 'idle',
  faces: [],
  backend: null,
  lastDetection: null,
  window: { ok: 0, noFace: 0, multiFace: 0 },
  reason: null,
  since: null,
};

export const faceStateAtom = atom<FaceState>(initialFaceState);

/** The chosen backend and the warm-up figures behind the choice; null until the model loaded. */
export const faceDetectorInfoAtom = atom<FaceDetectorInfo | null>(null);

export interface SpeechSentence {
  text: string;
  words: number;
  /** Date.now() when it was recognised. */
  at: number;
}

export interface SpeechState {
  /** idle | listening | unavailable (no API) | denied (microphone refused) | error */
  status: 'idle' | 'listening' | 'unavailable' | 'denied' | 'error';
  /** Recognised (final) sentences, newest last; the last 50 are kept. */
  sentences: SpeechSentence[];
  /** Words in all final sentences since start. */
  wordCount: number;
  /** The sentence being spoken now (interim result), '' when none. */
  interim: string;
  /** Date.now() of the last result, final or interim. */
  lastHeardAt: number | null;
  /** The message to show: the spec's 'not available' text, or the recogniser's error. */
  message: string | null;
}

export const initialSpeechState: SpeechState = {
  status: 'idle',
  sentences: [],
  wordCount: 0,
  interim: '',
  lastHeardAt: null,
  message: null,
};

export const speechAtom = atom<SpeechState>(initialSpeechState);

export interface MicLevel {
  /** Running: levels are arriving. */
  active: boolean;
  /** RMS of the last ~100 ms, 0..1. */
  rms: number;
  /** Peak absolute sample of the last ~100 ms, 0..1. */
  peak: number;
  /** 20·log10(rms), floored at -100. */
  db: number;
  /** Date.now() of the last level. */
  at: number | null;
  error: string | null;
}

export const initialMicLevel: MicLevel = { active: false, rms: 0, peak: 0, db: -100, at: null, error: null };

export const micLevelAtom = atom<MicLevel>(initialMicLevel);

// ---- the section's proctoring (src/features/proctoring/proctoring-session.ts sets these) ----------

/** Which warning dialog: a tab/page leave, a face problem or speech (spec 8's warning dialogs). */
export type ViolationVariant = 'tab' | 'no-face' | 'multi-face' | 'speech';

export interface RaisedViolation {
  /** The report's violation_id (reused on retries). */
  id: string;
  kind: CounterKind;
  variant: ViolationVariant;
  /** The transcript (speech). */
  text: string;
  /** The counter once this one is acknowledged. */
  count: number;
  /** This kind ends the test at the limit (institution rule); false: a warning only. */
  endsTest: boolean;
}

export interface StopState {
  /** The counter that ended the test; null when the server said so without a kind. */
  kind: CounterKind | null;
  /** Posting the disqualified answers, failed (resend), or done (the candidate may go on). */
  status: 'posting' | 'failed' | 'done';
  message: string | null;
}

/** What keeps the section unwatched (the candidate sees it; the server gets a proctoring event). */
export type MonitoringProblem = 'camera-denied' | 'camera-ended' | 'detector-unavailable';

export interface PhotoGateState {
  busy: boolean;
  error: string | null;
}

export interface ProctoringUiState {
  /** The checks running in this section (null until the rules are known). */
  checks: ActiveChecks | null;
  dialog: RaisedViolation | null;
  stop: StopState | null;
  problem: MonitoringProblem | null;
  /** Face problems while the face counter is off: the 'tidak stabil' snackbar. */
  unstable: boolean;
  /** The 'Ambil Gambar' block at submission; null when closed. */
  gate: PhotoGateState | null;
}

export const initialProctoringUi: ProctoringUiState = { checks: null, dialog: null, stop: null, problem: null, unstable: false, gate: null };

export const proctoringUiAtom = atom<ProctoringUiState>(initialProctoringUi);

/** Uploaded photo ids of one order, per section; persisted so a reload keeps them for `images`. */
export interface PhotoRecord {
  order_id: string;
  sections: Partial<Record<ExamSectionName, string[]>>;
}

export const emptyPhotoRecord: PhotoRecord = { order_id: '', sections: {} };

export const photoRecordAtom = atomWithStorage<PhotoRecord>(
  storageKeys.proctoringPhotos, emptyPhotoRecord, createJSONStorage<PhotoRecord>(() => localStorage), { getOnInit: true });
