// The voice-activity model behind the speech detector: one speech probability per frame of 16 kHz
// audio. The worker's is WebRTC's VAD (libfvad in WASM, `@echogarden/fvad-wasm`): a 20 KB module and
// a few KB of state, where Silero VAD on onnxruntime-web cost the exam tab about 100 MB (a 14 MB WASM
// module compiled, its heap and the model; issue 26). Its decisions are 0 or 1 per 30 ms frame.
//
// Two things in front of it, both measured on the speech fixtures (bench/README.md, speech detection):
// - a high-pass filter at 300 Hz (two 2nd-order Butterworth sections): WebRTC's VAD takes the
//   low-frequency rumble of a fan for speech in every frame; speech keeps its formants above it.
// - a warm-up: for its first frames after a reset the VAD's noise model still has its defaults and it
//   calls any room noise speech, so the first `WARM_UP_FRAMES` decisions are read as silence (they
//   still teach the VAD the room).

export interface VadModel {
  /** Samples per frame at 16 kHz. */
  frameSamples: number;
  /** Speech counts only in runs of this many frames in a row (segmenter.ts); 1 takes every frame. */
  minRunFrames: number;
  /** The frame's speech probability, 0..1 (Silero's, in the bench, comes asynchronously). */
  process(frame: Float32Array): number | Promise<number>;
  /** Forgets the audio so far (a new stream). */
  reset(): void;
}

/** The part of the Emscripten module of `@echogarden/fvad-wasm` used here. */
export interface FvadModule {
  HEAP16: Int16Array;
  _malloc(bytes: number): number;
  _fvad_new(): number;
  _fvad_reset(inst: number): void;
  _fvad_set_mode(inst: number, mode: number): number;
  _fvad_set_sample_rate(inst: number, rate: number): number;
  _fvad_process(inst: number, frame: number, length: number): number;
}

export const WEBRTC_VAD_FRAME_MS = 30;
/** libfvad's aggressiveness, 0..3: 3 calls the fewest frames speech. */
export const WEBRTC_VAD_MODE = 3;
export const HIGH_PASS_HZ = 300;
export const WARM_UP_FRAMES = 10;
/** 150 ms: a click or a beep is 3-4 frames of WebRTC's VAD, a spoken word 5 and more (segmenter.ts). */
export const WEBRTC_MIN_RUN_FRAMES = 5;

/** A 2nd-order Butterworth high-pass section (the RBJ audio-EQ cookbook's coefficients), in place. */
function highPassSection(cutoffHz: number, sampleRate: number) {
  const w = (2 * Math.PI * cutoffHz) / sampleRate;
  const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const b0 = (1 + cos) / 2 / a0;
  const b1 = -(1 + cos) / a0;
  const a1 = (-2 * cos) / a0;
  const a2 = (1 - alpha) / a0;
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0;
  return {
    run(x: Float32Array): void {
      for (let i = 0; i < x.length; i++) {
        const x0 = x[i]!;
        const y0 = b0 * x0 + b1 * x1 + b0 * x2 - a1 * y1 - a2 * y2;
        x2 = x1; x1 = x0; y2 = y1; y1 = y0;
        x[i] = y0;
      }
    },
    reset(): void {
      x1 = x2 = y1 = y2 = 0;
    },
  };
}

export function createWebRtcVad(fvad: FvadModule, sampleRate = 16_000): VadModel {
  const frameSamples = (sampleRate * WEBRTC_VAD_FRAME_MS) / 1000;
  const inst = fvad._fvad_new();
  if (!inst) throw new Error('fvad_new failed');
  const ptr = fvad._malloc(frameSamples * 2);
  const filters = [highPassSection(HIGH_PASS_HZ, sampleRate), highPassSection(HIGH_PASS_HZ, sampleRate)];
  const scratch = new Float32Array(frameSamples);
  let frames = 0;
  const configure = () => {
    if (fvad._fvad_set_mode(inst, WEBRTC_VAD_MODE) || fvad._fvad_set_sample_rate(inst, sampleRate)) throw new Error('fvad settings refused');
  };
  configure();
  return {
    frameSamples,
    minRunFrames: WEBRTC_MIN_RUN_FRAMES,
    process(frame) {
      if (frame.length !== frameSamples) throw new Error(`a frame is ${frameSamples} samples, not ${frame.length}`);
      scratch.set(frame);
      for (const f of filters) f.run(scratch);
      // The heap view is taken per frame: the module's memory may have grown (and the old view detached).
      const pcm = new Int16Array(fvad.HEAP16.buffer, ptr, frameSamples);
      for (let i = 0; i < frameSamples; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(scratch[i]! * 32767)));
      const speech = fvad._fvad_process(inst, ptr, frameSamples);
      if (speech < 0) throw new Error('fvad_process failed');
      return frames++ < WARM_UP_FRAMES ? 0 : speech;
    },
    reset() {
      fvad._fvad_reset(inst);
      configure();
      for (const f of filters) f.reset();
      frames = 0;
    },
  };
}
