import { describe, expect, it, vi } from 'vitest';
import type { Outcome } from '../_shared/protocol.ts';
import { isTransferring, transferListOf } from '../_shared/transfer.ts';
import { toWireApi } from '../_shared/expose-api.ts';
import type { EncodedPhoto } from './contract.ts';
import { createPhotoEncoder, fitRect, isJpeg } from './photo-encoder.ts';
import type { Drawable, EncoderCanvas } from './photo-encoder.ts';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A stand-in for OffscreenCanvas that records the draw and returns the bytes it is given. */
function fakeCanvas(output: { bytes: Uint8Array<ArrayBuffer>; type: string } | Error) {
  const draws: number[][] = [];
  const made: Array<{ width: number; height: number; options?: { type: string; quality?: number } }> = [];
  const create = (width: number, height: number): EncoderCanvas => {
    const record: (typeof made)[number] = { width, height };
    made.push(record);
    return {
      getContext: () => ({
        fillStyle: '',
        fillRect: () => {},
        drawImage: (...args: unknown[]) => void draws.push(args.slice(1) as number[]),
      }) as unknown as ReturnType<EncoderCanvas['getContext']>,
      convertToBlob: async (options) => {
        record.options = options;
        if (output instanceof Error) throw output;
        return new Blob([output.bytes], { type: output.type });
      },
    };
  };
  return { create, draws, made };
}

const frame = (width = 640, height = 480) => ({ width, height, close: vi.fn() }) as unknown as Drawable & { close: ReturnType<typeof vi.fn> };

describe('photo encoder', () => {
  it('encodes a 240x140 JPEG by default, cropping the centre of the frame', async () => {
    const canvas = fakeCanvas({ bytes: JPEG, type: 'image/jpeg' });
    const f = frame();
    const result = await createPhotoEncoder(canvas.create).encodeJpeg(f);
    expect(isTransferring(result)).toBe(true);
    expect(result.value).toMatchObject({ type: 'image/jpeg', width: 240, height: 140 });
    expect([...new Uint8Array(result.value.bytes)]).toEqual([...JPEG]);
    expect(transferListOf(result)).toEqual([result.value.bytes]); // moved to the page, not copied
    expect(canvas.made[0]).toMatchObject({ width: 240, height: 140, options: { type: 'image/jpeg', quality: 0.8 } });
    // 640x480 -> 240x140 cover: full width, a centred band of 640 * 140/240 = 373.3 rows.
    const [sx, sy, sw, sh, dx, dy, dw, dh] = canvas.draws[0]!;
    expect([sx, sw, dx, dy, dw, dh]).toEqual([0, 640, 0, 0, 240, 140]);
    expect(sh).toBeCloseTo(373.33, 1);
    expect(sy).toBeCloseTo((480 - 373.33) / 2, 1);
    expect(f.close).toHaveBeenCalledOnce();
  });

  it("rejects a canvas that silently produced PNG with code 'not-jpeg'", async () => {
    const f = frame();
    const encoder = createPhotoEncoder(fakeCanvas({ bytes: PNG, type: 'image/png' }).create);
    await expect(encoder.encodeJpeg(f)).rejects.toMatchObject({ code: 'not-jpeg' });
    // A blob that claims to be JPEG but is not is caught by the magic bytes.
    const liar = createPhotoEncoder(fakeCanvas({ bytes: PNG, type: 'image/jpeg' }).create);
    await expect(liar.encodeJpeg(frame())).rejects.toMatchObject({ code: 'not-jpeg' });
    expect(f.close).toHaveBeenCalledOnce(); // closed on failure too
  });

  it('reports encoder failures and bad arguments with typed codes', async () => {
    const broken = createPhotoEncoder(fakeCanvas(new Error('out of memory')).create);
    await expect(broken.encodeJpeg(frame())).rejects.toMatchObject({ code: 'encode-failed' });
    const ok = createPhotoEncoder(fakeCanvas({ bytes: JPEG, type: 'image/jpeg' }).create);
    await expect(ok.encodeJpeg(frame(), { width: 0 })).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(ok.encodeJpeg(frame(), { quality: 2 })).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(ok.encodeJpeg(frame(0, 0))).rejects.toMatchObject({ code: 'invalid-argument' });
  });

  it('crosses the wire as an Outcome with the bytes in the transfer list', async () => {
    const transfers: Transferable[][] = [];
    const wire = toWireApi(
      { transfer: (obj, list) => (transfers.push(list), obj) },
      createPhotoEncoder(fakeCanvas({ bytes: JPEG, type: 'image/jpeg' }).create),
    );
    const outcome = (await wire.encodeJpeg(frame())) as Outcome<EncodedPhoto>;
    expect(outcome.ok && outcome.value.type).toBe('image/jpeg');
    expect(transfers[0]?.[0]).toBeInstanceOf(ArrayBuffer);
  });

  it('fitRect: contain pads instead of cropping', () => {
    expect(fitRect({ width: 640, height: 480 }, { width: 240, height: 140 }, 'contain')).toMatchObject({
      sx: 0, sy: 0, sw: 640, sh: 480, dh: 140,
    });
    const r = fitRect({ width: 640, height: 480 }, { width: 240, height: 140 }, 'contain');
    expect(r.dw).toBeCloseTo(186.67, 1);
    expect(r.dx).toBeCloseTo((240 - 186.67) / 2, 1);
  });

  it('isJpeg checks the FF D8 FF magic bytes', () => {
    expect(isJpeg(JPEG.buffer)).toBe(true);
    expect(isJpeg(PNG.buffer)).toBe(false);
    expect(isJpeg(new ArrayBuffer(2))).toBe(false);
  });
});
