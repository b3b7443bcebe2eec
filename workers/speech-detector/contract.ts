// The speech-detector worker: a voice-activity detector on the microphone's audio, which an
// AudioWorklet (public/worklets/speech-frames.js) posts straight to this worker over a MessagePort.
// Audio never leaves the device and never passes through the page's main thread: the page only gets
// events. The detector is WebRTC's VAD (libfvad compiled to WASM, @echogarden/fvad-wasm: 20 KB)
// behind a high-pass filter (vad-model.ts); Silero VAD on onnxruntime-web did the same job at about
// 100 MB more of the exam tab's memory (issue 26; both are compared in bench/README.md).

/** The detector's input rate: the worker resamples anything else to it. */
export const VAD_SAMPLE_RATE = 16_000;

/** Which voice-activity model runs: the worker's `webrtc`; `silero` only in the bench, for comparison. */
export type VadName = 'webrtc' | 'silero';

export interface SpeechDetectorSettings {
  /** A frame whose speech probability reaches this starts (or continues) speech. */
  positiveThreshold: number;
  /** Under this a frame counts as silence; between the two the state holds. */
  negativeThreshold: number;
  /** Silence that ends a segment. */
  redemptionMs: number;
  /** Segments with less speech than this are dropped as noise (a cough, a door). */
  minSpeechMs: number;
  /**
   * The word rule used when no transcript exists: words = max(1, round(speech ms / msPerWord)),
   * counting only frames over `positiveThreshold`. Calibrated on the espeak-ng fixtures for the
   * model that runs (bench/README.md, speech detection): 370 ms for WebRTC's VAD (Silero's was 400).
   */
  msPerWord: number;
}

export const DEFAULT_SPEECH_SETTINGS: SpeechDetectorSettings = {
  positiveThreshold: 0.5,
  negativeThreshold: 0.35,
  redemptionMs: 600,
  minSpeechMs: 250,
  msPerWord: 370,
};

/** Words estimated from a segment's speech time (see `SpeechDetectorSettings.msPerWord`). */
export function estimateWords(speechMs: number, msPerWord = DEFAULT_SPEECH_SETTINGS.msPerWord): number {
  return Math.max(1, Math.round(speechMs / msPerWord));
}

/** One stretch of speech; times are ms of audio since `listen`/`reset` (not wall-clock). */
export interface SpeechSegment {
  startMs: number;
  endMs: number;
  /** Frames over the positive threshold, in ms. */
  speechMs: number;
  words: number;
}

export interface SpeechDetectorInfo {
  modelLoadMs: number;
  backend: 'wasm';
  vad: VadName;
  /** The model's frame, in ms of audio at 16 kHz (segment times are whole frames). */
  frameMs: number;
}

export type SpeechDetectorEvent =
  | { type: 'loading' }
  | { type: 'ready'; info: SpeechDetectorInfo }
  | { type: 'speech-start'; atMs: number }
  | { type: 'segment'; segment: SpeechSegment }
  | { type: 'misfire'; atMs: number }
  | { type: 'ended'; reason: string };

export type SpeechDetectorErrorCode = 'not-loaded' | 'model-unavailable' | 'invalid-argument';

export interface SpeechDetectorStats {
  frames: number;
  segments: number;
  misfires: number;
  /** Sum of inference time over all frames. */
  inferMs: number;
}

export interface SpeechDetectorApi {
  /** Loads the model once; emits `loading` then `ready`. */
  load(): Promise<SpeechDetectorInfo>;
  configure(settings: Partial<SpeechDetectorSettings>): SpeechDetectorSettings;
  /**
   * Takes the AudioWorklet's port (transferred): it posts `{ type: 'audio', samples, sampleRate }`
   * messages; samples are resampled to 16 kHz here. Replaces a previous port.
   */
  listen(port: MessagePort): void;
  /** Feeds samples directly (tests, benchmarks); resolves with the segments they completed. */
  pushAudio(samples: Float32Array, sampleRate: number): Promise<SpeechSegment[]>;
  /** Ends the open segment (emits it if long enough) and forgets the state. */
  flush(): SpeechSegment[];
  /** Stops listening (closes the port) and resets the state; the model stays loaded. */
  stop(): void;
  getStats(): SpeechDetectorStats;
}
