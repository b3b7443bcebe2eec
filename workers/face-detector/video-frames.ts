// Frame reader without a canvas: VideoFrame.copyTo converts the camera frame to RGBA into a buffer
// reused for every frame, and a box filter shrinks it into the model's letterboxed 128x128 square
// (also reused). Drawing each frame on an OffscreenCanvas and reading it back grew the renderer by
// about 1.3 MB per detection (about 5 MB/s at 4/s, measured with the bench page's PSS) until the tab
// held hundreds of MB; this path holds two buffers. ImageBitmaps (the page's fallback pump) are
// wrapped in a VideoFrame first. Where copyTo cannot convert to RGBA (older browsers), the canvas
// reader takes over. Plain: Node tests pass a stand-in for VideoFrame.
import type { AnyFrame, FrameReader, PreparedFrame } from './face-detector.ts';
import { isRgbaImage, MODEL_SIZE, readRgbaFrame } from './face-detector.ts';
import { letterbox } from './letterbox.ts';

/** The part of VideoFrame this reader uses. */
export interface CopyableFrame {
  readonly displayWidth: number;
  readonly displayHeight: number;
  readonly visibleRect: { width: number; height: number } | null;
  allocationSize(options: { format: 'RGBA' }): number;
  copyTo(destination: Uint8Array, options: { format: 'RGBA' }): Promise<Array<{ offset: number; stride: number }>>;
  close(): void;
}

export interface VideoFrameReaderOptions {
  size?: number;
  /** For what copyTo cannot do (no RGBA conversion in this browser). */
  fallback?: FrameReader;
  /** Wraps an ImageBitmap in a VideoFrame (the browser: `new VideoFrame(bitmap, { timestamp: 0 })`). */
  wrap?: (bitmap: ImageBitmap) => CopyableFrame;
}

const isCopyable = (frame: unknown): frame is CopyableFrame =>
  typeof frame === 'object' && frame !== null && typeof (frame as CopyableFrame).copyTo === 'function';

/**
 * Shrinks `src` (RGBA rows of `stride` bytes from `offset`) into `out` (size x size RGBA, black
 * around the letterbox): each output pixel averages the source pixels it covers, as a canvas's
 * smoothed downscale does.
 */
export function boxDownscale(
  src: Uint8Array, offset: number, stride: number, width: number, height: number, out: Uint8ClampedArray, size: number,
): ReturnType<typeof letterbox> {
  const lb = letterbox(width, height, size);
  out.fill(0);
  for (let i = 3; i < out.length; i += 4) out[i] = 255;
  for (let oy = 0; oy < lb.height; oy++) {
    const y0 = Math.floor((oy * height) / lb.height);
    const y1 = Math.max(y0 + 1, Math.floor(((oy + 1) * height) / lb.height));
    for (let ox = 0; ox < lb.width; ox++) {
      const x0 = Math.floor((ox * width) / lb.width);
      const x1 = Math.max(x0 + 1, Math.floor(((ox + 1) * width) / lb.width));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let y = y0; y < y1; y++) {
        let p = offset + y * stride + x0 * 4;
        for (let x = x0; x < x1; x++, p += 4) {
          r += src[p]!;
          g += src[p + 1]!;
          b += src[p + 2]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = ((oy + lb.dy) * size + ox + lb.dx) * 4;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
    }
  }
  return lb;
}

export function createVideoFrameReader({ size = MODEL_SIZE, fallback, wrap }: VideoFrameReaderOptions = {}): FrameReader {
  let rgba = new Uint8Array(0);
  const out = new Uint8ClampedArray(size * size * 4);
  let copyWorks = true;

  async function read(frame: CopyableFrame): Promise<PreparedFrame> {
    const width = frame.visibleRect?.width ?? frame.displayWidth;
    const height = frame.visibleRect?.height ?? frame.displayHeight;
    const bytes = frame.allocationSize({ format: 'RGBA' });
    if (rgba.byteLength < bytes) rgba = new Uint8Array(bytes);
    const [plane] = await frame.copyTo(rgba, { format: 'RGBA' });
    const lb = boxDownscale(rgba, plane?.offset ?? 0, plane?.stride ?? width * 4, width, height, out, size);
    return { pixels: { width: size, height: size, data: out }, placed: true, letterbox: lb, frameWidth: frame.displayWidth, frameHeight: frame.displayHeight };
  }

  return async (frame: AnyFrame): Promise<PreparedFrame> => {
    if (isRgbaImage(frame)) return readRgbaFrame(frame);
    if (copyWorks) {
      const copyable = isCopyable(frame) ? frame : wrap?.(frame as ImageBitmap);
      try {
        if (copyable) return await read(copyable);
      } catch (error) {
        if (!fallback) throw error;
        copyWorks = false; // e.g. no RGBA conversion in copyTo: the canvas from now on
      } finally {
        if (copyable && copyable !== frame) copyable.close();
      }
    }
    if (!fallback) throw new Error('this frame cannot be read without a canvas');
    return fallback(frame);
  };
}
