// Test support: reads frames of the webcam fixtures (.y4m, yuv420p) as RGBA, so Node tests feed the
// real model exactly what Chromium's fake camera plays. Pure: the caller reads the bytes (node:fs).

export interface Y4mInfo {
  width: number;
  height: number;
  /** Bytes before the first frame (the header line). */
  headerBytes: number;
  /** Bytes per frame including its `FRAME\n` line. */
  frameBytes: number;
  /** 'limited' = TV range (Y 16..235), as make-fixtures.sh writes. */
  range: 'limited' | 'full';
}

const FRAME_LINE = 'FRAME\n';

/** Parses the header line; `head` must hold at least the first line (512 bytes is plenty). */
export function parseY4mHeader(head: Uint8Array): Y4mInfo {
  const end = head.indexOf(0x0a);
  if (end < 0) throw new Error('y4m: no header line');
  const line = new TextDecoder().decode(head.subarray(0, end));
  const fields = line.split(' ');
  if (fields[0] !== 'YUV4MPEG2') throw new Error(`y4m: not a YUV4MPEG2 file (${fields[0]})`);
  const field = (tag: string) => fields.find((f) => f.startsWith(tag))?.slice(tag.length);
  const width = Number(field('W'));
  const height = Number(field('H'));
  const chroma = field('C') ?? '420jpeg';
  if (!chroma.startsWith('420')) throw new Error(`y4m: only 4:2:0 is supported, got C${chroma}`);
  const range = field('XCOLORRANGE=') === 'FULL' ? 'full' : 'limited';
  const planes = width * height + 2 * (width / 2) * (height / 2);
  return { width, height, headerBytes: end + 1, frameBytes: FRAME_LINE.length + planes, range };
}

/** Byte offset and length of frame `index` (0-based) in the file. */
export function frameSpan(info: Y4mInfo, index: number): { offset: number; length: number } {
  return { offset: info.headerBytes + index * info.frameBytes, length: info.frameBytes };
}

/** One frame's bytes (with its FRAME line) -> RGBA, BT.601. */
export function y4mFrameToRgba(info: Y4mInfo, frame: Uint8Array): { width: number; height: number; data: Uint8ClampedArray } {
  const { width: w, height: h } = info;
  const tag = new TextDecoder().decode(frame.subarray(0, 5));
  if (tag !== 'FRAME') throw new Error('y4m: frame does not start with FRAME');
  const start = frame.indexOf(0x0a) + 1;
  const y = frame.subarray(start, start + w * h);
  const u = frame.subarray(start + w * h, start + w * h + (w * h) / 4);
  const v = frame.subarray(start + w * h + (w * h) / 4, start + (w * h * 3) / 2);
  const data = new Uint8ClampedArray(w * h * 4);
  const limited = info.range === 'limited';
  for (let row = 0; row < h; row++) {
    for (let col = 0; col < w; col++) {
      const c = (row >> 1) * (w >> 1) + (col >> 1);
      const Y = limited ? 1.164 * (y[row * w + col]! - 16) : y[row * w + col]!;
      const U = u[c]! - 128;
      const V = v[c]! - 128;
      const k = limited ? 1 : 0.875; // full-range chroma spans 0..255 instead of 16..240
      const o = (row * w + col) * 4;
      data[o] = Y + 1.596 * k * V;
      data[o + 1] = Y - 0.392 * k * U - 0.813 * k * V;
      data[o + 2] = Y + 2.017 * k * U;
      data[o + 3] = 255;
    }
  }
  return { width: w, height: h, data };
}
