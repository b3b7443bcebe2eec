// A voice-activity model over 16 kHz frames (vad-model.ts: WebRTC's VAD in the worker) and the
// segmenter (segmenter.ts: thresholds, redemption, minimum speech) turn audio into speech segments,
// each with its words estimated by the documented rule (contract.ts, `estimateWords`). Runs in the
// worker and, in Node, in tests and the bench (which also runs Silero VAD through it, to compare).
import { Resampler } from '@ricky0123/vad-web/dist/resampler.js';
import { WorkerError } from '../_shared/worker-error.ts';
import { DEFAULT_SPEECH_SETTINGS, estimateWords, VAD_SAMPLE_RATE } from './contract.ts';
import type {
  SpeechDetectorApi,
  SpeechDetectorEvent,
  SpeechDetectorInfo,
  SpeechDetectorSettings,
  SpeechDetectorStats,
  SpeechSegment,
  VadName,
} from './contract.ts';
import { createSegmenter } from './segmenter.ts';
import type { Segmenter, SegmenterEvent, SegmenterOptions } from './segmenter.ts';
import type { VadModel } from './vad-model.ts';

export interface SpeechDetectorDeps {
  emit: (event: SpeechDetectorEvent) => void;
  /** Loads the model once (the worker: fetches and instantiates libfvad's WASM). */
  loadModel: () => Promise<VadModel>;
  vad: VadName;
  now?: () => number;
}

interface AudioMessage {
  type: 'audio';
  samples: Float32Array;
  sampleRate: number;
}

export function createSpeechDetector({ emit, loadModel, vad, now = () => performance.now() }: SpeechDetectorDeps): SpeechDetectorApi {
  let settings: SpeechDetectorSettings = { ...DEFAULT_SPEECH_SETTINGS };
  let loaded: Promise<SpeechDetectorInfo> | null = null;
  let model: VadModel | null = null;
  /** ms of audio per model frame, known once the model is loaded. */
  let frameMs = 0;
  let segmenter: Segmenter | null = null;
  let resampler: { rate: number; r: Resampler } | null = null;
  let port: MessagePort | null = null;
  let frameIndex = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const stats: SpeechDetectorStats = { frames: 0, segments: 0, misfires: 0, inferMs: 0 };

  const segmenterOptions = (): SegmenterOptions => ({
    positiveThreshold: settings.positiveThreshold,
    negativeThreshold: settings.negativeThreshold,
    redemptionFrames: Math.floor(settings.redemptionMs / frameMs),
    minSpeechFrames: Math.floor(settings.minSpeechMs / frameMs),
    minRunFrames: model?.minRunFrames ?? 1,
  });

  function handle(event: SegmenterEvent | null, done: SpeechSegment[]): void {
    if (!event) return;
    switch (event.type) {
      case 'start':
        emit({ type: 'speech-start', atMs: event.frame * frameMs });
        break;
      case 'misfire':
        stats.misfires++;
        emit({ type: 'misfire', atMs: event.frame * frameMs });
        break;
      case 'end': {
        const speechMs = event.speechFrames * frameMs;
        const segment = {
          startMs: event.start * frameMs,
          endMs: (event.end + 1) * frameMs,
          speechMs,
          words: estimateWords(speechMs, settings.msPerWord),
        };
        stats.segments++;
        done.push(segment);
        emit({ type: 'segment', segment });
        break;
      }
    }
  }

  async function processFrames(frames: Float32Array[]): Promise<SpeechSegment[]> {
    const done: SpeechSegment[] = [];
    if (!model || !segmenter) return done;
    for (const frame of frames) {
      const t0 = now();
      const probability = await model.process(frame);
      stats.inferMs += now() - t0;
      handle(segmenter.push(probability, frameIndex), done);
      stats.frames++;
      frameIndex++;
    }
    return done;
  }

  function toFrames(samples: Float32Array, sampleRate: number): Float32Array[] {
    if (!resampler || resampler.rate !== sampleRate) {
      resampler = {
        rate: sampleRate,
        r: new Resampler({ nativeSampleRate: sampleRate, targetSampleRate: VAD_SAMPLE_RATE, targetFrameSize: model!.frameSamples }),
      };
    }
    return resampler.r.process(samples);
  }

  /** Frames run one after another, in arrival order, whatever their source. */
  function enqueue(samples: Float32Array, sampleRate: number): Promise<SpeechSegment[]> {
    if (!segmenter) return Promise.reject(new WorkerError('not-loaded', 'call load() first'));
    if (!(samples instanceof Float32Array) || !(sampleRate > 0)) {
      return Promise.reject(new WorkerError('invalid-argument', 'samples must be a Float32Array with a positive sampleRate'));
    }
    const run = queue.then(() => processFrames(toFrames(samples, sampleRate)));
    queue = run.catch(() => undefined);
    return run;
  }

  function resetState(): void {
    model?.reset();
    segmenter?.reset();
    resampler = null;
    frameIndex = 0;
  }

  const api: SpeechDetectorApi = {
    load() {
      loaded ??= (async () => {
        emit({ type: 'loading' });
        const t0 = now();
        try {
          model = await loadModel();
        } catch (error) {
          loaded = null;
          throw new WorkerError('model-unavailable', `the voice-activity model failed to load: ${String(error)}`);
        }
        frameMs = (model.frameSamples * 1000) / VAD_SAMPLE_RATE;
        segmenter = createSegmenter(segmenterOptions());
        const info: SpeechDetectorInfo = { modelLoadMs: now() - t0, backend: 'wasm', vad, frameMs };
        emit({ type: 'ready', info });
        return info;
      })();
      return loaded;
    },

    configure(patch) {
      settings = { ...settings, ...patch };
      segmenter?.setOptions(segmenterOptions());
      return { ...settings };
    },

    listen(next) {
      if (!segmenter) throw new WorkerError('not-loaded', 'call load() first');
      api.stop();
      port = next;
      next.onmessage = (event: MessageEvent<AudioMessage>) => {
        const data = event.data;
        if (data?.type === 'audio') void enqueue(data.samples, data.sampleRate).catch(() => undefined);
        else if (data?.type === 'ended') emit({ type: 'ended', reason: 'track-ended' });
      };
      next.start();
    },

    pushAudio: (samples, sampleRate) => enqueue(samples, sampleRate),

    flush() {
      const done: SpeechSegment[] = [];
      handle(segmenter?.flush(frameIndex) ?? null, done);
      resetState();
      return done;
    },

    stop() {
      if (port) {
        port.onmessage = null;
        port.close();
        port = null;
      }
      resetState();
    },

    getStats: () => ({ ...stats }),
  };
  return api;
}
