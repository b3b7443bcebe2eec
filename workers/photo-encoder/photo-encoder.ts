// The encoder itself, plain TypeScript: the canvas is injected so Node tests can check the cropping
// and the JPEG check without a browser. Like squoosh, it verifies what the browser produced: a
// canvas that cannot encode JPEG silently returns PNG.
import { transferablesOf, withTransfer } from '../_shared/transfer.ts';
import type { Transferring } from '../_shared/transfer.ts';
import { WorkerError } from '../_shared/worker-error.ts';
import type { EncodedPhoto, EncodeOptions, PhotoEncoderApi, PhotoEncoderErrorCode } from './contract.ts';
import { PROCTORING_PHOTO } from './contract.ts';

/** The part of OffscreenCanvas the encoder uses. */
export interface EncoderCanvas {
  getContext(type: '2d'): Pick<OffscreenCanvasRenderingContext2D, 'drawImage' | 'fillRect'> & { fillStyle: unknown; imageSmoothingQuality?: unknown } | null;
  convertToBlob(options: { type: string; quality?: number }): Promise<Blob>;
}

export type Drawable = ImageBitmap | VideoFrame;

/** The source rectangle to draw and where it lands, for 'cover' (crop) or 'contain' (pad). */
export function fitRect(
  src: { width: number; height: number },
  dst: { width: number; height: number },
  fit: 'cover' | 'contain',
): { sx: number; sy: number; sw: number; sh: number; dx: number; dy: number; dw: number; dh: number } {
  const scale = fit === 'cover' ? Math.max(dst.width / src.width, dst.height / src.height) : Math.min(dst.width / src.width, dst.height / src.height);
  if (fit === 'cover') {
    const sw = dst.width / scale;
    const sh = dst.height / scale;
    return { sx: (src.width - sw) / 2, sy: (src.height - sh) / 2, sw, sh, dx: 0, dy: 0, dw: dst.width, dh: dst.height };
  }
  const dw = src.width * scale;
  const dh = src.height * scale;
  return { sx: 0, sy: 0, sw: src.width, sh: src.height, dx: (dst.width - dw) / 2, dy: (dst.height - dh) / 2, dw, dh };
}

export function isJpeg(bytes: ArrayBuffer): boolean {
  const b = new Uint8Array(bytes, 0, Math.min(3, bytes.byteLength));
  return b.length === 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
}

function sizeOf(frame: Drawable): { width: number; height: number } {
  return 'displayWidth' in frame ? { width: frame.displayWidth, height: frame.displayHeight } : { width: frame.width, height: frame.height };
}

const fail = (code: PhotoEncoderErrorCode, message: string) => new WorkerError<PhotoEncoderErrorCode>(code, message);

export function createPhotoEncoder(
  createCanvas: (width: number, height: number) => EncoderCanvas = (w, h) => new OffscreenCanvas(w, h) as unknown as EncoderCanvas,
): PhotoEncoderApi {
  return {
    async encodeJpeg(frame, options: EncodeOptions = {}): Promise<Transferring<EncodedPhoto>> {
      try {
        const { width = PROCTORING_PHOTO.width, height = PROCTORING_PHOTO.height, quality = 0.8, fit = 'cover' } = options;
        if (![width, height].every((v) => Number.isInteger(v) && v > 0 && v <= 4096) || !(quality >= 0 && quality <= 1)) {
          throw fail('invalid-argument', `bad size or quality: ${width}x${height} q${quality}`);
        }
        const src = sizeOf(frame);
        if (!(src.width > 0 && src.height > 0)) throw fail('invalid-argument', 'the frame is empty or already closed');
        const canvas = createCanvas(width, height);
        const ctx = canvas.getContext('2d');
        if (!ctx) throw fail('encode-failed', 'no 2d context');
        const r = fitRect(src, { width, height }, fit);
        ctx.fillStyle = '#000';
        ctx.fillRect(0, 0, width, height);
        // A full camera frame is scaled down here (the page no longer downscales it first).
        ctx.imageSmoothingQuality = 'high';
        ctx.drawImage(frame, r.sx, r.sy, r.sw, r.sh, r.dx, r.dy, r.dw, r.dh);
        let blob: Blob;
        try {
          blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
        } catch (error) {
          throw fail('encode-failed', `convertToBlob failed: ${String(error)}`);
        }
        const bytes = await blob.arrayBuffer();
        if (blob.type !== 'image/jpeg' || !isJpeg(bytes)) {
          throw fail('not-jpeg', `the canvas produced ${blob.type || 'an unknown type'}, not image/jpeg`);
        }
        return withTransfer<EncodedPhoto>({ bytes, type: 'image/jpeg', width, height }, transferablesOf(bytes));
      } finally {
        frame.close();
      }
    },
  };
}
