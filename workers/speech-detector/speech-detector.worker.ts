// Entry point only: WebRTC's VAD (libfvad compiled to WASM, @echogarden/fvad-wasm) behind the
// detector. The 20 KB .wasm is a build asset served by our server like every other; nothing is
// fetched from anywhere else, and no audio leaves the worker.
import * as Comlink from 'comlink';
import createFvad from '@echogarden/fvad-wasm';
import fvadWasmUrl from '@echogarden/fvad-wasm/fvad.wasm?url';
import { EventChannel } from '../_shared/event-channel.ts';
import { exposeApi } from '../_shared/expose-api.ts';
import type { SpeechDetectorApi, SpeechDetectorEvent } from './contract.ts';
import { createSpeechDetector } from './speech-detector.ts';
import { createWebRtcVad } from './vad-model.ts';
import type { FvadModule } from './vad-model.ts';

export const FVAD_WASM_URL: string = fvadWasmUrl;

const events = new EventChannel<SpeechDetectorEvent>();
const detector: SpeechDetectorApi = createSpeechDetector({
  emit: (event) => events.emit(event),
  vad: 'webrtc',
  loadModel: async () => {
    const res = await fetch(FVAD_WASM_URL);
    if (!res.ok) throw new Error(`${FVAD_WASM_URL}: HTTP ${res.status}`);
    const fvad = (await createFvad({ wasmBinary: await res.arrayBuffer() })) as FvadModule;
    return createWebRtcVad(fvad);
  },
});
exposeApi(Comlink, detector, { events });
