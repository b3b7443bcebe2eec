// Speech detection for the device check and the three sections, one choice for all of them:
// 1. on-device recognition, where Chrome offers it for id-ID (`SpeechRecognition.available({ langs,
//    processLocally: true })` is 'available'): a transcript, and `processLocally` keeps the audio on
//    the device;
// 2. cloud recognition, only when the institution enables it AND the candidate consented separately
//    (`setCloudSpeechAllowed`, off by default);
// 3. otherwise the Silero voice-activity detector in a worker (src/workers/speech-detector.ts): no
//    transcript; each speech segment counts words by the rule in workers/speech-detector/contract.ts.
// All three write `speechAtom` ({ sentences: { text, words }, ... }); the spec's word limits per
// section (contracts/facts/speech.ts) apply to whichever wrote it. No audio leaves the browser in 1 and 3.
import { SPEECH_LANG } from '../../contracts/facts/index.ts';
import { messages } from '../i18n/messages.ts';
import { sessionAtom } from '../lib/session.ts';
import { appStore } from '../lib/store.ts';
import { startVoiceDetection, stopVoiceDetection } from '../workers/speech-detector.ts';
import { initialSpeechState, speechAtom } from './speech-atoms.ts';
import type { SpeechState } from './speech-atoms.ts';
import { createSpeechDetector, findSpeechRecognition } from './speech-recognition.ts';
import type { RecognitionConstructor } from './speech-recognition.ts';

type Mode = NonNullable<SpeechState['mode']>;

export interface VoiceDetector {
  start(stream: MediaStream): Promise<void>;
  stop(): void;
}

export interface SpeechPipelineDeps {
  store?: typeof appStore;
  lang?: string;
  getConstructor?: () => RecognitionConstructor | undefined;
  voice?: VoiceDetector;
  /** Whether this browser can run the worker + AudioWorklet detector. */
  canRunVoice?: () => boolean;
  getUserMedia?: () => Promise<MediaStream>;
}

export interface StartOptions {
  /** The microphone stream if the caller has one (the device check); else one is opened and owned. */
  stream?: MediaStream;
}

async function onDeviceAvailable(Recognition: RecognitionConstructor | undefined, lang: string): Promise<boolean> {
  if (!Recognition?.available) return false;
  try {
    return (await Recognition.available({ langs: [lang], processLocally: true })) === 'available';
  } catch {
    return false; // blocked by Permissions-Policy, or an older shape of the API
  }
}

function failurePatch(error: unknown): Partial<SpeechState> {
  const denied = error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
  return { status: denied ? 'denied' : 'error', interim: '', message: error instanceof Error ? error.message : String(error) };
}

/**
 * The cloud permission belongs to the member it was given for: a logout or another member's login
 * in the same tab drops it (the next section start asks the server again).
 */
function cloudPermission(store: typeof appStore) {
  const memberId = () => store.get(sessionAtom)?.user.id ?? null;
  let allowed = false;
  let givenFor = memberId();
  store.sub(sessionAtom, () => { if (memberId() !== givenFor) allowed = false; });
  return {
    allowed: () => allowed,
    set(value: boolean) { allowed = value; givenFor = memberId(); },
  };
}

export function createSpeechPipeline({
  store = appStore,
  lang = SPEECH_LANG,
  getConstructor = () => findSpeechRecognition(),
  voice = { start: startVoiceDetection, stop: stopVoiceDetection },
  canRunVoice = () => typeof Worker !== 'undefined' && typeof AudioWorkletNode !== 'undefined',
  getUserMedia = () => navigator.mediaDevices.getUserMedia({ audio: true, video: false }),
}: SpeechPipelineDeps = {}) {
  const cloud = cloudPermission(store);
  let generation = 0;
  let owned: MediaStream | null = null;
  let stopCurrent: (() => void) | null = null;
  const update = (patch: Partial<SpeechState>) => store.set(speechAtom, (s) => ({ ...s, ...patch }));

  function recognise(Recognition: RecognitionConstructor, mode: Mode): void {
    const detector = createSpeechDetector({ store, lang, getConstructor: () => Recognition, processLocally: mode === 'on-device' });
    stopCurrent = () => detector.stop();
    detector.start();
    update({ mode });
  }

  async function listen(mine: number, stream: MediaStream | undefined): Promise<void> {
    try {
      const source = stream ?? (owned = await getUserMedia());
      if (mine !== generation) return;
      stopCurrent = () => voice.stop();
      await voice.start(source); // the mode is set once the model is loaded and the microphone connected
      if (mine === generation) update({ mode: 'vad' });
    } catch (error) {
      if (mine === generation) update(failurePatch(error));
    }
  }

  async function choose(mine: number, options: StartOptions): Promise<void> {
    const Recognition = getConstructor();
    const local = await onDeviceAvailable(Recognition, lang);
    if (mine !== generation) return;
    if (Recognition && local) return recognise(Recognition, 'on-device');
    if (Recognition && cloud.allowed()) return recognise(Recognition, 'cloud');
    if (canRunVoice()) return listen(mine, options.stream);
    update({ status: 'unavailable', message: messages.speech.unsupported });
  }

  const pipeline = {
    /** Starts detecting; false (and the spec's message in the atom) when no way exists in this browser. */
    start(options: StartOptions = {}): boolean {
      if (stopCurrent || owned) pipeline.stop();
      const mine = ++generation;
      if (!getConstructor() && !canRunVoice()) {
        update({ status: 'unavailable', message: messages.speech.unsupported });
        return false;
      }
      update({ status: 'listening', message: null });
      void choose(mine, options);
      return true;
    },

    /** Stops; what was detected stays in the atom until `reset`. */
    stop(): void {
      generation++;
      stopCurrent?.();
      stopCurrent = null;
      owned?.getTracks().forEach((track) => track.stop());
      owned = null;
      store.set(speechAtom, (s) => ({ ...s, status: s.status === 'listening' ? 'idle' : s.status, interim: '' }));
    },

    /** Stops and clears the atom (e.g. at the start of a section). */
    reset(): void {
      pipeline.stop();
      store.set(speechAtom, initialSpeechState);
    },

    /** Cloud recognition: only with the institution's setting AND the candidate's separate consent. */
    setCloudAllowed(allowed: boolean): void {
      cloud.set(allowed);
    },
  };
  return pipeline;
}

const speechPipeline = createSpeechPipeline();

export const startSpeechDetection = (options?: StartOptions) => speechPipeline.start(options);
export const stopSpeechDetection = () => speechPipeline.stop();
export const resetSpeechDetection = () => speechPipeline.reset();
export const setCloudSpeechAllowed = (allowed: boolean) => speechPipeline.setCloudAllowed(allowed);
