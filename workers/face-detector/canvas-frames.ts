// Browser frame reader: draws an ImageBitmap or VideoFrame letterboxed into the model's 128x128
// square on a small OffscreenCanvas and reads those 64 KB back, instead of reading the whole frame
// and resizing it in tfjs. The caller closes the frame.
import type { AnyFrame, FrameReader, PreparedFrame } from './face-detector.ts';
import { isRgbaImage, MODEL_SIZE, readRgbaFrame } from './face-detector.ts';
import { letterbox } from './letterbox.ts';

export function frameSize(frame: ImageBitmap | VideoFrame): { width: number; height: number } {
  return 'displayWidth' in frame
    ? { width: frame.displayWidth, height: frame.displayHeight }
    : { width: frame.width, height: frame.height };
}

export function createCanvasFrameReader(size = MODEL_SIZE): FrameReader {
  let ctx: OffscreenCanvasRenderingContext2D | null = null;
  return (frame: AnyFrame): PreparedFrame => {
    if (isRgbaImage(frame)) return readRgbaFrame(frame);
    const { width, height } = frameSize(frame);
    const lb = letterbox(width, height, size);
    ctx ??= new OffscreenCanvas(size, size).getContext('2d', { willReadFrequently: true, alpha: false });
    if (!ctx) throw new Error('no 2d context on OffscreenCanvas');
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, size, size);
    ctx.imageSmoothingQuality = 'medium';
    ctx.drawImage(frame, lb.dx, lb.dy, lb.width, lb.height);
    return { pixels: ctx.getImageData(0, 0, size, size), placed: true, letterbox: lb, frameWidth: width, frameHeight: height };
  };
}
