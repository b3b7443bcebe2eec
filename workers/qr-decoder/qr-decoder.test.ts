// The scan mode's decoder (issue 28) on a real QR image: the certificate's credential URL, drawn
// as qrcode draws it at a phone camera's resolution, decodes to the exact text; a blank frame is null.
import { randomBytes } from 'node:crypto';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { createQrDecoder, decodePixels, type DecoderCanvas } from './qr-decoder.ts';

describe('decodePixels', () => {
  it("reads a certificate QR's credential URL and finds nothing in a blank frame", async () => {
    const text = `https://epot.example.id/verify/EPOT-7KQ2M9XP4RTA#${randomBytes(330).toString('base64url')}`;
    // 720 px: the QR filling most of a 720p camera frame.
    const png = PNG.sync.read(await QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, width: 720 }));
    expect(decodePixels(new Uint8ClampedArray(png.data), png.width, png.height)).toBe(text);
    expect(decodePixels(new Uint8ClampedArray(64 * 64 * 4).fill(255), 64, 64)).toBeNull();
  });

  it('scales a camera frame down to 960 px in the worker and closes it, found or not', async () => {
    const drawn: number[][] = [];
    const canvas = (w: number, h: number): DecoderCanvas => ({
      width: w, height: h,
      getContext: () => ({
        drawImage: ((...args: number[]) => { drawn.push(args.slice(1)); }) as never,
        getImageData: ((_x: number, _y: number, cw: number, ch: number) => ({ data: new Uint8ClampedArray(cw * ch * 4).fill(255) })) as never,
      }),
    });
    let closed = 0;
    const frame = { displayWidth: 1920, displayHeight: 1080, close: () => { closed++; } } as unknown as VideoFrame;
    expect(await createQrDecoder(canvas).decodeQr(frame)).toBeNull();
    expect(drawn).toEqual([[0, 0, 960, 540]]);
    expect(closed).toBe(1);
  });
});
