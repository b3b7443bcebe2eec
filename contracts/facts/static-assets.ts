// Where the server serves the face model and the tfjs WASM binaries (public/, filled by
// `npm run models`), and the Cache Storage cache the service worker keeps them in. The SPA fetches
// them into that cache ahead of the test (src/lib/exam-assets.ts); the face-detector worker loads
// the same URLs (workers/face-detector/*.ts; tests/unit/static-assets.test.ts keeps them in step).
export const MODEL_CACHE_NAME = 'epot-models';
export const FACE_MODEL_URL = '/models/blazeface/model.json';
/** model.json and the weights it names. */
export const FACE_MODEL_FILES = [FACE_MODEL_URL, '/models/blazeface/group1-shard1of1.bin'] as const;
export const TFJS_WASM_PATH = '/tfjs-wasm/';
/** The binary tfjs-backend-wasm loads with threads off (the worker turns them off): SIMD or plain. */
export const tfjsWasmUrl = (simd: boolean) => `${TFJS_WASM_PATH}${simd ? 'tfjs-backend-wasm-simd.wasm' : 'tfjs-backend-wasm.wasm'}`;
