// On-device speech detection on the page: starts the speech-detector worker (Silero VAD), and wires
// the microphone to it through an AudioWorklet (public/worklets/speech-frames.js) whose port is
// transferred to the worker, so audio goes audio thread -> worker and never through the main thread
// or the network. The worker's events land in `speechAtom`: a speech segment becomes a "sentence"
// whose words come from the documented rule (workers/speech-detector/contract.ts, `estimateWords`).
import type {
  SpeechDetectorApi,
  SpeechDetectorEvent,
  SpeechDetectorSettings,
} from '../../workers/speech-detector/contract.ts';
import { messages } from '../i18n/messages.ts';
import { appStore } from '../lib/store.ts';
import { speechAtom } from '../sensors/speech-atoms.ts';
import type { SpeechState } from '../sensors/speech-atoms.ts';
import { createWorkerBridge } from './worker-bridge.ts';
import type { WorkerLike } from './worker-bridge.ts';

export const SPEECH_WORKLET_URL = '/worklets/speech-frames.js';
export const SPEECH_WORKLET = 'speech-frames';
const MAX_SENTENCES = 50;

/** The Web Audio pieces used, injectable for tests (jsdom has no Web Audio). */
export interface SpeechAudio {
  createContext(): AudioContext;
  createWorkletNode(context: AudioContext, name: string): AudioWorkletNode;
}

const browserAudio: SpeechAudio = {
  // 16 kHz is the model's rate: Chrome resamples the microphone; the worker resamples anything else.
  createContext: () => {
    try {
      return new AudioContext({ sampleRate: 16_000 });
    } catch {
      return new AudioContext();
    }
  },
  createWorkletNode: (context, name) => new AudioWorkletNode(context, name, { numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [1] }),
};

export function reduceSpeechEvent(s: SpeechState, event: SpeechDetectorEvent, now = Date.now()): SpeechState {
  switch (event.type) {
    case 'speech-start':
      return { ...s, interim: messages.speech.vadSpeaking, lastHeardAt: now };
    case 'misfire':
      return { ...s, interim: '' };
    case 'segment': {
      const { words } = event.segment;
      const sentence = { text: messages.speech.vadSegment(words), words, at: now };
      return { ...s, sentences: [...s.sentences, sentence].slice(-MAX_SENTENCES), wordCount: s.wordCount + words, interim: '', lastHeardAt: now };
    }
    case 'ended':
      return { ...s, status: 'idle', interim: '' };
    default:
      return s;
  }
}

export interface SpeechDetectorClientDeps {
  create: () => WorkerLike;
  store: typeof appStore;
  audio?: SpeechAudio;
}

interface Graph {
  context: AudioContext;
  node: AudioWorkletNode;
  source: MediaStreamAudioSourceNode;
}

export function createSpeechDetectorClient({ create, store, audio = browserAudio }: SpeechDetectorClientDeps) {
  let graph: Graph | null = null;
  let generation = 0;
  const bridge = createWorkerBridge<SpeechDetectorApi, SpeechDetectorEvent>({
    name: 'speech-detector',
    create,
    events: true,
    readyTimeoutMs: 30_000,
    onExit(reason) {
      teardown();
      if (reason.code !== 'terminated') store.set(speechAtom, (s) => ({ ...s, status: 'error', interim: '', message: reason.message }));
    },
  });
  bridge.subscribe((event) => store.set(speechAtom, (s) => reduceSpeechEvent(s, event)));

  function teardown(): void {
    if (!graph) return;
    const { context, node, source } = graph;
    graph = null;
    node.port.postMessage({ type: 'stop' });
    source.disconnect();
    node.disconnect();
    void context.close().catch(() => {});
  }

  async function connect(stream: MediaStream, mine: number): Promise<void> {
    const context = audio.createContext();
    try {
      await context.audioWorklet.addModule(SPEECH_WORKLET_URL);
    } catch (error) {
      void context.close();
      throw error;
    }
    if (mine !== generation) return void context.close();
    const node = audio.createWorkletNode(context, SPEECH_WORKLET);
    const source = context.createMediaStreamSource(stream);
    // The graph only runs nodes that lead to the destination: through a silent gain.
    const silent = context.createGain();
    silent.gain.value = 0;
    source.connect(node);
    node.connect(silent);
    silent.connect(context.destination);
    const { port1, port2 } = new MessageChannel();
    node.port.postMessage({ type: 'connect', port: port1 }, [port1]);
    await bridge.call('listen', [port2], { transfer: [port2] });
    graph = { context, node, source };
    if (context.state === 'suspended') context.resume().catch(() => {});
  }

  return {
    /** Loads the model, then listens to the stream's audio until `stop`. Rejects when it cannot. */
    async start(stream: MediaStream, settings: Partial<SpeechDetectorSettings> = {}): Promise<void> {
      const mine = ++generation;
      teardown();
      await bridge.call('load', []);
      await bridge.call('configure', [settings]);
      if (mine !== generation) return;
      await connect(stream, mine);
    },

    /** Stops listening; the model stays loaded in the worker. */
    stop(): void {
      generation++;
      teardown();
      if (bridge.running) bridge.call('stop', []).catch(() => {});
    },

    terminate(): void {
      generation++;
      teardown();
      bridge.terminate();
    },
  };
}

const client = createSpeechDetectorClient({
  create: () =>
    new Worker(new URL('../../workers/speech-detector/speech-detector.worker.ts', import.meta.url), {
      type: 'module',
      name: 'speech-detector',
    }),
  store: appStore,
});

export const startVoiceDetection = client.start;
export const stopVoiceDetection = client.stop;
export const terminateVoiceDetection = client.terminate;
