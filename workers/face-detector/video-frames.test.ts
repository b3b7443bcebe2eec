import { describe, expect, it, vi } from 'vitest';
import type { CopyableFrame } from './video-frames.ts';
import { boxDownscale, createVideoFrameReader } from './video-frames.ts';

/** A stand-in for a VideoFrame holding `rgba` (width x height); copyTo writes rows `stride` apart from `offset`. */
function copyableFrame(width: number, height: number, rgba: Uint8Array | Uint8ClampedArray, { offset = 0, stride = width * 4 } = {}) {
  return {
    displayWidth: width,
    displayHeight: height,
    visibleRect: { width, height },
    allocationSize: () => offset + stride * height,
    copyTo: vi.fn(async (dest: Uint8Array, options: { format: 'RGBA' }) => {
      expect(options.format).toBe('RGBA');
      for (let y = 0; y < height; y++) dest.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), offset + y * stride);
      return [{ offset, stride }];
    }),
    close: vi.fn(),
  } satisfies CopyableFrame;
}

describe('box downscale into the letterboxed square', () => {
  it('averages the pixels each output pixel covers and leaves black bars', () => {
    // 4x2: left half red 200, right half blue 100 -> 2x1 in a 2x2 square (one black row).
    const src = new Uint8Array(4 * 2 * 4);
    for (let y = 0; y < 2; y++) {
      for (let x = 0; x < 4; x++) {
        const p = (y * 4 + x) * 4;
        if (x < 2) src[p] = 200;
        else src[p + 2] = 100;
        src[p + 3] = 255;
      }
    }
    const out = new Uint8ClampedArray(2 * 2 * 4);
    const lb = boxDownscale(src, 0, 16, 4, 2, out, 2);
    expect(lb).toMatchObject({ width: 2, height: 1 });
    const row = (y: number) => Array.from(out.subarray(y * 8, y * 8 + 8));
    const image = [row(0), row(1)];
    const content = image[lb.dy]!;
    expect(content).toEqual([200, 0, 0, 255, 0, 0, 100, 255]);
    expect(image[1 - lb.dy]).toEqual([0, 0, 0, 255, 0, 0, 0, 255]);
  });
});

describe('video frame reader', () => {
  const gray = (w: number, h: number, v: number) => new Uint8Array(w * h * 4).fill(v);

  it('copies as RGBA with the layout copyTo reports, into buffers it reuses', async () => {
    const read = createVideoFrameReader({ size: 8 });
    const a = copyableFrame(16, 12, gray(16, 12, 90), { offset: 32, stride: 16 * 4 + 16 });
    const first = await read(a as unknown as VideoFrame);
    expect(first).toMatchObject({ placed: true, frameWidth: 16, frameHeight: 12, letterbox: { width: 8, height: 6, dx: 0, dy: 1 } });
    expect(first.pixels.data[(2 * 8 + 3) * 4]).toBe(90); // inside the picture
    expect(first.pixels.data[0]).toBe(0); // the bar above it
    const second = await read(copyableFrame(16, 12, gray(16, 12, 30)) as unknown as VideoFrame);
    expect(second.pixels.data).toBe(first.pixels.data); // one output buffer for every frame
    expect(second.pixels.data[(2 * 8 + 3) * 4]).toBe(30);
    expect(a.close).not.toHaveBeenCalled(); // the detector closes what it was given
  });

  it('wraps an ImageBitmap in a frame it closes; falls back to the canvas for good when copyTo cannot convert', async () => {
    const wrapped = copyableFrame(4, 4, gray(4, 4, 50));
    const fallback = vi.fn(() => ({ pixels: { width: 1, height: 1, data: new Uint8ClampedArray(4) }, placed: true, letterbox: { size: 1, width: 1, height: 1, dx: 0, dy: 0 }, frameWidth: 1, frameHeight: 1 }));
    const read = createVideoFrameReader({ size: 4, fallback, wrap: () => wrapped });
    const bitmap = { width: 4, height: 4, close: vi.fn() } as unknown as ImageBitmap;
    expect((await read(bitmap)).pixels.data[0]).toBe(50);
    expect(wrapped.close).toHaveBeenCalledOnce();

    const refusing = { ...copyableFrame(4, 4, gray(4, 4, 1)), copyTo: vi.fn(() => Promise.reject(new TypeError('format not supported'))) };
    await read(refusing as unknown as VideoFrame);
    await read(copyableFrame(4, 4, gray(4, 4, 1)) as unknown as VideoFrame);
    expect(fallback).toHaveBeenCalledTimes(2);
    await expect(createVideoFrameReader()(refusing as unknown as VideoFrame)).rejects.toThrow('format not supported');
  });
});
