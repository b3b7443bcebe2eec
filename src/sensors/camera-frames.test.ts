import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasTrackProcessor, startCameraFrames } from './camera-frames.ts';
import type { FrameSink } from './camera-frames.ts';

class FakeTrack extends EventTarget {
  readyState: 'live' | 'ended' = 'live';
  end() {
    this.readyState = 'ended';
    this.dispatchEvent(new Event('ended'));
  }
}

function fakeStream(track = new FakeTrack()) {
  return { track, stream: { getVideoTracks: () => [track] } as unknown as MediaStream };
}

function fakeSink() {
  const pushed: Array<{ close: () => void; options: ImageBitmapOptions }> = [];
  const readables: ReadableStream<VideoFrame>[] = [];
  const sink: FrameSink = {
    watchReadable: async (r) => void readables.push(r),
    pushFrame: async (bitmap) => void pushed.push(bitmap as unknown as (typeof pushed)[number]),
  };
  return { sink, pushed, readables };
}

/** What createImageBitmap needs from a <video> that has a picture. */
const playingVideo = () => ({ readyState: 4, videoWidth: 640, videoHeight: 480, isConnected: false }) as unknown as HTMLVideoElement;

const g = globalThis as { MediaStreamTrackProcessor?: unknown; createImageBitmap?: unknown };

describe('camera frames: MediaStreamTrackProcessor path', () => {
  afterEach(() => delete g.MediaStreamTrackProcessor);

  it('creates the processor on the page and hands its readable over once', async () => {
    const inits: Array<{ track: unknown; maxBufferSize?: number }> = [];
    g.MediaStreamTrackProcessor = class {
      readable = new ReadableStream<VideoFrame>();
      constructor(init: { track: unknown; maxBufferSize?: number }) {
        inits.push(init);
      }
    };
    expect(hasTrackProcessor()).toBe(true);
    const { stream, track } = fakeStream();
    const { sink, readables, pushed } = fakeSink();
    const frames = startCameraFrames(stream, sink, { ratePerSecond: 4 });
    await Promise.resolve();
    expect(frames.mode).toBe('processor');
    expect(inits).toEqual([{ track, maxBufferSize: 1 }]);
    expect(readables).toHaveLength(1);
    expect(pushed).toHaveLength(0); // the page does no per-frame work
    frames.stop();
  });
});

/** No track processor: frames come from createImageBitmap on a fake-timer schedule. */
function useBitmapFallback(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    g.createImageBitmap = vi.fn(async (_video: unknown, options: ImageBitmapOptions) => ({ close: vi.fn(), options }));
  });
  afterEach(() => {
    vi.useRealTimers();
    delete g.createImageBitmap;
  });
}

