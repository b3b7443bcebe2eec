// Entry point only: the plain detector with the browser's backends, the frame reader and the model URL.
import * as Comlink from 'comlink';
import { EventChannel } from '../_shared/event-channel.ts';
import { exposeApi } from '../_shared/expose-api.ts';
import { browserBackends } from './backends.ts';
import { createCanvasFrameReader } from './canvas-frames.ts';
import { createVideoFrameReader } from './video-frames.ts';
import type { FaceDetectorApi, FaceDetectorEvent } from './contract.ts';
import { createFaceDetector } from './face-detector.ts';

const events = new EventChannel<FaceDetectorEvent>();
const detector: FaceDetectorApi = createFaceDetector({
  emit: (event) => events.emit(event),
  model: '/models/blazeface/model.json',
  backends: browserBackends,
  readFrame: createVideoFrameReader({
    fallback: createCanvasFrameReader(),
    wrap: (bitmap) => new VideoFrame(bitmap, { timestamp: 0 }),
  }),
});
exposeApi(Comlink, detector, { events });
