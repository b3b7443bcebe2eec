// Pixel data must be moved between threads, never copied: a 640x480 RGBA frame is 1.2 MB and
// structured-cloning it per frame costs more than detecting faces in it.

const TRANSFERRING = Symbol('epot.transferring');

/** A method result whose listed buffers are moved to the page instead of copied. */
export interface Transferring<T> {
  readonly [TRANSFERRING]: readonly Transferable[];
  readonly value: T;
}

/** Return `withTransfer(result, transferablesOf(result.pixels))` from an exposed method. */
export function withTransfer<T>(value: T, transfer: readonly Transferable[]): Transferring<T> {
  return { [TRANSFERRING]: transfer, value };
}

export function isTransferring(value: unknown): value is Transferring<unknown> {
  return typeof value === 'object' && value !== null && TRANSFERRING in value;
}

export function transferListOf(value: Transferring<unknown>): Transferable[] {
  return [...value[TRANSFERRING]];
}

type Movable = ArrayBuffer | ArrayBufferView | { data: Uint8ClampedArray } | Transferable;

/**
 * The transfer list for some pixel holders (typed arrays, ImageData, ImageBitmap, ports...).
 * De-duplicated, because listing the same buffer twice makes postMessage throw DataCloneError,
 * and SharedArrayBuffers are skipped: they are shared, not transferable.
 */
export function transferablesOf(...values: Movable[]): Transferable[] {
  const out = new Set<Transferable>();
  for (const v of values) {
    const buffer = ArrayBuffer.isView(v) ? v.buffer : isImageDataLike(v) ? v.data.buffer : v;
    if (typeof SharedArrayBuffer !== 'undefined' && buffer instanceof SharedArrayBuffer) continue;
    out.add(buffer as Transferable);
  }
  return [...out];
}

function isImageDataLike(v: Movable): v is { data: Uint8ClampedArray } {
  return typeof v === 'object' && 'data' in v && v.data instanceof Uint8ClampedArray;
}