describe('camera frames: bitmap fallback', () => {
  useBitmapFallback();

  it('sends downscaled bitmaps at the detection rate', async () => {
    expect(hasTrackProcessor()).toBe(false);
    const { stream } = fakeStream();
    const { sink, pushed } = fakeSink();
    const frames = startCameraFrames(stream, sink, { ratePerSecond: 4, video: playingVideo() });
    expect(frames.mode).toBe('bitmap');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(pushed.length).toBeGreaterThanOrEqual(7);
    expect(pushed.length).toBeLessThanOrEqual(9);
    expect(pushed[0]!.options).toEqual({ resizeWidth: 320, resizeHeight: 240 });
    frames.stop();
    const count = pushed.length;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(pushed).toHaveLength(count);
  });

  it('stops and says so when the camera track ends', async () => {
    const { stream, track } = fakeStream();
    const { sink, pushed } = fakeSink();
    const onEnded = vi.fn();
    const frames = startCameraFrames(stream, sink, { ratePerSecond: 10, video: playingVideo(), onEnded });
    await vi.advanceTimersByTimeAsync(500);
    track.end();
    expect(onEnded).toHaveBeenCalledOnce();
    expect(frames.stopped).toBe(true);
    const count = pushed.length;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(pushed).toHaveLength(count);
  });

  it('stops on abort, and reports a track that has already ended', async () => {
    const controller = new AbortController();
    const { stream } = fakeStream();
    const { sink, pushed } = fakeSink();
    const frames = startCameraFrames(stream, sink, { ratePerSecond: 4, video: playingVideo(), signal: controller.signal });
    controller.abort();
    expect(frames.stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(pushed).toHaveLength(0);

    const ended = new FakeTrack();
    ended.readyState = 'ended';
    const onEnded = vi.fn();
    startCameraFrames(fakeStream(ended).stream, sink, { ratePerSecond: 4, video: playingVideo(), onEnded });
    await Promise.resolve();
    expect(onEnded).toHaveBeenCalledOnce();
  });

});

describe('camera frames: bitmap fallback, timing', () => {
  useBitmapFallback();

  it('waits for the video to have a picture', async () => {
    const video = { readyState: 0, videoWidth: 0, videoHeight: 0, isConnected: false } as { readyState: number; videoWidth: number; videoHeight: number; isConnected: boolean };
    const { sink, pushed } = fakeSink();
    const frames = startCameraFrames(fakeStream().stream, sink, { ratePerSecond: 4, video: video as unknown as HTMLVideoElement });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(pushed).toHaveLength(0);
    Object.assign(video, { readyState: 4, videoWidth: 640, videoHeight: 480 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(pushed.length).toBeGreaterThan(0);
    frames.stop();
  });

  it('closes a bitmap that arrives after stop', async () => {
    let release!: (b: { close: () => void }) => void;
    const bitmap = { close: vi.fn() };
    g.createImageBitmap = vi.fn(() => new Promise((r) => (release = r)));
    const { sink, pushed } = fakeSink();
    const frames = startCameraFrames(fakeStream().stream, sink, { ratePerSecond: 4, video: playingVideo() });
    await vi.advanceTimersByTimeAsync(300);
    frames.stop();
    release(bitmap);
    await vi.advanceTimersByTimeAsync(0);
    expect(bitmap.close).toHaveBeenCalled();
    expect(pushed).toHaveLength(0);
  });

  it('keeps one bitmap in flight: the next is grabbed once the worker answered', async () => {
    const answers: Array<() => void> = [];
    const sent: unknown[] = [];
    const sink: FrameSink = {
      watchReadable: async () => {},
      pushFrame: (bitmap) => new Promise((resolve) => (sent.push(bitmap), answers.push(() => resolve(undefined)))),
    };
    const frames = startCameraFrames(fakeStream().stream, sink, { ratePerSecond: 10, video: playingVideo() });
    // A detection that takes 2 s: ten slots pass, and no bitmap is made for them.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent).toHaveLength(1);
    expect(g.createImageBitmap).toHaveBeenCalledTimes(1);
    answers[0]!();
    await vi.advanceTimersByTimeAsync(150);
    expect(sent).toHaveLength(2);
    frames.stop();
  });

  it('closes a bitmap the worker could not be sent', async () => {
    const bitmaps: Array<{ close: ReturnType<typeof vi.fn> }> = [];
    g.createImageBitmap = vi.fn(async () => {
      const b = { close: vi.fn() };
      bitmaps.push(b);
      return b;
    });
    const onError = vi.fn();
    const sink: FrameSink = { watchReadable: async () => {}, pushFrame: () => Promise.reject(new Error('worker gone')) };
    const frames = startCameraFrames(fakeStream().stream, sink, { ratePerSecond: 4, video: playingVideo(), onError });
    await vi.advanceTimersByTimeAsync(600);
    frames.stop();
    expect(bitmaps.length).toBeGreaterThan(0);
    expect(bitmaps.every((b) => b.close.mock.calls.length === 1)).toBe(true);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'worker gone' }));
  });

  it('follows the worker when it changes its rate', async () => {
    const { sink, pushed } = fakeSink();
    const frames = startCameraFrames(fakeStream().stream, sink, { ratePerSecond: 4, video: playingVideo() });
    await vi.advanceTimersByTimeAsync(2_000);
    const atFour = pushed.length;
    frames.setRate(1.5);
    await vi.advanceTimersByTimeAsync(4_000);
    // 4 s at 1.5/s: 6 bitmaps (one slot of the old rate may still fall in), not 16.
    expect(pushed.length - atFour).toBeGreaterThanOrEqual(5);
    expect(pushed.length - atFour).toBeLessThanOrEqual(7);
    frames.stop();
  });
});
