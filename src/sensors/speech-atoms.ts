// Speech recognition on the one store. Set only by ./speech-recognition.ts; the device check and
// proctoring read it.
import { atom } from 'jotai';

export interface SpeechSentence {
  text: string;
  words: number;
  /** Date.now() when it was recognised. */
  at: number;
}

export interface SpeechState {
  /** idle | listening | unavailable (no API) | denied (microphone refused) | error */
  status: 'idle' | 'listening' | 'unavailable' | 'denied' | 'error';
  /** Recognised (final) sentences, newest last; the last 50 are kept. */
  sentences: SpeechSentence[];
  /** Words in all final sentences since start. */
  wordCount: number;
  /** The sentence being spoken now (interim result), '' when none. */
  interim: string;
  /** Date.now() of the last result, final or interim. */
  lastHeardAt: number | null;
  /** The message to show: the spec's 'not available' text, or the recogniser's error. */
  message: string | null;
  /**
   * How speech is detected (./speech-detection.ts): 'on-device' recognition (a transcript, no audio
   * leaves the device), 'vad' (the Silero voice detector in a worker: segments and estimated words),
   * 'cloud' recognition (only when the institution allows it and the candidate consented); null
   * until chosen.
   */
  mode: 'on-device' | 'vad' | 'cloud' | null;
}

export const initialSpeechState: SpeechState = {
  status: 'idle',
  sentences: [],
  wordCount: 0,
  interim: '',
  lastHeardAt: null,
  message: null,
  mode: null,
};

export const speechAtom = atom<SpeechState>(initialSpeechState);
