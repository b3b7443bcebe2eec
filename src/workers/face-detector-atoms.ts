// Face detection on the one store. Set only by the face-detector bridge (./face-detector.ts) from the
// worker's events; the device check and proctoring read it.
import { atom } from 'jotai';
import type {
  DetectorRate,
  FaceBackend,
  FaceBox,
  FaceDetection,
  FaceDetectorInfo,
  FaceMonitorState,
  WindowCounts,
} from '../../workers/face-detector/contract.ts';

export interface FaceState {
  /** idle | loading | ok | no-face | multi-face | still | unavailable | camera-ended (contracts/facts/face-states.ts) */
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
  /** A face that does not move like a person is seen beside one that counts (not a second person). */
  stillBeside: boolean;
}

export const initialFaceState: FaceState = {
  state: 'idle',
  faces: [],
  backend: null,
  lastDetection: null,
  window: { ok: 0, noFace: 0, multiFace: 0, still: 0 },
  reason: null,
  since: null,
  stillBeside: false,
};

export const faceStateAtom = atom<FaceState>(initialFaceState);

/**
 * Only the state (and the still-beside signal): a component reading this re-renders when they
 * change, not on every detection as `faceStateAtom` changes.
 */
export const faceMonitorStateAtom = atom((get) => get(faceStateAtom).state);
export const faceStillBesideAtom = atom((get) => get(faceStateAtom).stillBeside);

/** The chosen backend and the warm-up figures behind the choice; null until the model loaded. */
export const faceDetectorInfoAtom = atom<FaceDetectorInfo | null>(null);

/**
 * The rate the detector runs at: lowered by the worker when detections overrun their budget (slow
 * laptop), raised back when there is room. Null until the first `configure`.
 */
export const faceDetectorRateAtom = atom<DetectorRate | null>(null);
