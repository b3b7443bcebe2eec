// Face detection on the one store. Set only by the face-detector bridge (./face-detector.ts) from the
// worker's events; the device check and proctoring read it.
import { atom } from 'jotai';
import type {
  DetectorRate,
  FaceBackend,
  FaceDetection,
  FaceDetectorInfo,
  FaceMonitorState,
  WindowCounts,
} from '../../workers/face-detector/contract.ts';

export interface FaceState {
  /** idle | loading | ok | no-face | multi-face | still | unavailable | camera-ended (contracts/facts/face-states.ts) */
  state: FaceMonitorState;
  backend: FaceBackend | null;
  /** The temporal rule's window at the last state change. */
  window: WindowCounts;
  /** Why the state is `unavailable` (or the bridge's error code when the worker died). */
  reason: string | null;
  /** Date.now() of the last state change. */
  since: number | null;
  /** A face that does not move like a person is seen beside one that counts (not a second person). */
  stillBeside: boolean;
}

export const initialFaceState: FaceState = {
  state: 'idle',
  backend: null,
  window: { ok: 0, noFace: 0, multiFace: 0, still: 0 },
  reason: null,
  since: null,
  stillBeside: false,
};

/** Changes only with the state (a few times a section), not with each detection. */
export const faceStateAtom = atom<FaceState>(initialFaceState);

/**
 * The last detection (4 a second in a section), apart from the state so that nothing subscribed to
 * the state runs for each one (issue 26): during a section nothing on the page reads it; the
 * face-detection bench does. Its `faces` are boxes normalised to the frame (0..1).
 */
export const lastFaceDetectionAtom = atom<FaceDetection | null>(null);

/** Only the state (and the still-beside signal), for components that show nothing else. */
export const faceMonitorStateAtom = atom((get) => get(faceStateAtom).state);
export const faceStillBesideAtom = atom((get) => get(faceStateAtom).stillBeside);

/** The chosen backend and the warm-up figures behind the choice; null until the model loaded. */
export const faceDetectorInfoAtom = atom<FaceDetectorInfo | null>(null);

/**
 * The rate the detector runs at: lowered by the worker when detections overrun their budget (slow
 * laptop), raised back when there is room. Null until the first `configure`.
 */
export const faceDetectorRateAtom = atom<DetectorRate | null>(null);
