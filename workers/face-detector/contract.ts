// The face-detector worker: BlazeFace on the fastest tfjs backend this browser offers, fed camera
// frames at a configurable rate, turning detections into a debounced proctoring state.

export type FaceBackend = 'webgl' | 'wasm' | 'cpu';

/** A camera frame as the worker receives it. It is closed by the worker once used or dropped. */
export type CameraFrame = ImageBitmap | VideoFrame;

/** Raw RGBA pixels (an ImageData or the same shape), e.g. a decoded test image. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** A detected face; the box is normalised to the frame (0..1), so it fits any display size. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
  /**
   * BlazeFace's six keypoints, normalised to the frame like the box: right eye, left eye, nose,
   * mouth, right ear, left ear (as seen in the image). The liveness rule follows them.
   */
  landmarks?: Array<[number, number]>;
  /** What the liveness rule made of this face so far (liveness.ts); set on detections that feed the rule. */
  liveness?: 'live' | 'quiet' | 'still' | 'pending';
  /** Its motion over the liveness window, as a share of its width. */
  motion?: number;
}

export interface FaceDetection {
  /** Faces scoring at least `scoreThreshold`. */
  faceCount: number;
  faces: FaceBox[];
  /**
   * Scores of every candidate the model kept at its floor (`MODEL_SCORE_FLOOR`), highest first.
   * Lets a benchmark count faces for several thresholds from one inference.
   */
  candidateScores: number[];
  scoreThreshold: number;
  timing: {
    /** Frame -> letterboxed 128x128 pixels. */
    prepareMs: number;
    /** Model + NMS + reading the boxes back. */
    inferMs: number;
    totalMs: number;
  };
  /** The worker's performance.now() when the detection finished. */
  at: number;
  frameWidth: number;
  frameHeight: number;
}

/** BlazeFace keeps candidates from this score up; `scoreThreshold` filters above it. */
export const MODEL_SCORE_FLOOR = 0.5;

export interface FaceDetectorSettings {
  /**
   * Minimum BlazeFace score that counts as a face (MODEL_SCORE_FLOOR..1). Default 0.9, measured
   * (bench/README.md, face detection): a real face scores >= 0.97 in every fixture frame, while cluttered
   * face-free crops of the same portrait reach 0.99 and "see" a face in up to 87% of frames at 0.5,
   * 53% at 0.75 and 40% at 0.9. Only 0.9 keeps them below the temporal rule's majority.
   */
  scoreThreshold: number;
  /**
   * Detections per second while watching a camera; 0 = unthrottled (benchmarks). The most it runs
   * at: when detections overrun their budget the worker lowers its own rate (see `budgetShare`).
   */
  ratePerSecond: number;
  /**
   * Adaptive cost: the share of each interval a detection may take (median of recent ones) before the
   * worker steps its rate down, so a slow laptop keeps a core free for the page; it steps back up when
   * there is room again. 0 = a fixed rate.
   */
  budgetShare: number;
  /**
   * The rate never drops below what lets the temporal rule turn a no-face (or several faces) lasting
   * this long into a verdict (see adaptive-rate.ts, `rateFloor`).
   */
  catchMs: number;
  /** The temporal rule: the state is the majority verdict of the detections in this window. */
  windowMs: number;
  /** A verdict needs this many detections in the window (capped at what the rate can deliver). */
  minSamples: number;
  /** Consecutive failed detections that end in the `unavailable` state. */
  maxConsecutiveErrors: number;
  /** No camera frame for this long while watching -> `unavailable` (reason `no-frames`). */
  stallMs: number;
  /** Liveness (liveness.ts): how far back a face's motion is measured. */
  stillWindowMs: number;
  /** A face alone whose motion stays below this share of its width for a whole window is 'still'. */
  stillBelow: number;
  /** A face beside another counts as a second person once its motion reaches this share of its width. */
  liveAbove: number;
}

export const DEFAULT_FACE_SETTINGS: FaceDetectorSettings = {
  scoreThreshold: 0.9,
  ratePerSecond: 4,
  budgetShare: 0.5,
  catchMs: 3_000,
  windowMs: 2_000,
  minSamples: 3,
  maxConsecutiveErrors: 5,
  stallMs: 5_000,
  // Measured on the liveness fixtures (docs/proctoring.md, "A face that never moves"): still faces
  // 0.0009-0.0066, the quietest reader 0.0144-0.0267, a seated candidate 0.09-0.16, a poster's
  // jitter up to 0.018 (it is small). 0.008 keeps the reader 1.8x clear; 0.04 the poster 2.2x.
  stillWindowMs: 8_000,
  stillBelow: 0.008,
  liveAbove: 0.04,
};

/** The camera check samples faster, so its verdict appears sooner. */
export const CAMERA_CHECK_RATE = 10;

