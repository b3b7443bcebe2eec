import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPhotoScheduler, photoBaseMs } from './photo-scheduler.ts';

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

function setup(randoms: number[], start = 0) {
  let photos = start;
  const taken: number[] = [];
  let i = 0;
  const scheduler = createPhotoScheduler({
    count: () => photos,
    capture: async () => {
      taken.push(Date.now());
      photos++;
    },
    random: () => randoms[i++ % randoms.length]!,
  });
  return { scheduler, taken, photos: () => photos };
}

describe('periodic photos', () => {
  it('takes each photo after 100000 ms x (1..6) and stops at 5', async () => {
    vi.setSystemTime(0);
    const { scheduler, taken, photos } = setup([0, 0.99, 0.2, 0.5, 0.0, 0.4]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(99_999);
    expect(photos()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(photos()).toBe(1);
    await vi.advanceTimersByTimeAsync(600_000); // factor 6
    expect(photos()).toBe(2);
    await vi.advanceTimersByTimeAsync(200_000 + 400_000 + 100_000); // factors 2, 4, 1
    expect(photos()).toBe(5);
    expect(taken.map((t, k) => (k === 0 ? t : t - taken[k - 1]!))).toEqual([100_000, 600_000, 200_000, 400_000, 100_000]);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(photos()).toBe(5);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not start when the section already has 5 (e.g. after a reload)', async () => {
    const { scheduler, photos } = setup([0], 5);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1_000_000);
    expect(photos()).toBe(5);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('goes on after a failed capture and stops on stop()', async () => {
    let attempts = 0;
    const scheduler = createPhotoScheduler({ count: () => 0, capture: () => Promise.reject(new Error(`camera ${++attempts}`)), random: () => 0 });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(attempts).toBe(3);
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(attempts).toBe(3);
    expect(scheduler.running).toBe(false);
  });
});

describe('the base interval', () => {
  it('a production build always uses the spec value; other builds honour ?photo-interval-ms', () => {
    expect(photoBaseMs('?photo-interval-ms=2000', 'production')).toBe(100_000);
    expect(photoBaseMs('?photo-interval-ms=2000', 'bench')).toBe(2_000);
    expect(photoBaseMs('', 'development')).toBe(100_000);
    expect(photoBaseMs('?photo-interval-ms=5', 'development')).toBe(100_000); // nonsense is ignored
  });
});
