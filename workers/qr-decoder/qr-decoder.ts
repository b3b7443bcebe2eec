// The decoder itself, plain TypeScript: the canvas is injected so Node tests decode real QR images
// without a browser.
import jsQR from 'jsqr';
import { QR_SCAN_WIDTH, type QrDecoderApi } from './contract.ts';

/** The part of OffscreenCanvas the decoder uses. */
export interface DecoderCanvas {
  width: number;
  height: number;
  getContext(type: '2d', options?: { willReadFrequently?: boolean }): Pick<OffscreenCanvasRenderingContext2D, 'drawImage' | 'getImageData'> | null;
}

/** The QR's text in RGBA pixels, or null. */
export function decodePixels(rgba: Uint8ClampedArray, width: number, height: number): string | null {
  // A printed QR photographed is dark on light: the inverted attempt only costs time.
  return jsQR(rgba, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

export function createQrDecoder(makeCanvas: (w: number, h: number) => DecoderCanvas = (w, h) => new OffscreenCanvas(w, h)): QrDecoderApi {
  let canvas: DecoderCanvas | null = null;
  return {
    async decodeQr(frame) {
      try {
        // A VideoFrame (the camera's frame, no copy on the page) or a bitmap; scaled down here, not on the page.
        const [w, h] = 'displayWidth' in frame ? [frame.displayWidth, frame.displayHeight] : [frame.width, frame.height];
        const width = Math.min(w, QR_SCAN_WIDTH);
        const height = Math.round((h * width) / w);
        if (!canvas || canvas.width !== width || canvas.height !== height) canvas = makeCanvas(width, height);
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        if (!ctx) return null;
        ctx.drawImage(frame, 0, 0, width, height);
        return decodePixels(ctx.getImageData(0, 0, width, height).data, width, height);
      } finally {
        frame.close();
      }
    },
  };
}
