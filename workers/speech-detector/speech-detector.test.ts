// The real detector the worker runs (WebRTC's VAD, libfvad's WASM, in Node) on the espeak-ng
// fixtures, which are made when missing (espeak-ng and sox), never skipped.
import { beforeAll, describe, expect, it } from 'vitest';
import { estimateWords, VAD_SAMPLE_RATE } from './contract.ts';
import type { SpeechDetectorApi, SpeechDetectorEvent } from './contract.ts';
import { ensureAudioFixtures, nodeSpeechDetector, readSamples } from '../../tests/fixtures/speech-fixtures.ts';
import type { SpeechFixture } from '../../tests/fixtures/speech-fixtures.ts';

let fixtures: SpeechFixture[];
let detector: SpeechDetectorApi;
const events: SpeechDetectorEvent[] = [];
const fixture = (name: string) => fixtures.find((f) => f.name.startsWith(name))!;

async function detect(name: string) {
  const segments = await detector.pushAudio(readSamples(fixture(name).file), VAD_SAMPLE_RATE);
  return [...segments, ...detector.flush()];
}

beforeAll(async () => {
  fixtures = ensureAudioFixtures();
  detector = nodeSpeechDetector(events);
  await detector.load();
}, 120_000);

describe('speech detector (WebRTC VAD)', () => {
  it('says loading then ready once, however often load is called', async () => {
    await detector.load();
    expect(events.filter((e) => e.type === 'loading')).toHaveLength(1);
    expect(events.find((e) => e.type === 'ready')).toMatchObject({ type: 'ready', info: { backend: 'wasm', vad: 'webrtc', frameMs: 30 } });
  });

  it('finds one segment in five Indonesian words and estimates 4-7 words', async () => {
    const segments = await detect('id-5w');
    expect(segments).toHaveLength(1);
    expect(segments[0]!.startMs).toBeGreaterThanOrEqual(300);
    expect(segments[0]!.words).toBeGreaterThanOrEqual(4);
    expect(segments[0]!.words).toBeLessThanOrEqual(7);
  });

  it('estimates eight English words as more than the listening limit of 3', async () => {
    const [segment] = await detect('en-8w');
    expect(segment!.words).toBeGreaterThan(3);
  });

  it('finds no speech in silence, room noise or a fan', async () => {
    expect(await detect('silence')).toEqual([]);
    expect(await detect('room-noise')).toEqual([]);
    expect(await detect('fan')).toEqual([]);
  });

  it("hears no speech in 20 ms beeps every 500 ms (Chromium's fake microphone), and keeps no audio", async () => {
    const beeps = new Float32Array(VAD_SAMPLE_RATE * 30);
    for (let i = 0; i < beeps.length; i++) {
      const inBeep = i % (VAD_SAMPLE_RATE / 2) < VAD_SAMPLE_RATE / 50;
      beeps[i] = inBeep ? (Math.floor(i / (VAD_SAMPLE_RATE / 800)) % 2 ? 0.5 : -0.5) : 0;
    }
    const at = events.length;
    expect([...(await detector.pushAudio(beeps, VAD_SAMPLE_RATE)), ...detector.flush()]).toEqual([]);
    expect(events.slice(at).map((e) => e.type)).toEqual([]);
  });

  it('emits speech-start and segment events, and resamples 48 kHz input', async () => {
    const at = events.length;
    const samples = readSamples(fixture('id-3w').file);
    const up = new Float32Array(samples.length * 3);
    for (let i = 0; i < up.length; i++) up[i] = samples[Math.floor(i / 3)]!;
    await detector.pushAudio(up, 48_000);
    detector.flush();
    const types = events.slice(at).map((e) => e.type);
    expect(types).toContain('speech-start');
    expect(types).toContain('segment');
  });

  it('refuses audio before load, and bad arguments', async () => {
    const fresh = nodeSpeechDetector();
    await expect(fresh.pushAudio(new Float32Array(16), 16_000)).rejects.toMatchObject({ code: 'not-loaded' });
    await expect(detector.pushAudio(new Float32Array(16), 0)).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});

describe('the word rule', () => {
  it('is at least one word and rounds speech time over msPerWord', () => {
    expect(estimateWords(50)).toBe(1);
    expect(estimateWords(1200, 400)).toBe(3);
    expect(estimateWords(1400, 400)).toBe(4);
  });
});
