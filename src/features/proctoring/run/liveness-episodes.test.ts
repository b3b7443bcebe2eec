import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { faceStateAtom, initialFaceState } from '../../../workers/face-detector-atoms.ts';
import type { FaceState } from '../../../workers/face-detector-atoms.ts';
import { watchLiveness } from './liveness-episodes.ts';

function setup() {
  const store = createStore();
  let t = 0;
  const monitoring = { episode: vi.fn() };
  const set = (at: number, face: Partial<FaceState>) => {
    t = at;
    store.set(faceStateAtom, (s) => ({ ...s, ...face }));
  };
  store.set(faceStateAtom, { ...initialFaceState, state: 'ok' });
  const stop = watchLiveness({ store, now: () => t }, monitoring);
  return { set, stop, monitoring, at: (ms: number) => (t = ms) };
}

describe('liveness episodes for the reviewers', () => {
  it('reports how long no face moved (a photo?) when a live face is back, never as a violation', () => {
    const { set, monitoring } = setup();
    set(10_000, { state: 'still' });
    set(70_000, { state: 'ok' });
    expect(monitoring.episode.mock.calls).toEqual([['face-still', 60_000]]);
  });

  it('reports a still face beside the candidate with its length, and nothing under 2 s', () => {
    const { set, monitoring } = setup();
    set(1_000, { stillBeside: true });
    set(2_500, { stillBeside: false }); // 1.5 s: flicker
    set(5_000, { stillBeside: true });
    set(35_000, { stillBeside: false });
    expect(monitoring.episode.mock.calls).toEqual([['face-still-beside', 30_000]]);
  });

  it('a still face beside nobody who counts is the still state, not a note', () => {
    const { set, monitoring, stop, at } = setup();
    set(0, { state: 'still', stillBeside: true });
    at(20_000);
    stop();
    expect(monitoring.episode.mock.calls).toEqual([['face-still', 20_000]]);
  });

  it('reports an episode still open when monitoring stops, and nothing after', () => {
    const { set, monitoring, stop, at } = setup();
    set(3_000, { stillBeside: true });
    at(9_000);
    stop();
    set(20_000, { state: 'still' });
    expect(monitoring.episode.mock.calls).toEqual([['face-still-beside', 6_000]]);
  });

  it('reports a short episode still open when monitoring stops: the worker flagged it after a whole still window', () => {
    const { set, monitoring, stop, at } = setup();
    set(3_000, { state: 'still' });
    at(3_500);
    stop();
    expect(monitoring.episode.mock.calls).toEqual([['face-still', 500]]);
  });
});
