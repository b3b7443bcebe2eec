// WebRTC's VAD behind its high-pass filter and warm-up, on libfvad's real WASM in Node.
import { beforeAll, describe, expect, it } from 'vitest';
import createFvad from '@echogarden/fvad-wasm';
import { createWebRtcVad, WARM_UP_FRAMES } from './vad-model.ts';
import type { FvadModule, VadModel } from './vad-model.ts';
import { ensureAudioFixtures, readSamples } from '../../tests/fixtures/speech-fixtures.ts';

let fvad: FvadModule;
beforeAll(async () => {
  fvad = (await createFvad()) as FvadModule;
});

const decisions = (vad: VadModel, samples: Float32Array) => {
  const out: number[] = [];
  for (let i = 0; i + vad.frameSamples <= samples.length; i += vad.frameSamples) out.push(vad.process(samples.subarray(i, i + vad.frameSamples)) as number);
  return out;
};

describe('WebRTC VAD model', () => {
  it('takes 30 ms frames at 16 kHz and refuses others', () => {
    const vad = createWebRtcVad(fvad);
    expect(vad.frameSamples).toBe(480);
    expect(() => vad.process(new Float32Array(479))).toThrow(/480 samples/);
  });

  it('reads its warm-up frames as silence, after every reset', () => {
    const vad = createWebRtcVad(fvad);
    const [fixture] = ensureAudioFixtures().filter((f) => f.name.startsWith('id-5w'));
    const samples = readSamples(fixture!.file);
    const first = decisions(vad, samples);
    expect(first.slice(0, WARM_UP_FRAMES).every((d) => d === 0)).toBe(true);
    expect(first.filter((d) => d === 1).length * 30).toBeGreaterThan(1000);
    vad.reset();
    expect(decisions(vad, samples)).toEqual(first);
  });

  it('hears no speech in a fan once its rumble is filtered out', () => {
    const vad = createWebRtcVad(fvad);
    const [fan] = ensureAudioFixtures().filter((f) => f.name === 'fan');
    expect(decisions(vad, readSamples(fan!.file)).filter((d) => d === 1).length).toBeLessThanOrEqual(5);
  });
});
