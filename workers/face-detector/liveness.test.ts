import { describe, expect, it } from 'vitest';
import type { FaceBox } from './contract.ts';
import { DEFAULT_FACE_SETTINGS } from './contract.ts';
import { createLivenessTracker, motionOf } from './liveness.ts';

const W = 640;
const H = 480;
const opts = { windowMs: DEFAULT_FACE_SETTINGS.stillWindowMs, stillBelow: DEFAULT_FACE_SETTINGS.stillBelow, liveAbove: DEFAULT_FACE_SETTINGS.liveAbove };

/** A face ~140 px wide with its centre at (cx, cy) frame pixels; keypoints around it. */
function face(cx: number, cy: number, width = 140): FaceBox {
  const w = width / W;
  const h = (width * 1.1) / H;
  const x = cx / W - w / 2;
  const y = cy / H - h / 2;
  const kp: Array<[number, number]> = [[-0.2, -0.1], [0.2, -0.1], [0, 0.05], [0, 0.25], [-0.45, -0.05], [0.45, -0.05]]
    .map(([dx, dy]) => [cx / W + dx! * w, cy / H + dy! * h]);
  return { x, y, width: w, height: h, score: 0.99, landmarks: kp };
}

/** Deterministic jitter of +-amp pixels (a photo under sensor noise). */
const jitter = (i: number, amp: number) => amp * Math.sin(i * 12.9898 + 78.233) * Math.cos(i * 4.1414);

function run(seconds: number, faces: (t: number, i: number) => FaceBox[], rate = 4) {
  const tracker = createLivenessTracker(opts);
  const out = [];
  for (let i = 0; i <= seconds * rate; i++) {
    const t = (i * 1000) / rate;
    out.push({ t, ...tracker.update(t, faces(t, i), W, H) });
  }
  return out;
}

describe('liveness rule', () => {
  it('calls a face that only jitters like a photo still after a whole window, not before', () => {
    const r = run(12, (_, i) => [face(320 + jitter(i, 0.4), 200 + jitter(i + 7, 0.4))]);
    expect(r.find((x) => x.t === 4_000)!.faces[0]!.liveness).toBe('pending');
    expect(r.find((x) => x.t === 4_000)!.allStill).toBe(false);
    const first = r.find((x) => x.allStill)!;
    expect(first.t).toBeGreaterThanOrEqual(opts.windowMs - 500);
    expect(first.t).toBeLessThanOrEqual(opts.windowMs);
    expect(r.at(-1)!.people).toBe(1);
  });

  it('never calls a quietly reading face still: breathing of +-1.2 px on a 140 px face', () => {
    const r = run(60, (t, i) => [face(320 + 0.8 * Math.sin((2 * Math.PI * t) / 13_000) + jitter(i, 0.4), 200 + 1.2 * Math.sin((2 * Math.PI * t) / 4_000) + jitter(i + 3, 0.4))]);
    expect(r.filter((x) => x.allStill)).toEqual([]);
    expect(r.at(-1)!.faces[0]!.liveness).toBe('quiet');
  });

  it('keeps working at the slowest rate (1.5/s)', () => {
    const still = run(20, (_, i) => [face(320 + jitter(i, 0.4), 200)], 1.5);
    expect(still.at(-1)!.allStill).toBe(true);
    const seated = run(20, (t) => [face(320 + 8 * Math.sin((2 * Math.PI * t) / 7_300), 200)], 1.5);
    expect(seated.at(-1)!.faces[0]!.liveness).toBe('live');
  });

  it('does not count a poster beside a moving candidate as a second person, and notes it', () => {
    const r = run(20, (t, i) => [face(280 + 8 * Math.sin((2 * Math.PI * t) / 7_300), 200), face(540 + jitter(i, 1.2), 90 + jitter(i + 5, 1.2), 90)]);
    expect(r.every((x) => x.people === 1)).toBe(true);
    expect(r.find((x) => x.t === 3_000)!.stillBeside).toBe(false); // not watched long enough yet
    expect(r.at(-1)!.stillBeside).toBe(true);
    expect(r.at(-1)!.allStill).toBe(false);
  });

  it('counts two faces that both move like people', () => {
    const r = run(6, (t) => [face(200 + 8 * Math.sin((2 * Math.PI * t) / 4_000), 200), face(460 + 8 * Math.cos((2 * Math.PI * t) / 4_000), 200)]);
    expect(r.at(-1)!.people).toBe(2);
    expect(r.at(-1)!.stillBeside).toBe(false);
  });

  it('follows faces by position, so a face leaving and another arriving start again', () => {
    const tracker = createLivenessTracker(opts);
    for (let t = 0; t <= 10_000; t += 250) tracker.update(t, [face(320, 200)], W, H);
    expect(tracker.update(10_250, [face(320, 200)], W, H).allStill).toBe(true);
    // Gone for longer than a blink, then a face elsewhere: a new face, not yet judged.
    expect(tracker.update(12_500, [face(100, 300)], W, H).faces[0]!.liveness).toBe('pending');
  });

  it('measures motion as the range of the smoothed centroid over the face width', () => {
    const samples = Array.from({ length: 33 }, (_, i) => ({ at: i * 250, x: 100 + (i < 16 ? 0 : 14), y: 50, width: 140 }));
    expect(motionOf(samples)).toBeCloseTo(0.1, 5);
    expect(motionOf(samples.slice(0, 1))).toBe(0);
  });
});
