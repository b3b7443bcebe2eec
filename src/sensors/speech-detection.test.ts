import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../i18n/messages.ts';
import { sessionAtom } from '../lib/session.ts';
import { speechAtom } from './speech-atoms.ts';
import { createSpeechPipeline } from './speech-detection.ts';
import type { RecognitionConstructor, RecognitionLike } from './speech-recognition.ts';

vi.mock('../workers/speech-detector.ts', () => ({ startVoiceDetection: vi.fn(), stopVoiceDetection: vi.fn() }));

function recognition(available?: string) {
  const made: RecognitionLike[] = [];
  class Rec implements RecognitionLike {
    lang = '';
    continuous = false;
    interimResults = false;
    maxAlternatives = 1;
    processLocally?: boolean;
    onresult = null;
    onerror = null;
    onend = null;
    constructor() {
      made.push(this);
    }
    start() {}
    stop() {}
    abort() {}
  }
  const Ctor = Rec as unknown as RecognitionConstructor;
  const availableFn = vi.fn(async () => available as 'available');
  if (available) Ctor.available = availableFn;
  return { Ctor, made, availableFn };
}

const fakeStream = () => {
  const track = { stop: vi.fn() };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
};

function setup(Ctor: RecognitionConstructor | undefined, canRunVoice = true) {
  const store = createStore();
  const voice = { start: vi.fn(async () => {}), stop: vi.fn() };
  const mic = fakeStream();
  const getUserMedia = vi.fn(async () => mic.stream);
  const pipeline = createSpeechPipeline({ store, getConstructor: () => Ctor, voice, canRunVoice: () => canRunVoice, getUserMedia });
  const settle = () => vi.waitFor(() => expect(store.get(speechAtom).mode ?? store.get(speechAtom).status).not.toBe('listening'));
  return { store, voice, mic, getUserMedia, pipeline, settle, speech: () => store.get(speechAtom) };
}

describe('speech detection pipeline', () => {
  it('uses on-device recognition for id-ID when Chrome has it, with processLocally', async () => {
    const { Ctor, made, availableFn } = recognition('available');
    const t = setup(Ctor);
    expect(t.pipeline.start()).toBe(true);
    await t.settle();
    expect(availableFn).toHaveBeenCalledWith({ langs: ['id-ID'], processLocally: true });
    expect(made).toHaveLength(1);
    expect(made[0]!.processLocally).toBe(true);
    expect(t.speech().mode).toBe('on-device');
    expect(t.voice.start).not.toHaveBeenCalled();
  });

  it('falls back to the voice detector on its own microphone when only cloud recognition exists', async () => {
    const { Ctor, made } = recognition('downloadable');
    const t = setup(Ctor);
    t.pipeline.start();
    await t.settle();
    expect(made).toHaveLength(0);
    expect(t.speech().mode).toBe('vad');
    expect(t.voice.start).toHaveBeenCalledWith(t.mic.stream);
    t.pipeline.stop();
    expect(t.voice.stop).toHaveBeenCalled();
    expect(t.mic.track.stop).toHaveBeenCalled();
  });

  it('uses the caller’s stream and leaves it running on stop', async () => {
    const t = setup(undefined);
    const own = fakeStream();
    t.pipeline.start({ stream: own.stream });
    await t.settle();
    expect(t.getUserMedia).not.toHaveBeenCalled();
    expect(t.voice.start).toHaveBeenCalledWith(own.stream);
    t.pipeline.stop();
    expect(own.track.stop).not.toHaveBeenCalled();
  });

  it('sends audio to cloud recognition only once allowed (institution and consent)', async () => {
    const { Ctor, made } = recognition();
    const t = setup(Ctor);
    t.pipeline.setCloudAllowed(true);
    t.pipeline.start();
    await t.settle();
    expect(t.speech().mode).toBe('cloud');
    expect(made[0]!.processLocally).toBeUndefined();
  });

  it("forgets the cloud permission when another member logs in or the member logs out in the same tab", async () => {
    const { Ctor } = recognition();
    const t = setup(Ctor);
    const member = (id: string) => ({ token: `t-${id}`, user: { id } }) as never;
    t.store.set(sessionAtom, member('a'));
    t.pipeline.setCloudAllowed(true);
    t.store.set(sessionAtom, member('a')); // the same member (e.g. a refreshed profile) keeps it
    t.pipeline.start();
    await t.settle();
    expect(t.speech().mode).toBe('cloud');
    t.store.set(sessionAtom, member('b'));
    t.pipeline.reset();
    t.pipeline.start();
    await t.settle();
    expect(t.speech().mode).toBe('vad');
    t.pipeline.setCloudAllowed(true);
    t.store.set(sessionAtom, null);
    t.pipeline.reset();
    t.pipeline.start();
    await t.settle();
    expect(t.speech().mode).toBe('vad');
  });

  it('says unavailable when neither recognition nor the detector can run', () => {
    const t = setup(undefined, false);
    expect(t.pipeline.start()).toBe(false);
    expect(t.speech()).toMatchObject({ status: 'unavailable', message: messages.speech.unsupported });
  });

  it('reports a refused microphone as denied', async () => {
    const t = setup(undefined);
    t.getUserMedia.mockRejectedValueOnce(new DOMException('no', 'NotAllowedError'));
    t.pipeline.start();
    await vi.waitFor(() => expect(t.speech().status).toBe('denied'));
  });
});
