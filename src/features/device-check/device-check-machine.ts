// The device check as a pure state machine (spec accounts 4, test sections 4.1): the seven layers
// audio 1-2, camera 1-2, microphone 1-2 and start, the two 10-second countdowns, the face-count
// violations, and when the postpone/continue dialog opens. Components feed it events from the
// camera, the face detector's atom, the speech atom and the timers; it decides, so the rules are
// unit-tested without a browser.
import type { FaceMonitorState } from '../../../workers/face-detector/contract.ts';
import type { Requirements } from './requirements.ts';
import { VIOLATION_LIMIT } from '../../../contracts/facts/index.ts';

export type Layer = 'audio-1' | 'audio-2' | 'camera-1' | 'camera-2' | 'mic-1' | 'mic-2' | 'start';
export type Device = 'audio' | 'camera' | 'microphone';
/** `device-check` runs every layer; the separate checks (spec screen 14) run a part each. */
export type CheckMode = 'full' | 'headset' | 'webcam';

export const MODE_LAYERS: Record<CheckMode, Layer[]> = {
  full: ['audio-1', 'audio-2', 'camera-1', 'camera-2', 'mic-1', 'mic-2', 'start'],
  // Its 'next' leads to the webcam check (the component navigates when `finished`).
  headset: ['audio-1', 'audio-2'],
  webcam: ['camera-1', 'camera-2', 'mic-1', 'mic-2', 'start'],
};

export const DEVICE_OF: Record<Layer, Device> = {
  'audio-1': 'audio', 'audio-2': 'audio', 'camera-1': 'camera', 'camera-2': 'camera',
  'mic-1': 'microphone', 'mic-2': 'microphone', start: 'microphone',
};

/** Spec 9: camera countdown 10 s, microphone countdown 10 s. */
export const CAMERA_COUNTDOWN_S = 10;
export const MIC_COUNTDOWN_S = 10;
/** Spec 4: the camera failure dialog shows once face-count violations reach 3. */
export const MAX_FACE_VIOLATIONS = VIOLATION_LIMIT;

export type CameraFailure = 'denied' | 'not-found' | 'error';

export interface CameraCheck {
  /** idle until the camera is asked for; detecting once the stream plays and the detector runs. */
  status: 'idle' | 'connecting' | 'detecting' | CameraFailure;
  /** The face detector's temporal-rule state. */
  face: FaceMonitorState;
  /** Changes of that state into no-face or multi-face during the check. */
  violations: number;
  countdown: number;
  /** The countdown ended (or the camera failed): 'continue' is enabled. */
  done: boolean;
  /** What failed, as reported with continue-anyway; null when the check passed. */
  failure: string | null;
}

export interface MicCheck {
  status: 'idle' | 'listening' | 'unsupported' | 'denied';
  countdown: number;
  heard: boolean;
  done: boolean;
  failure: string | null;
}

export interface DeviceCheckState {
  mode: CheckMode;
  layers: Layer[];
  layer: Layer;
  req: Requirements;
  audio: { status: 'idle' | 'playing' | 'played' | 'failed' };
  camera: CameraCheck;
  mic: MicCheck;
  /** The postpone/continue dialog, with what failed. */
  dialog: { device: Device; problem: string } | null;
  /** Devices the candidate chose to continue with although they failed (reported to the server). */
  continuedAnyway: Device[];
  /** Headset mode: past its last layer (the component goes to the webcam check). */
  finished: boolean;
}

export type DeviceCheckEvent =
  | { type: 'next' }
  | { type: 'audio-playing' }
  | { type: 'audio-played' }
  | { type: 'audio-failed' }
  | { type: 'camera-connecting' }
  | { type: 'camera-connected' }
  | { type: 'camera-failed'; reason: CameraFailure }
  | { type: 'face-state'; state: FaceMonitorState }
  | { type: 'camera-tick' }
  | { type: 'mic-listening' }
  | { type: 'mic-failed'; reason: 'unsupported' | 'denied' }
  | { type: 'speech-heard' }
  | { type: 'mic-tick' }
  /** The device report was stored: close the dialog and go on. */
  | { type: 'continue-anyway' }
  | { type: 'start-failed' };

export function initialDeviceCheck(mode: CheckMode, req: Requirements): DeviceCheckState {
  const layers = MODE_LAYERS[mode];
  return {
    mode,
    layers,
    layer: layers[0]!,
    req,
    audio: { status: 'idle' },
    camera: { status: 'idle', face: 'idle', violations: 0, countdown: CAMERA_COUNTDOWN_S, done: false, failure: null },
    mic: { status: 'idle', countdown: MIC_COUNTDOWN_S, heard: false, done: false, failure: null },
    dialog: null,
    continuedAnyway: [],
    finished: false,
  };
}

const isViolation = (s: FaceMonitorState) => s === 'no-face' || s === 'multi-face';

/** Why the camera check failed at the end of its countdown, or null when it passed. */
export function cameraFailure(camera: CameraCheck, req: Requirements): string | null {
  if (camera.face === 'camera-ended') return 'camera-ended';
  if (!req.face) return null;
  if (camera.violations >= MAX_FACE_VIOLATIONS) return `face-violations; last=${camera.face}; violations=${camera.violations}`;
  // Spec: "no face was detected at the end of the countdown" — anything but exactly one face.
  // A still face (issue 27: a photo?) is still a face here; liveness is evidence for the reviewers.
  if (camera.face !== 'ok' && camera.face !== 'still') return `${camera.face === 'loading' || camera.face === 'idle' ? 'no-verdict' : camera.face}; violations=${camera.violations}`;
  return null;
}

