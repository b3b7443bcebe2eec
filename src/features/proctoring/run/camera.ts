// The section's camera: one stream shown in the run's <video> (photos are taken from it) and watched
// by the face detector at the section rate. A refused camera or a detector that cannot start is a
// monitoring problem, not an error.
import type { FaceDetectorSettings } from '../../../../workers/face-detector/contract.ts';
import type { Monitoring } from './monitoring.ts';
import type { RunContext } from './run-context.ts';

/** The face detector's rate during the sections (the camera check samples faster). */
const SECTION_FACE_SETTINGS: Partial<FaceDetectorSettings> = { ratePerSecond: 4 };

export function createCamera(ctx: RunContext, monitoring: Monitoring) {
  const { deps, video } = ctx;
  let stream: MediaStream | null = null;

  function stopStream(): void {
    stream?.getTracks().forEach((t) => t.stop());
    stream = null;
  }

  async function start(): Promise<void> {
    try {
      stream = await deps.openCamera();
    } catch (error) {
      monitoring.problem('camera-denied', (error as { name?: string } | null)?.name ?? String(error));
      return;
    }
    if (ctx.disposed) return stopStream();
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    try {
      await deps.startFace({ stream, video, settings: SECTION_FACE_SETTINGS });
    } catch (error) {
      if (!ctx.disposed) monitoring.problem('detector-unavailable', error instanceof Error ? error.message : String(error));
    }
  }

  return {
    start,
    stopStream,
    /** A live picture to take a photo from. */
    usable: () => stream !== null && stream.getVideoTracks().some((t) => t.readyState === 'live'),
  };
}

export type Camera = ReturnType<typeof createCamera>;
