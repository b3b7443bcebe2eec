import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../i18n/messages.ts';
import { speechAtom } from './speech-atoms.ts';
import { countWords, createSpeechDetector, findSpeechRecognition } from './speech-recognition.ts';
import type { RecognitionLike } from './speech-recognition.ts';

/** A scripted SpeechRecognition, like the one e2e tests install with addInitScript. */
class ScriptedRecognition implements RecognitionLike {
  static instances: ScriptedRecognition[] = [];
  lang = '';
  continuous = false;
  interimResults = false;
  maxAlternatives = 0;
  onresult: RecognitionLike['onresult'] = null;
  onerror: RecognitionLike['onerror'] = null;
  onend: RecognitionLike['onend'] = null;
  starts = 0;
  running = false;
  constructor() {
    ScriptedRecognition.instances.push(this);
  }
  start() {
    if (this.running) throw new DOMException('already started', 'InvalidStateError');
    this.running = true;
    this.starts++;
  }
  stop() {
    this.end();
  }
  abort() {
    this.end();
  }
  end() {
    this.running = false;
    this.onend?.();
  }
  /** Results from `index` on; [text, isFinal] each. */
  say(index: number, ...results: Array<[string, boolean]>) {
    const list = results.map(([transcript, isFinal]) => Object.assign([{ transcript, confidence: 0.9 }], { isFinal }));
    const padded = [...Array(index).fill(Object.assign([{ transcript: 'old', confidence: 1 }], { isFinal: true })), ...list];
    this.onresult?.({ resultIndex: index, results: padded as unknown as SpeechRecognitionResultList });
  }
  fail(error: string) {
    this.onerror?.({ error: error as SpeechRecognitionErrorCode, message: '' });
  }
}

function setup() {
  const store = createStore();
  let t = 1_000;
  const detector = createSpeechDetector({ store, getConstructor: () => ScriptedRecognition, now: () => t });
  return { store, detector, speech: () => store.get(speechAtom), tick: (ms: number) => (t += ms), rec: () => ScriptedRecognition.instances.at(-1)! };
}

beforeEach(() => {
  ScriptedRecognition.instances = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => vi.useRealTimers());

describe('speech detection', () => {
  it('listens in id-ID, continuously, with interim results', () => {
    const { detector, speech, rec } = setup();
    expect(detector.start()).toBe(true);
    expect(rec()).toMatchObject({ lang: 'id-ID', continuous: true, interimResults: true, starts: 1 });
    expect(speech().status).toBe('listening');
    detector.stop();
  });

  it('reports recognised sentences and word counts; interim text separately', () => {
    const { detector, speech, rec } = setup();
    detector.start();
    rec().say(0, ['saya sedang', false]);
    expect(speech()).toMatchObject({ interim: 'saya sedang', wordCount: 0, sentences: [], lastHeardAt: 1_000 });
    rec().say(0, ['saya sedang mengerjakan tes', true], ['jawabannya', false]);
    expect(speech()).toMatchObject({
      sentences: [{ text: 'saya sedang mengerjakan tes', words: 4, at: 1_000 }],
      wordCount: 4,
      interim: 'jawabannya',
    });
    rec().say(1, ['jawabannya adalah B', true]);
    expect(speech().wordCount).toBe(7);
    expect(speech().sentences.map((s) => s.text)).toEqual(['saya sedang mengerjakan tes', 'jawabannya adalah B']);
    detector.stop();
  });

  it('restarts when the browser ends recognition while active, and backs off when it flaps', () => {
    const { detector, rec, tick } = setup();
    detector.start();
    rec().end(); // Chrome ends after silence
    vi.advanceTimersByTime(0);
    expect(rec().starts).toBe(2);
    for (let i = 0; i < 5; i++) {
      tick(100);
      rec().end();
      vi.advanceTimersByTime(0);
    }
    expect(rec().starts).toBe(6); // the 6th end within 10 s waits
    vi.advanceTimersByTime(2_000);
    expect(rec().starts).toBe(7);
    expect(ScriptedRecognition.instances).toHaveLength(1);
    detector.stop();
  });

  it('does not restart after stop, and keeps what was heard until reset', () => {
    const { detector, rec, speech } = setup();
    detector.start();
    rec().say(0, ['halo', true]);
    detector.stop();
    vi.advanceTimersByTime(5_000);
    expect(rec().starts).toBe(1);
    expect(speech()).toMatchObject({ status: 'idle', wordCount: 1 });
    detector.reset();
    expect(speech()).toMatchObject({ status: 'idle', wordCount: 0, sentences: [] });
  });

});

describe('speech detection: refusals and errors', () => {
  it('a refused microphone ends in denied, without restarting', () => {
    const { detector, rec, speech } = setup();
    detector.start();
    rec().fail('not-allowed');
    rec().end();
    vi.advanceTimersByTime(5_000);
    expect(rec().starts).toBe(1);
    expect(speech()).toMatchObject({ status: 'denied', message: 'not-allowed' });
    expect(detector.active).toBe(false);
  });

  it('no-speech is routine; a network error is shown and listening resumes', () => {
    const { detector, rec, speech } = setup();
    detector.start();
    rec().fail('no-speech');
    expect(speech().message).toBeNull();
    rec().fail('network');
    rec().end();
    vi.advanceTimersByTime(0);
    expect(speech()).toMatchObject({ status: 'listening', message: 'network' });
    expect(rec().starts).toBe(2);
    detector.stop();
  });

  it("without the API it shows the spec's message", () => {
    const store = createStore();
    const detector = createSpeechDetector({ store, getConstructor: () => undefined });
    expect(detector.start()).toBe(false);
    expect(store.get(speechAtom)).toMatchObject({
      status: 'unavailable',
      message: 'Speech Recognition is not available on this browser. Please use Chrome or Firefox',
    });
    expect(messages.speech.unsupported).toBe(store.get(speechAtom).message);
  });

  it('finds the standard or the webkit-prefixed constructor', () => {
    expect(findSpeechRecognition({ webkitSpeechRecognition: ScriptedRecognition })).toBe(ScriptedRecognition);
    expect(findSpeechRecognition({ SpeechRecognition: ScriptedRecognition, webkitSpeechRecognition: class {} })).toBe(
      ScriptedRecognition,
    );
    expect(findSpeechRecognition({})).toBeUndefined();
    expect(countWords('  satu  dua\ttiga ')).toBe(3);
  });
});
