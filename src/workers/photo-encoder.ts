// Proctoring photos on the page: grabs a frame from the <video> and has the photo-encoder worker
// turn it into a 240x140 JPEG. The worker is started on first use and stops when idle.
import type { EncodeOptions, PhotoEncoderApi } from '../../workers/photo-encoder/contract.ts';
import { createWorkerBridge } from './worker-bridge.ts';
import type { CallOptions, WorkerLike } from './worker-bridge.ts';

type Signal = Pick<CallOptions, 'signal'>;

/** The worker's default output width (PROCTORING_PHOTO in the contract). */
const DEFAULT_WIDTH = 240;

export function createPhotoEncoderClient({ create }: { create: () => WorkerLike }) {
  const bridge = createWorkerBridge<PhotoEncoderApi>({
    name: 'photo-encoder',
    create,
    timeoutMs: 10_000,
    // Photos come minutes apart, and a live encoder holds its isolate and what its last drawImage of
    // a camera frame allocated (issue 26: with photos the exam renderer held 10-15 MB more). Two
    // seconds still serve a burst (the two photos at submission, a violation's photo).
    idleTimeoutMs: 2_000,
  });

  /** Encodes a frame (moved to the worker, closed there) into a JPEG Blob. */
  async function encodePhoto(frame: ImageBitmap | VideoFrame, { signal, ...options }: EncodeOptions & Signal = {}): Promise<Blob> {
    const photo = await bridge.call('encodeJpeg', [frame, options], { signal, transfer: [frame] });
    return new Blob([photo.bytes], { type: photo.type });
  }

  /**
   * Takes a proctoring photo from a playing <video>; the worker crops it to 240x140. Where WebCodecs
   * exists the current frame goes to the worker as a VideoFrame (a reference, no copy on the page:
   * issue 16, a low-end laptop spent a long task on the page's downscale); elsewhere it is grabbed
   * at twice the output width (enough for a sharp crop), keeping its aspect ratio.
   */
  async function capturePhoto(video: HTMLVideoElement, options: EncodeOptions & Signal = {}): Promise<Blob> {
    const width = Math.min(video.videoWidth, 2 * (options.width ?? DEFAULT_WIDTH));
    if (!width) throw new Error('the camera has no picture yet');
    if (typeof VideoFrame === 'function') {
      const frame = new VideoFrame(video);
      try {
        return await encodePhoto(frame, options);
      } finally {
        // Once moved to the worker this does nothing; a call that failed before leaves no camera frame held.
        frame.close();
      }
    }
    const bitmap = await createImageBitmap(video, {
      resizeWidth: width,
      resizeHeight: Math.round((width * video.videoHeight) / video.videoWidth),
      resizeQuality: 'high',
    });
    return encodePhoto(bitmap, options);
  }

  return { encodePhoto, capturePhoto, terminate: () => bridge.terminate() };
}

const photoEncoder = createPhotoEncoderClient({
  create: () =>
    new Worker(new URL('../../workers/photo-encoder/photo-encoder.worker.ts', import.meta.url), {
      type: 'module',
      name: 'photo-encoder',
    }),
});

export const encodePhoto = photoEncoder.encodePhoto;
export const capturePhoto = photoEncoder.capturePhoto;
