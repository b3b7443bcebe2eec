// Baseline: the same detector code (workers/face-detector/face-detector.ts) run on the main thread,
// to show what the worker saves. Loaded only by the main-thread scenarios (dynamic import).
import { browserBackends } from '../../workers/face-detector/backends.ts';
import { createCanvasFrameReader } from '../../workers/face-detector/canvas-frames.ts';
import type { DetectOutcome, FaceBackend, FaceDetectorInfo } from '../../workers/face-detector/contract.ts';
import { createFaceDetector } from '../../workers/face-detector/face-detector.ts';

export async function createMainThreadDetector(backend: FaceBackend): Promise<{
  info: FaceDetectorInfo;
  detect(frame: ImageBitmap): Promise<DetectOutcome>;
}> {
  const detector = createFaceDetector({
    emit: () => {},
    model: '/models/blazeface/model.json',
    backends: browserBackends,
    readFrame: createCanvasFrameReader(),
  });
  const info = await detector.load({ backends: [backend] });
  return { info, detect: (frame) => detector.detectFrame(frame) };
}
