// Bench-only switches (issue 16): which parts of proctoring a measurement leaves off, to see what
// each costs in memory. Non-production builds (the dev server, the benchmark's build) honour
// `?bench-off=speech,face,photo,video,camera,track-processor` on the section URL (the last
// sends the face detector downscaled bitmaps instead of the camera's VideoFrames); a production build ignores it, so
// a candidate can never turn proctoring off.
export const BENCH_OFF_PARTS = ['speech', 'face', 'photo', 'video', 'camera', 'track-processor'] as const;
export type BenchOffPart = (typeof BENCH_OFF_PARTS)[number];

export function benchOff(search: string, mode: string = import.meta.env.MODE): ReadonlySet<BenchOffPart> {
  if (mode === 'production') return new Set();
  const asked = (new URLSearchParams(search).get('bench-off') ?? '').split(',');
  return new Set(BENCH_OFF_PARTS.filter((p) => asked.includes(p)));
}
