import { describe, expect, it } from 'vitest';
import { messages } from '../i18n/messages.ts';
import { initialSpeechState } from '../sensors/speech-atoms.ts';
import { reduceSpeechEvent } from './speech-detector.ts';

describe('speech detector events -> speechAtom', () => {
  it('turns a segment into a sentence with the estimated words', () => {
    const started = reduceSpeechEvent(initialSpeechState, { type: 'speech-start', atMs: 500 }, 10);
    expect(started).toMatchObject({ interim: messages.speech.vadSpeaking, lastHeardAt: 10 });
    const s = reduceSpeechEvent(started, { type: 'segment', segment: { startMs: 500, endMs: 2500, speechMs: 1600, words: 4 } }, 20);
    expect(s.sentences).toEqual([{ text: messages.speech.vadSegment(4), words: 4, at: 20 }]);
    expect(s).toMatchObject({ wordCount: 4, interim: '', lastHeardAt: 20 });
  });

  it('clears the interim text on a misfire and goes idle when the microphone ends', () => {
    const started = reduceSpeechEvent({ ...initialSpeechState, status: 'listening' }, { type: 'speech-start', atMs: 0 }, 1);
    expect(reduceSpeechEvent(started, { type: 'misfire', atMs: 100 }).interim).toBe('');
    expect(reduceSpeechEvent(started, { type: 'ended', reason: 'track-ended' }).status).toBe('idle');
  });
});
