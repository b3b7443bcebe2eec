// Proctoring state on the one store. Set only by the bridges and adapters (src/workers/face-detector.ts,
// speech-recognition.ts, mic-level.ts); components read them.
import { atom } from 'jotai';
import type {
  FaceBackend,
  FaceBox,
  FaceDetection,
  FaceDetectorInfo,
  FaceMonitorState,
  WindowCounts,
} from '../../../workers/face-detector/contract.ts';

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
