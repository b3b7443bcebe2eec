// /verify's scan mode (issue 28) on the page: a frame from the <video> goes to the qr-decoder
// worker (moved, not copied); the page only renders. Started on first use, stopped when idle.
import type { QrDecoderApi } from '../../workers/qr-decoder/contract.ts';
import { createWorkerBridge } from './worker-bridge.ts';

const bridge = createWorkerBridge<QrDecoderApi>({
  name: 'qr-decoder',
  create: () => new Worker(new URL('../../workers/qr-decoder/qr-decoder.worker.ts', import.meta.url), { type: 'module', name: 'qr-decoder' }),
  timeoutMs: 10_000,
  idleTimeoutMs: 30_000,
});

/**
 * The QR text in the video's current frame, or null. Where WebCodecs exists the frame goes to the
 * worker as a VideoFrame (a reference: no copy or downscale on the page, as the photo encoder does);
 * elsewhere as a bitmap, which the worker scales.
 */
export async function decodeVideoFrame(video: HTMLVideoElement, signal?: AbortSignal): Promise<string | null> {
  if (!video.videoWidth) return null;
  const frame = typeof VideoFrame === 'function' ? new VideoFrame(video) : await createImageBitmap(video);
  try {
    return await bridge.call('decodeQr', [frame], { transfer: [frame], ...(signal ? { signal } : {}) });
  } finally {
    // Once moved this does nothing; a call that failed before leaves no camera frame held.
    frame.close();
  }
}

export const stopQrDecoder = () => bridge.terminate();
