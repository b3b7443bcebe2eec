import { createStore } from 'jotai';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { micLevelAtom } from './mic-level-atoms.ts';
import { MIC_LEVEL_WORKLET_URL, startMicLevel } from './mic-level.ts';
import type { MicAudio } from './mic-level.ts';

const g = globalThis as Record<string, unknown>;
let loads = 0;

describe('mic-level worklet (public/worklets/mic-level.js)', () => {
  afterEach(() => {
    for (const k of ['AudioWorkletProcessor', 'registerProcessor', 'sampleRate']) delete g[k];
  });

  async function loadProcessor(rate: number) {
    const registered: Record<string, new (options?: unknown) => { process(inputs: Float32Array[][]): boolean; port: MessagePort }> = {};
    const posted: Array<{ type: string; rms: number; peak: number; db: number }> = [];
    g.sampleRate = rate;
    g.AudioWorkletProcessor = class {
      port = { postMessage: (m: (typeof posted)[number]) => posted.push(m), onmessage: null as unknown };
    };
    g.registerProcessor = (name: string, ctor: (typeof registered)[string]) => (registered[name] = ctor);
    // The worklet is plain JS served as is: load the file itself, afresh for each test.
    const url = pathToFileURL(join(process.cwd(), 'public', 'worklets', 'mic-level.js')).href;
    await import(/* @vite-ignore */ `${url}?n=${++loads}`);
    return { Processor: registered['mic-level']!, posted };
  }

  it('posts the RMS about 10 times a second', async () => {
    const { Processor, posted } = await loadProcessor(48_000);
    const processor = new Processor({ processorOptions: { intervalMs: 100 } });
    let t = 0;
    // One second of a 440 Hz sine at amplitude 0.5, in 128-sample render quanta, stereo.
    for (let q = 0; q < 48_000 / 128; q++) {
      const block = new Float32Array(128).map(() => 0.5 * Math.sin((2 * Math.PI * 440 * t++) / 48_000));
      expect(processor.process([[block, block]])).toBe(true);
    }
    expect(posted.length).toBeGreaterThanOrEqual(9);
    expect(posted.length).toBeLessThanOrEqual(10);
    for (const level of posted) {
      expect(level.type).toBe('level');
      expect(level.rms).toBeCloseTo(0.5 / Math.SQRT2, 2);
      expect(level.peak).toBeCloseTo(0.5, 2);
      expect(level.db).toBeCloseTo(20 * Math.log10(0.5 / Math.SQRT2), 0);
    }
  });

  it('reports silence as -100 dB and stops on request', async () => {
    const { Processor, posted } = await loadProcessor(16_000);
    const processor = new Processor() as unknown as { process(i: Float32Array[][]): boolean; port: { onmessage: (e: { data: unknown }) => void } };
    for (let q = 0; q < 13; q++) processor.process([[new Float32Array(128)]]);
    expect(posted[0]).toMatchObject({ rms: 0, db: -100 });
    processor.port.onmessage({ data: { type: 'stop' } });
    expect(processor.process([[new Float32Array(128)]])).toBe(false);
  });
});

describe('startMicLevel', () => {
  function fakeAudio() {
    const { port1, port2 } = new MessageChannel();
    const modules: string[] = [];
    const connections: string[] = [];
    const node = (name: string) => ({
      connect: (to: { name: string }) => (connections.push(`${name}->${to.name}`), to),
      disconnect: vi.fn(),
      name,
    });
    const context = {
      state: 'running',
      destination: { name: 'destination' },
      audioWorklet: { addModule: async (url: string) => void modules.push(url) },
      createMediaStreamSource: () => node('source'),
      createGain: () => Object.assign(node('gain'), { gain: { value: 1 } }),
      close: vi.fn(async () => {}),
      resume: vi.fn(async () => {}),
    };
    const worklet = Object.assign(node('worklet'), { port: port1 });
    let options: AudioWorkletNodeOptions | undefined;
    const audio: MicAudio = {
      createContext: () => context as unknown as AudioContext,
      createWorkletNode: (_c, name, o) => {
        options = o;
        expect(name).toBe('mic-level');
        return worklet as unknown as AudioWorkletNode;
      },
    };
    return { audio, context, modules, connections, processorPort: port2, options: () => options };
  }

  const track = () => Object.assign(new EventTarget(), { readyState: 'live' });
  const stream = (t = track()) => ({ getAudioTracks: () => [t] }) as unknown as MediaStream;

  it('wires the worklet into the graph and puts its levels in micLevelAtom', async () => {
    const store = createStore();
    const fake = fakeAudio();
    const meter = await startMicLevel(stream(), { store, audio: fake.audio });
    expect(fake.modules).toEqual([MIC_LEVEL_WORKLET_URL]);
    expect(fake.options()).toMatchObject({ processorOptions: { intervalMs: 100 } });
    expect(fake.connections).toEqual(['source->worklet', 'worklet->gain', 'gain->destination']);
    fake.processorPort.postMessage({ type: 'level', rms: 0.2, peak: 0.5, db: -14 });
    // The port delivers in a later task, as soon as the machine gets to it: waited for, not slept on.
    await vi.waitFor(() => expect(store.get(micLevelAtom)).toMatchObject({ active: true, rms: 0.2, peak: 0.5, db: -14, error: null }), { timeout: 10_000 });
    meter.stop();
    expect(store.get(micLevelAtom)).toMatchObject({ active: false, rms: 0 });
    expect(fake.context.close).toHaveBeenCalled();
    fake.processorPort.close();
  });

  it('stops and says so when the microphone track ends', async () => {
    const store = createStore();
    const fake = fakeAudio();
    const t = track();
    await startMicLevel(stream(t), { store, audio: fake.audio });
    t.dispatchEvent(new Event('ended'));
    expect(store.get(micLevelAtom)).toMatchObject({ active: false, error: 'microphone track ended' });
    expect(fake.context.close).toHaveBeenCalled();
    fake.processorPort.close();
  });

  it('reports a stream without a microphone', async () => {
    const store = createStore();
    await startMicLevel({ getAudioTracks: () => [] } as unknown as MediaStream, { store, audio: fakeAudio().audio });
    expect(store.get(micLevelAtom).error).toBe('no microphone track');
  });
});