export interface LoadOptions {
  /** Candidates for the measured warm-up; default: every backend this browser can run. */
  backends?: FaceBackend[];
  /** Untimed runs per backend before the timed ones (shader compile, WASM tier-up). Default 2. */
  warmUpRuns?: number;
  /** Timed runs per backend; the fastest decides. Default 5. */
  timedRuns?: number;
  /**
   * Once a backend's fastest run is at or below this, the rest are not tried (default 30 ms: even at
   * 10/s the worker then idles 70% of the time). Saves WebGL's multi-second shader compile on
   * machines where WASM is already fast. 0 tries every candidate.
   */
  goodEnoughMs?: number;
  /**
   * Once a backend works and the warm-up has taken longer than this, the rest are not tried
   * (default 2000 ms; 0 = no budget). On a slow or busy machine WASM's own trial already takes
   * seconds, and WebGL there is mostly software (SwiftShader) whose shader compile then takes
   * minutes, while the camera check waits at 'Menyambungkan kamera…'.
   */
  warmUpBudgetMs?: number;
}

export interface BackendTrial {
  backend: FaceBackend;
  ok: boolean;
  /** setBackend + backend init (WASM compile, GL context). */
  initMs?: number;
  /** Building the model on this backend from the fetched artifacts. */
  modelMs?: number;
  /** The untimed warm-up runs together. */
  firstRunMs?: number;
  /** Median of the timed runs. */
  medianMs?: number;
  /**
   * Fastest timed run: the figure the choice is made on. Other tabs and processes only ever make a
   * run slower, so the minimum tracks what the backend can do better than the median.
   */
  minMs?: number;
  error?: string;
  /** Not tried: an earlier backend was already good enough. */
  skipped?: string;
}

export interface FaceDetectorInfo {
  backend: FaceBackend;
  /** Fetching model.json and the weights. */
  modelLoadMs: number;
  /** The whole measured warm-up over every candidate. */
  warmUpMs: number;
  trials: BackendTrial[];
  /** WASM only: SIMD build in use, and the thread count (threads need cross-origin isolation). */
  simd?: boolean;
  threads?: number;
  crossOriginIsolated: boolean;
}

/** The debounced proctoring verdict and the states around it: defined once in contracts/facts. */
import type { FaceMonitorState, FaceVerdict } from '../../contracts/facts/face-states.ts';
export type { FaceMonitorState, FaceVerdict };

export interface WindowCounts {
  ok: number;
  noFace: number;
  multiFace: number;
  /** Detections whose faces were all still (see the liveness rule). */
  still: number;
}

/** The rate the worker runs at; sent when it changes, and on every `configure`. */
export interface DetectorRate {
  /** Detections per second now. */
  ratePerSecond: number;
  /** The configured rate (`settings.ratePerSecond`): the most it runs at. */
  targetPerSecond: number;
  /** The least it may run at: what the temporal rule needs. */
  floorPerSecond: number;
  /** 'slow': detections overran their budget; 'recovered': there was room again; 'configured': settings. */
  cause: 'configured' | 'slow' | 'recovered';
  /** Median detection time (ms) over the detections that led to the change; null for 'configured'. */
  detectionMs: number | null;
  /** The worker's performance.now(). */
  at: number;
}

export type FaceDetectorEvent =
  | { type: 'loading' }
  | { type: 'ready'; info: FaceDetectorInfo }
  | { type: 'detection'; detection: FaceDetection }
  | { type: 'detector-rate'; rate: DetectorRate }
  /**
   * Sent when it changes: a face that did not move like a person was seen beside one that counts (a
   * poster, a photo on the desk). It is not counted as a second person; the reviewers get a note.
   */
  | { type: 'still-beside'; stillBeside: boolean; at: number }
  /** Sent when the state changes. `reason` explains `unavailable`. */
  | { type: 'state'; state: FaceMonitorState; at: number; window: WindowCounts; reason?: string };

export type FaceDetectorErrorCode =
  | 'not-loaded' // detect/watch before load
  | 'model-unavailable' // no backend could run the model
  | 'detection-failed'
  | 'unavailable' // gave up after repeated errors; call load() or watchFrames() again
  | 'invalid-argument';

export type DetectOutcome = { status: 'done'; detection: FaceDetection } | { status: 'dropped' };

export interface FaceDetectorStats {
  backend: FaceBackend | null;
  detections: number;
  dropped: number;
  errors: number;
  /** tf.memory().numTensors: must stay flat over a long run. */
  numTensors: number;
  /** The rate it runs at now (detections per second). */
  ratePerSecond: number;
  /**
   * Each detection's verdict since the worker started, counted (issue 27: the proctoring heartbeat
   * sends the difference every 15 s, so the main thread never counts detections itself).
   */
  verdicts: WindowCounts;
}

export interface FaceDetectorApi {
  /** Loads the model and picks a backend by a measured warm-up; emits `loading` then `ready`. */
  load(options?: LoadOptions): Promise<FaceDetectorInfo>;
  /** Changes settings at any time; returns the full settings in force. */
  configure(settings: Partial<FaceDetectorSettings>): FaceDetectorSettings;
  /**
   * Detects faces in one pushed frame (transfer it). A frame arriving while a detection runs is
   * dropped. The frame is closed either way. The result also feeds the temporal rule.
   */
  detectFrame(frame: CameraFrame): Promise<DetectOutcome>;
  /**
   * Pulls frames from a MediaStreamTrackProcessor's readable (transferred once) at `ratePerSecond`
   * and closes the rest. Returns at once; emits `camera-ended` when the stream ends.
   */
  watchFrames(readable: ReadableStream<VideoFrame>): void;
  /** Stops watching and resets the temporal rule; the state goes back to `idle`. */
  stop(): void;
  getStats(): FaceDetectorStats;
}
