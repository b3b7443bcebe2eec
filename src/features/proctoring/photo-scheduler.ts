// Periodic proctoring photos (spec 4.7): while the section has fewer than 5, the next one is taken
// after base x a random whole number from 1 to 6. Time, randomness and the capture are injected,
// so the rule is tested with fake timers; the page passes the real ones.
import { MAX_PHOTOS, PHOTO_BASE_MS, photoDelayMs } from './rules.ts';

export interface PhotoSchedulerOptions {
  /** Photos the section has now (uploaded and still queued). */
  count: () => number;
  /** Takes one photo; a failure is reported by the caller and the schedule goes on. */
  capture: () => Promise<unknown>;
  baseMs?: number;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export function createPhotoScheduler({
  count,
  capture,
  baseMs = PHOTO_BASE_MS,
  random = Math.random,
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
}: PhotoSchedulerOptions) {
  let timer: unknown = null;
  let running = false;

  function next(): void {
    timer = null;
    if (!running || count() >= MAX_PHOTOS) return;
    timer = setTimer(() => {
      timer = null;
      if (!running || count() >= MAX_PHOTOS) return;
      // The next delay starts once this photo is done, so two captures never overlap.
      void capture().catch(() => undefined).finally(next);
    }, photoDelayMs(random(), baseMs));
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      next();
    },
    stop(): void {
      running = false;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
    get running() {
      return running;
    },
  };
}

/**
 * The base interval. Non-production builds (the dev server, the benchmark's build) honour
 * `?photo-interval-ms=N` on the section URL so a scripted run sees photos within a minute; a
 * production build ignores it (the spec's 100000 ms always applies there).
 */
export function photoBaseMs(search: string, mode: string = import.meta.env.MODE): number {
  if (mode === 'production') return PHOTO_BASE_MS;
  const n = Number(new URLSearchParams(search).get('photo-interval-ms'));
  return Number.isFinite(n) && n >= 100 ? Math.round(n) : PHOTO_BASE_MS;
}
