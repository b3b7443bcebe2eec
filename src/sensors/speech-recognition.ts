// Speech recognition (used by ./speech-detection.ts, which chooses between it and the on-device voice
// detector): an adapter over the Web Speech API (SpeechRecognition, or
// webkitSpeechRecognition in Chrome), which exists only on the main thread. It listens in Indonesian
// (id-ID), continuously, with interim results, restarts itself whenever the browser stops recognising
// while we are still active, and reports recognised sentences and word counts into `speechAtom`.
//
// Test hook: the constructor is looked up on `window` when `start()` runs, not at import. A test
// installs a scripted stand-in before the page loads, e.g. in Playwright:
//   await page.addInitScript(() => { window.SpeechRecognition = class { ...start() { this.onresult?.(...) } } });
// and in unit tests through the `getConstructor` option of `createSpeechDetector`.
import { appStore } from '../lib/store.ts';
import { messages } from '../i18n/messages.ts';
import { initialSpeechState, speechAtom } from './speech-atoms.ts';
import type { SpeechSentence, SpeechState } from './speech-atoms.ts';
import { SPEECH_LANG } from '../../contracts/facts/index.ts';

/** The part of SpeechRecognition the adapter uses (lib.dom has the events, not the class). */
export interface RecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  /** Chrome 139+: recognise on the device only (no audio to a cloud service). */
  processLocally?: boolean;
  onresult: ((event: Pick<SpeechRecognitionEvent, 'resultIndex' | 'results'>) => void) | null;
  onerror: ((event: Pick<SpeechRecognitionErrorEvent, 'error' | 'message'>) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

export type RecognitionConstructor = (new () => RecognitionLike) & {
  /** Chrome 139+: whether `langs` can be recognised (with processLocally: on the device). */
  available?: (options: { langs: string[]; processLocally?: boolean }) => Promise<'available' | 'downloadable' | 'downloading' | 'unavailable'>;
};

export function findSpeechRecognition(scope: object = globalThis): RecognitionConstructor | undefined {
  const w = scope as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

export const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

const MAX_SENTENCES = 50;
/** Errors after which restarting is pointless: the user or the browser refused the microphone. */
const FATAL = new Set(['not-allowed', 'service-not-allowed', 'language-not-supported']);

export interface SpeechDetectorOptions {
  store?: typeof appStore;
  lang?: string;
  getConstructor?: () => RecognitionConstructor | undefined;
  now?: () => number;
  /** Restarts within `burstWindowMs` beyond which the next one waits `backoffMs` (flapping recognition). */
  burstRestarts?: number;
  burstWindowMs?: number;
  backoffMs?: number;
  /** Set `processLocally` on the recogniser: only on-device recognition (the pipeline checked it is available). */
  processLocally?: boolean;
}

export function createSpeechDetector({
  store = appStore,
  lang = SPEECH_LANG,
  getConstructor = () => findSpeechRecognition(),
  now = () => Date.now(),
  burstRestarts = 5,
  burstWindowMs = 10_000,
  backoffMs = 2_000, processLocally = false,
}: SpeechDetectorOptions = {}) {
  let recognition: RecognitionLike | null = null;
  let active = false;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  let restarts: number[] = [];

  const update = (patch: Partial<SpeechState>) => store.set(speechAtom, (s) => ({ ...s, ...patch }));

  function begin(rec: RecognitionLike): void {
    try {
      rec.start();
    } catch (error) {
      // InvalidStateError: the previous recognition has not finished ending. Try again shortly.
      if (active) restartTimer = setTimeout(() => active && begin(rec), 250);
      else throw error;
    }
  }

  function onEnd(rec: RecognitionLike): void {
    if (!active || recognition !== rec) return;
    // Chrome ends continuous recognition after silence or ~60 s; keep listening.
    const t = now();
    restarts = [...restarts.filter((r) => r > t - burstWindowMs), t];
    const delay = restarts.length > burstRestarts ? backoffMs : 0;
    update({ interim: '' });
    restartTimer = setTimeout(() => active && recognition === rec && begin(rec), delay);
  }

  const detector = {
    /** Starts listening; false (and the spec's message in the atom) when the browser has no API. */
    start(): boolean {
      if (active) return true;
      const Recognition = getConstructor();
      if (!Recognition) {
        update({ status: 'unavailable', message: messages.speech.unsupported });
        return false;
      }
      const rec = createRecognition(Recognition, lang, processLocally);
      rec.onresult = (event) => store.set(speechAtom, (s) => withResults(s, event, now));
      rec.onerror = (event) => {
        if (FATAL.has(event.error)) active = false;
        const patch = errorPatch(event);
        if (patch) update(patch);
      };
      rec.onend = () => onEnd(rec);
      recognition = rec;
      active = true;
      restarts = [];
      update({ status: 'listening', message: null });
      begin(rec);
      return true;
    },

    /** Stops listening; what was recognised stays in the atom until `reset`. */
    stop(): void {
      active = false;
      clearTimeout(restartTimer);
      if (recognition) abortQuietly(recognition);
      recognition = null;
      store.set(speechAtom, (s) => ({ ...s, status: s.status === 'listening' ? 'idle' : s.status, interim: '' }));
    },

    /** Stops and clears the atom (e.g. at the start of a section). */
    reset(): void {
      detector.stop();
      store.set(speechAtom, initialSpeechState);
    },

    get active(): boolean { return active; },
  };
  return detector;
}

function createRecognition(Recognition: RecognitionConstructor, lang: string, processLocally: boolean): RecognitionLike {
  const rec = new Recognition();
  if (processLocally) rec.processLocally = true;
  rec.lang = lang;
  rec.continuous = true;
  rec.interimResults = true;
  rec.maxAlternatives = 1;
  return rec;
}

/** The state with a result event's final sentences added and its interim text. */
function withResults(s: SpeechState, event: Pick<SpeechRecognitionEvent, 'resultIndex' | 'results'>, now: () => number): SpeechState {
  const finished: SpeechSentence[] = [];
  let interim = '';
  for (let i = event.resultIndex; i < event.results.length; i++) {
    const result = event.results[i]!;
    const text = result[0]?.transcript.trim() ?? '';
    if (!text) continue;
    if (result.isFinal) finished.push({ text, words: countWords(text), at: now() });
    else interim += (interim ? ' ' : '') + text;
  }
  return {
    ...s,
    sentences: [...s.sentences, ...finished].slice(-MAX_SENTENCES),
    wordCount: s.wordCount + finished.reduce((n, f) => n + f.words, 0),
    interim,
    lastHeardAt: now(),
  };
}

/** What an error event changes: fatal ones deny; 'no-speech' and 'aborted' are ordinary. */
function errorPatch(event: Pick<SpeechRecognitionErrorEvent, 'error' | 'message'>): Partial<SpeechState> | null {
  if (FATAL.has(event.error)) return { status: 'denied', interim: '', message: event.message || event.error };
  // 'network', 'audio-capture': the message shows and onend restarts.
  if (event.error !== 'no-speech' && event.error !== 'aborted') return { message: event.message || event.error };
  return null;
}

function abortQuietly(rec: RecognitionLike): void {
  rec.onresult = rec.onerror = rec.onend = null;
  try {
    rec.abort();
  } catch {
    /* already ended */
  }
}
