// BlazeFace 0.1.0 resizes whatever it gets to 128x128, squashing a 4:3 frame so faces become
// narrower than anything it was trained on. We letterbox instead: scale the frame to fit a square
// and pad the rest, then map the boxes back out of the padding.

export interface Letterbox {
  /** Side of the square. */
  size: number;
  /** Where the scaled frame sits in the square, and its scaled size. */
  dx: number;
  dy: number;
  width: number;
  height: number;
}

/** Fits a `srcWidth` x `srcHeight` frame into a `size` square, centred. */
export function letterbox(srcWidth: number, srcHeight: number, size: number): Letterbox {
  if (!(srcWidth > 0 && srcHeight > 0 && size > 0)) {
    throw new RangeError(`letterbox: bad size ${srcWidth}x${srcHeight} -> ${size}`);
  }
  const scale = size / Math.max(srcWidth, srcHeight);
  const width = Math.round(srcWidth * scale);
  const height = Math.round(srcHeight * scale);
  return { size, dx: Math.floor((size - width) / 2), dy: Math.floor((size - height) / 2), width, height };
}

export interface NormBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * A box in square pixels (top-left, bottom-right) -> normalised to the original frame (0..1),
 * clipped to the frame: a box reaching into the padding ends at the frame's edge.
 */
export function unletterbox(box: { x1: number; y1: number; x2: number; y2: number }, lb: Letterbox): NormBox {
  const x1 = clamp01((box.x1 - lb.dx) / lb.width);
  const y1 = clamp01((box.y1 - lb.dy) / lb.height);
  const x2 = clamp01((box.x2 - lb.dx) / lb.width);
  const y2 = clamp01((box.y2 - lb.dy) / lb.height);
  return { x: x1, y: y1, width: Math.max(0, x2 - x1), height: Math.max(0, y2 - y1) };
}

/** Points in square pixels -> normalised to the original frame (not clipped: a keypoint may lie outside). */
export function unletterboxPoints(points: ReadonlyArray<readonly [number, number]>, lb: Letterbox): Array<[number, number]> {
  return points.map(([x, y]) => [(x - lb.dx) / lb.width, (y - lb.dy) / lb.height]);
}