/** Whether the primary button of the current layer is enabled. */
export function canContinue(s: DeviceCheckState): boolean {
  switch (s.layer) {
    case 'audio-1':
    case 'camera-1':
      return true;
    case 'audio-2':
      return s.audio.status !== 'idle'; // once the sample started (or could not)
    case 'camera-2':
      return s.camera.done;
    case 'mic-1':
      return false; // the microphone button moves on
    case 'mic-2':
      return s.mic.heard || !s.req.voice || s.continuedAnyway.includes('microphone');
    case 'start':
      return false;
  }
}

function failureOf(s: DeviceCheckState, device: Device): string | null {
  if (s.continuedAnyway.includes(device)) return null;
  if (device === 'audio') return s.audio.status === 'failed' ? 'play-failed' : null;
  if (device === 'camera') return s.req.camera ? s.camera.failure : null;
  return s.req.voice ? s.mic.failure : null;
}

function advance(s: DeviceCheckState): DeviceCheckState {
  const i = s.layers.indexOf(s.layer);
  let next = s.layers[i + 1];
  // No camera required: the video step is skipped ('Kamera tidak di wajibkan').
  if (next === 'camera-2' && !s.req.camera) next = s.layers[i + 2];
  if (!next) return { ...s, finished: true };
  return { ...s, layer: next };
}

function openDialog(s: DeviceCheckState, device: Device, problem: string): DeviceCheckState {
  return { ...s, dialog: { device, problem } };
}

export function deviceCheckReducer(s: DeviceCheckState, e: DeviceCheckEvent): DeviceCheckState {
  switch (e.type) {
    case 'next': {
      if (s.dialog || !canContinue(s)) return s;
      const device = DEVICE_OF[s.layer];
      const problem = s.layer === 'audio-1' || s.layer === 'camera-1' ? null : failureOf(s, device);
      return problem ? openDialog(s, device, problem) : advance(s);
    }
    case 'audio-playing':
      return { ...s, audio: { status: s.audio.status === 'played' ? 'played' : 'playing' } };
    case 'audio-played':
      return { ...s, audio: { status: 'played' } };
    case 'audio-failed':
      return s.audio.status === 'played' ? s : { ...s, audio: { status: 'failed' } };

    case 'camera-connecting':
      return { ...s, camera: { ...initialDeviceCheck(s.mode, s.req).camera, status: 'connecting' } };
    case 'camera-connected':
      if (s.camera.status !== 'connecting') return s;
      return { ...s, camera: { ...s.camera, status: 'detecting', countdown: CAMERA_COUNTDOWN_S } };
    case 'camera-failed': {
      const failure = e.reason === 'denied' ? 'permission-denied' : e.reason === 'not-found' ? 'camera-not-found' : 'camera-error';
      return { ...s, camera: { ...s.camera, status: e.reason, done: true, failure } };
    }
    case 'face-state': {
      if (e.state === s.camera.face) return s;
      // Counted per change of the temporal rule's verdict, so one bad frame is never a violation.
      const violations = s.camera.violations + (s.camera.status === 'detecting' && isViolation(e.state) ? 1 : 0);
      return { ...s, camera: { ...s.camera, face: e.state, violations } };
    }
    case 'camera-tick': {
      if (s.camera.status !== 'detecting' || s.camera.done) return s;
      const countdown = Math.max(0, s.camera.countdown - 1);
      if (countdown > 0) return { ...s, camera: { ...s.camera, countdown } };
      const camera = { ...s.camera, countdown, done: true, failure: cameraFailure(s.camera, s.req) };
      const next = { ...s, camera };
      return camera.failure && s.req.camera ? openDialog(next, 'camera', camera.failure) : next;
    }

    case 'mic-listening':
      if (s.layer !== 'mic-1') return s;
      return { ...s, layer: 'mic-2', mic: { ...s.mic, status: 'listening', countdown: MIC_COUNTDOWN_S, done: false } };
    case 'mic-failed': {
      const failure = e.reason === 'unsupported' ? 'speech-unsupported' : 'microphone-denied';
      const next: DeviceCheckState = {
        ...s,
        layer: s.layer === 'mic-1' ? 'mic-2' : s.layer,
        mic: { ...s.mic, status: e.reason, done: true, failure },
      };
      // Nothing to wait for: without recognition no speech can come.
      return s.req.voice && !s.mic.heard ? openDialog(next, 'microphone', failure) : next;
    }
    case 'speech-heard':
      return s.mic.heard ? s : { ...s, mic: { ...s.mic, heard: true, failure: null } };
    case 'mic-tick': {
      if (s.mic.status !== 'listening' || s.mic.done) return s;
      const countdown = Math.max(0, s.mic.countdown - 1);
      if (countdown > 0) return { ...s, mic: { ...s.mic, countdown } };
      const failure = s.mic.heard ? null : 'no-speech';
      const next = { ...s, mic: { ...s.mic, countdown, done: true, failure } };
      return failure && s.req.voice ? openDialog(next, 'microphone', failure) : next;
    }

    case 'continue-anyway': {
      if (!s.dialog) return s;
      const device = s.dialog.device;
      const next = { ...s, dialog: null, continuedAnyway: [...new Set([...s.continuedAnyway, device])] };
      // The dialog came from this device's layer: go on past it (the microphone's 'go on' is the start).
      return DEVICE_OF[s.layer] === device ? advance(next) : next;
    }
    case 'start-failed':
      return s.layer === 'start' ? { ...s, layer: 'mic-2' } : s;
  }
}
