// The liveness rule: does a face move like a seated person, or stay as still as a photo, a phone or a
// poster? Faces are followed from detection to detection (nearest centre), and each face's motion is
// the range, over the last `windowMs`, of the centroid of its box centre and six keypoints, smoothed
// over 1 s (the keypoints' own jitter is independent from point to point and frame to frame, a head's
// motion is not), divided by the face's width. Thresholds come from the fixtures (docs/proctoring.md,
// "A face that never moves"):
// - a face alone is 'still' when its motion stays below `stillBelow` for a whole window;
// - beside another face, a face counts as a second person only once it moved at least `liveAbove`.
// Everything here runs in the worker, once per detection, on at most a few faces.
import type { FaceBox } from './contract.ts';

export interface LivenessOptions {
  /** How far back the motion is measured (ms). */
  windowMs: number;
  /** Motion (share of the face's width) below which a face watched for a whole window is still. */
  stillBelow: number;
  /** Motion from which a face beside another counts as a person. */
  liveAbove: number;
}

/** 'pending': watched for less than a window and not yet seen moving like a person. */
export type FaceLiveness = 'live' | 'quiet' | 'still' | 'pending';

export interface LivenessResult {
  /** Per face of the detection, in its order. */
  faces: Array<{ liveness: FaceLiveness; motion: number }>;
  /** The people the face count stands for: 0 without faces; the faces that move, at least 1. */
  people: number;
  /** Faces were seen, each watched for a whole window, none moved beyond a photo's jitter. */
  allStill: boolean;
  /** A face watched for a whole window that did not move like a person, beside one that counts. */
  stillBeside: boolean;
}

/** Centroid smoothing: keypoint jitter averages out, a head's sway (breathing: ~4 s) does not. */
const SMOOTH_MS = 1_000;
/** A face unseen for this long is gone; one seen again later is a new face. */
const LOST_MS = 1_500;
/** A whole window needs this many detections of the face (1.5/s, the slowest rate, gives 12 in 8 s). */
const MIN_SAMPLES = 8;

interface Sample { at: number; x: number; y: number; width: number }
interface Track { first: number; last: number; samples: Sample[] }

/** Centroid of the box centre and the keypoints, in frame pixels (x and y on one scale). */
function centroid(face: FaceBox, frameWidth: number, frameHeight: number): { x: number; y: number } {
  const points: Array<readonly [number, number]> = [[face.x + face.width / 2, face.y + face.height / 2], ...(face.landmarks ?? [])];
  let x = 0;
  let y = 0;
  for (const [px, py] of points) {
    x += px;
    y += py;
  }
  return { x: (x / points.length) * frameWidth, y: (y / points.length) * frameHeight };
}

/** Range of the smoothed centroid over the samples, as a share of the face's median width. */
export function motionOf(samples: readonly Sample[]): number {
  if (samples.length < 2) return 0;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const s of samples) {
    let sx = 0;
    let sy = 0;
    let n = 0;
    for (const o of samples) {
      if (Math.abs(o.at - s.at) > SMOOTH_MS / 2) continue;
      sx += o.x;
      sy += o.y;
      n++;
    }
    minX = Math.min(minX, sx / n);
    maxX = Math.max(maxX, sx / n);
    minY = Math.min(minY, sy / n);
    maxY = Math.max(maxY, sy / n);
  }
  const widths = samples.map((s) => s.width).sort((a, b) => a - b);
  const width = widths[widths.length >> 1]!;
  return width > 0 ? Math.max(maxX - minX, maxY - minY) / width : 0;
}

export interface LivenessTracker {
  update(at: number, faces: readonly FaceBox[], frameWidth: number, frameHeight: number): LivenessResult;
  configure(options: Partial<LivenessOptions>): void;
  reset(): void;
}

export function createLivenessTracker(initial: LivenessOptions): LivenessTracker {
  let options = { ...initial };
  let tracks: Track[] = [];

  /** Each face to the nearest free track within its own width, else a new track. */
  function assign(at: number, points: Sample[]): Track[] {
    const free = new Set(tracks);
    const pairs = points.flatMap((p, i) => tracks.map((t) => {
      const last = t.samples.at(-1)!;
      return { i, t, d: Math.hypot(last.x - p.x, last.y - p.y), reach: Math.max(last.width, p.width) };
    })).filter((c) => c.d <= c.reach).sort((a, b) => a.d - b.d);
    const chosen = new Map<number, Track>();
    for (const c of pairs) {
      if (chosen.has(c.i) || !free.has(c.t)) continue;
      chosen.set(c.i, c.t);
      free.delete(c.t);
    }
    return points.map((p, i) => {
      const track = chosen.get(i) ?? { first: at, last: at, samples: [] };
      track.last = at;
      track.samples.push(p);
      track.samples = track.samples.filter((s) => s.at > at - options.windowMs);
      return track;
    });
  }

  function judge(track: Track, at: number): { liveness: FaceLiveness; motion: number } {
    const motion = motionOf(track.samples);
    const whole = at - track.first >= options.windowMs - SMOOTH_MS / 2 && track.samples.length >= MIN_SAMPLES;
    if (motion >= options.liveAbove) return { liveness: 'live', motion };
    if (!whole) return { liveness: 'pending', motion };
    return { liveness: motion < options.stillBelow ? 'still' : 'quiet', motion };
  }

  return {
    update(at, faces, frameWidth, frameHeight) {
      const points = faces.map((f) => ({ at, ...centroid(f, frameWidth, frameHeight), width: f.width * frameWidth }));
      const seen = assign(at, points);
      tracks = [...new Set([...seen, ...tracks.filter((t) => at - t.last <= LOST_MS)])];
      const judged = seen.map((t) => judge(t, at));
      const live = judged.filter((j) => j.liveness === 'live').length;
      const people = faces.length === 0 ? 0 : Math.max(1, live);
      const allStill = judged.length > 0 && judged.every((j) => j.liveness === 'still');
      const notCounted = judged.filter((j) => j.liveness === 'still' || j.liveness === 'quiet').length;
      return { faces: judged, people, allStill, stillBeside: !allStill && faces.length > people && notCounted > 0 };
    },
    configure(update) {
      options = { ...options, ...update };
    },
    reset() {
      tracks = [];
    },
  };
}
