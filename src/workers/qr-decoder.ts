// /verify's scan mode (issue 28) on the page: a frame from the <video> goes to the qr-decoder
// worker (moved, not copied); the page only renders. Started on first use, stopped when idle.
import type { QrDecoderApi } from '../../workers/qr-decoder/contract.ts';
import { createWorkerBridge } from './worker-bridge.ts';

/** Frames are downscaled to this width: plenty for a QR that fills part of the picture. */
const SCAN_WIDTH = 960;

const bridge = createWorkerBridge<QrDecoderApi>({
  name: 'qr-decoder',
  create: () => new Worker(new URL('../../workers/qr-decoder/qr-decoder.worker.ts', import.meta.url), { type: 'module', name: 'qr-decoder' }),
  timeoutMs: 10_000,
  idleTimeoutMs: 30_000,
});

/** The QR text in the video's current frame, or null. */
export async function decodeVideoFrame(video: HTMLVideoElement, signal?: AbortSignal): Promise<string | null> {
  const width = Math.min(video.videoWidth, SCAN_WIDTH);
  if (!width) return null;
  const bitmap = await createImageBitmap(video, { resizeWidth: width, resizeHeight: Math.round((width * video.videoHeight) / video.videoWidth) });
  return bridge.call('decodeQr', [bitmap], { transfer: [bitmap], ...(signal ? { signal } : {}) });
}

export const stopQrDecoder = () => bridge.terminate();
