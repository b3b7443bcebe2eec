import { describe, expect, it } from 'vitest';
import { letterbox, unletterbox } from './letterbox.ts';

describe('letterbox', () => {
  it('fits a 4:3 frame into the square with bars above and below', () => {
    expect(letterbox(640, 480, 128)).toEqual({ size: 128, dx: 0, dy: 16, width: 128, height: 96 });
    expect(letterbox(480, 640, 128)).toEqual({ size: 128, dx: 16, dy: 0, width: 96, height: 128 });
    expect(letterbox(128, 128, 128)).toEqual({ size: 128, dx: 0, dy: 0, width: 128, height: 128 });
  });

  it('maps a box in the square back to the frame, normalised, without the padding', () => {
    const lb = letterbox(640, 480, 128);
    // A box covering the middle half of the picture area.
    const box = unletterbox({ x1: 32, y1: 16 + 24, x2: 96, y2: 16 + 72 }, lb);
    expect(box.x).toBeCloseTo(0.25);
    expect(box.y).toBeCloseTo(0.25);
    expect(box.width).toBeCloseTo(0.5);
    expect(box.height).toBeCloseTo(0.5);
  });

  it('clips a box that reaches into the padding to the frame', () => {
    const box = unletterbox({ x1: -10, y1: 0, x2: 64, y2: 30 }, letterbox(640, 480, 128));
    expect(box).toMatchObject({ x: 0, y: 0 });
    expect(box.width).toBeCloseTo(0.5);
    expect(box.height).toBeCloseTo(14 / 96);
  });

  it('rejects an empty frame', () => {
    expect(() => letterbox(0, 480, 128)).toThrow(RangeError);
  });
});
