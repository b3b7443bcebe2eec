// The photo-encoder worker: a camera frame -> a small JPEG, off the main thread.
import { PHOTO_SIZE } from '../../contracts/facts/index.ts';
import type { Transferring } from '../_shared/transfer.ts';

export interface EncodeOptions {
  /** Output size; proctoring photos are 240x140 (the default). */
  width?: number;
  height?: number;
  /** JPEG quality 0..1, default 0.8. */
  quality?: number;
  /** 'cover' (default) crops the frame's centre to the output's aspect; 'contain' pads with black. */
  fit?: 'cover' | 'contain';
}

/** Spec 9: 240x140 (contracts/facts PHOTO_SIZE). */
export const PROCTORING_PHOTO = PHOTO_SIZE;

export interface EncodedPhoto {
  /** The JPEG bytes (moved to the page, not copied). */
  bytes: ArrayBuffer;
  type: 'image/jpeg';
  width: number;
  height: number;
}

export type PhotoEncoderErrorCode =
  | 'invalid-argument'
  | 'not-jpeg' // the browser produced something else (e.g. PNG when it cannot encode JPEG)
  | 'encode-failed';

export interface PhotoEncoderApi {
  /** Encodes one frame (transfer it); the frame is closed afterwards, also on failure. */
  encodeJpeg(frame: ImageBitmap | VideoFrame, options?: EncodeOptions): Promise<Transferring<EncodedPhoto>>;
}
