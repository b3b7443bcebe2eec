// The microphone level meter: the stream's audio goes through an AudioWorklet
// (public/worklets/mic-level.js) that computes the RMS on the audio thread and posts ~10 levels a
// second; they land in `micLevelAtom`. Nothing runs per sample on the main thread.
import { appStore } from '../lib/store.ts';
import { initialMicLevel, micLevelAtom } from './mic-level-atoms.ts';

export const MIC_LEVEL_WORKLET_URL = '/worklets/mic-level.js';
export const MIC_LEVEL_PROCESSOR = 'mic-level';

interface LevelMessage {
  type: 'level';
  rms: number;
  peak: number;
  db: number;
}

/** The Web Audio pieces used, injectable for tests (jsdom has no Web Audio). */
export interface MicAudio {
  createContext(): AudioContext;
  createWorkletNode(context: AudioContext, name: string, options: AudioWorkletNodeOptions): AudioWorkletNode;
}

const browserAudio: MicAudio = {
  createContext: () => new AudioContext(),
  createWorkletNode: (context, name, options) => new AudioWorkletNode(context, name, options),
};

export interface MicLevelOptions {
  store?: typeof appStore;
  audio?: MicAudio;
  /** ms per level; default 100 (10/s). */
  intervalMs?: number;
  signal?: AbortSignal;
}

export interface MicLevelMeter {
  stop(): void;
}

/** Starts metering the stream's first audio track; stops on `stop()`, the signal or the track's end. */
export async function startMicLevel(
  stream: MediaStream,
  { store = appStore, audio = browserAudio, intervalMs = 100, signal }: MicLevelOptions = {},
): Promise<MicLevelMeter> {
  const track = stream.getAudioTracks()[0];
  if (!track || track.readyState === 'ended') {
    store.set(micLevelAtom, { ...initialMicLevel, error: 'no microphone track' });
    return { stop() {} };
  }
  const context = audio.createContext();
  let stopped = false;
  try {
    await context.audioWorklet.addModule(MIC_LEVEL_WORKLET_URL);
  } catch (error) {
    void context.close();
    store.set(micLevelAtom, { ...initialMicLevel, error: `mic level worklet failed: ${String(error)}` });
    throw error;
  }
  const source = context.createMediaStreamSource(stream);
  const node = audio.createWorkletNode(context, MIC_LEVEL_PROCESSOR, {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    outputChannelCount: [1],
    processorOptions: { intervalMs },
  });
  // The graph only runs nodes that lead to the destination: connect through a silent gain.
  const silent = context.createGain();
  silent.gain.value = 0;
  source.connect(node);
  node.connect(silent);
  silent.connect(context.destination);
  node.port.onmessage = (event: MessageEvent<LevelMessage>) => {
    if (stopped || event.data?.type !== 'level') return;
    const { rms, peak, db } = event.data;
    store.set(micLevelAtom, { active: true, rms, peak, db, at: Date.now(), error: null });
  };
  // Autoplay policy may leave a new context suspended until a user gesture; the device check has one.
  if (context.state === 'suspended') context.resume().catch(() => {});

  const stop = () => {
    if (stopped) return;
    stopped = true;
    track.removeEventListener('ended', onEnded);
    signal?.removeEventListener('abort', stop);
    node.port.postMessage({ type: 'stop' });
    node.port.onmessage = null;
    source.disconnect();
    node.disconnect();
    silent.disconnect();
    void context.close().catch(() => {});
    store.set(micLevelAtom, (m) => ({ ...m, active: false, rms: 0, peak: 0, db: -100 }));
  };
  function onEnded() {
    stop();
    store.set(micLevelAtom, (m) => ({ ...m, error: 'microphone track ended' }));
  }
  track.addEventListener('ended', onEnded);
  signal?.addEventListener('abort', stop, { once: true });
  if (signal?.aborted) stop();
  return { stop };
}
