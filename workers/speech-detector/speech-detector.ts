// A voice-activity model over 16 kHz frames (vad-model.ts: WebRTC's VAD in the worker) and
// vad-web's FrameProcessor (thresholds, redemption, minimum speech) turn audio into speech segments,
// each with its words estimated by the documented rule (contract.ts, `estimateWords`). Runs in the
// worker and, in Node, in tests and the bench (which also runs Silero VAD through it, to compare).
import { FrameProcessor } from '@ricky0123/vad-web/dist/frame-processor.js';
import type { FrameProcessorEvent } from '@ricky0123/vad-web/dist/frame-processor.js';
import { Message } from '@ricky0123/vad-web/dist/messages.js';
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

/** The open segment: where it began and how many of its frames were speech. */
interface Open {
  startFrame: number;
  speechFrames: number;
}

export function createSpeechDetector({ emit, loadModel, vad, now = () => performance.now() }: SpeechDetectorDeps): SpeechDetectorApi {
  let settings: SpeechDetectorSettings = { ...DEFAULT_SPEECH_SETTINGS };
  let loaded: Promise<SpeechDetectorInfo> | null = null;
  let model: VadModel | null = null;
  /** ms of audio per model frame, known once the model is loaded. */
  let frameMs = 0;
  let processor: FrameProcessor | null = null;
  let resampler: { rate: number; r: Resampler } | null = null;
  let port: MessagePort | null = null;
  let frameIndex = 0;
  let open: Open | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const stats: SpeechDetectorStats = { frames: 0, segments: 0, misfires: 0, inferMs: 0 };

  const processorOptions = () => ({
    positiveSpeechThreshold: settings.positiveThreshold,
    negativeSpeechThreshold: settings.negativeThreshold,
    redemptionMs: settings.redemptionMs,
    preSpeechPadMs: 0,
    minSpeechMs: settings.minSpeechMs,
    submitUserSpeechOnPause: false,
  });

  function handle(event: FrameProcessorEvent, done: SpeechSegment[]): void {
    switch (event.msg) {
      case Message.FrameProcessed:
        if (open && event.probs.isSpeech >= settings.positiveThreshold) open.speechFrames++;
        break;
      case Message.SpeechStart:
        // FrameProcessed for this frame came first, uncounted: it is speech by definition.
        open = { startFrame: frameIndex, speechFrames: 1 };
        emit({ type: 'speech-start', atMs: frameIndex * frameMs });
        break;
      case Message.VADMisfire:
        stats.misfires++;
        emit({ type: 'misfire', atMs: frameIndex * frameMs });
        open = null;
        break;
      case Message.SpeechEnd: {
        const startFrame = open?.startFrame ?? frameIndex;
        const speechMs = (open?.speechFrames ?? 1) * frameMs;
        const segment = {
          startMs: startFrame * frameMs,
          endMs: (frameIndex + 1) * frameMs,
          speechMs,
          words: estimateWords(speechMs, settings.msPerWord),
        };
        open = null;
        stats.segments++;
        done.push(segment);
        emit({ type: 'segment', segment });
        break;
      }
      default:
        break;
    }
  }

  async function processFrames(frames: Float32Array[]): Promise<SpeechSegment[]> {
    const done: SpeechSegment[] = [];
    if (!processor) return done;
    for (const frame of frames) {
      const t0 = now();
      await processor.process(frame, (event) => handle(event, done));
      stats.inferMs += now() - t0;
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
    if (!processor) return Promise.reject(new WorkerError('not-loaded', 'call load() first'));
    if (!(samples instanceof Float32Array) || !(sampleRate > 0)) {
      return Promise.reject(new WorkerError('invalid-argument', 'samples must be a Float32Array with a positive sampleRate'));
    }
    const run = queue.then(() => processFrames(toFrames(samples, sampleRate)));
    queue = run.catch(() => undefined);
    return run;
  }

  function resetState(): void {
    processor?.reset();
    resampler = null;
    frameIndex = 0;
    open = null;
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
        const vadModel = model;
        frameMs = (vadModel.frameSamples * 1000) / VAD_SAMPLE_RATE;
        const probabilities = async (frame: Float32Array) => {
          const isSpeech = await vadModel.process(frame);
          return { isSpeech, notSpeech: 1 - isSpeech };
        };
        processor = new FrameProcessor(probabilities, () => vadModel.reset(), processorOptions(), frameMs);
        processor.resume();
        const info: SpeechDetectorInfo = { modelLoadMs: now() - t0, backend: 'wasm', vad, frameMs };
        emit({ type: 'ready', info });
        return info;
      })();
      return loaded;
    },

    configure(patch) {
      settings = { ...settings, ...patch };
      processor?.setOptions(processorOptions());
      return { ...settings };
    },

    listen(next) {
      if (!processor) throw new WorkerError('not-loaded', 'call load() first');
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
      processor?.endSegment((event) => handle(event, done));
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
