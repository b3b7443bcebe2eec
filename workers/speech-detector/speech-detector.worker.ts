// Entry point only: Silero VAD on onnxruntime-web's single-threaded WASM build. The model is copied to
// public/ by `npm run models` (server/cli/models.ts); the .wasm is emitted by the build as an asset
// (the package finds it next to itself), so both are served by our server and nothing else.
import * as Comlink from 'comlink';
import * as ort from 'onnxruntime-web/wasm';
import { EventChannel } from '../_shared/event-channel.ts';
import { exposeApi } from '../_shared/expose-api.ts';
import type { SpeechDetectorApi, SpeechDetectorEvent } from './contract.ts';
import { createSpeechDetector } from './speech-detector.ts';

export const SILERO_MODEL_URL = '/models/silero/silero_vad_legacy.onnx';

ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'error';

const events = new EventChannel<SpeechDetectorEvent>();
const detector: SpeechDetectorApi = createSpeechDetector({
  emit: (event) => events.emit(event),
  ort,
  fetchModel: async () => {
    const res = await fetch(SILERO_MODEL_URL);
    if (!res.ok) throw new Error(`${SILERO_MODEL_URL}: HTTP ${res.status}`);
    return res.arrayBuffer();
  },
});
exposeApi(Comlink, detector, { events });
