// Baseline: face-api.js (@vladmandic/face-api, SSD MobileNet v1, minConfidence 0.5) on the main
// thread, the usual way proctoring pages detect faces. Its weights ship in the npm package and are
// served from /face-api-model/. Loaded only by its scenario (dynamic import): it bundles its own tfjs.
import * as faceapi from '@vladmandic/face-api';

interface BundledTf {
  setBackend(name: string): Promise<boolean>;
  getBackend(): string;
  ready(): Promise<void>;
  setWasmPaths?: (prefix: string) => void;
  env(): { set(flag: string, value: boolean): void };
}

export async function createFaceApiDetector(): Promise<{
  backend: string;
  loadMs: number;
  warmUpMs: number;
  detect(source: HTMLCanvasElement): Promise<number>;
}> {
  const tf = faceapi.tf as unknown as BundledTf;
  tf.setWasmPaths?.(new URL('/tfjs-wasm/', location.origin).href);
  // As for our worker: the threaded WASM build cannot start its threads once minified.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  // Its best backend here, tried like ours: WASM, then WebGL (SwiftShader), then CPU.
  for (const name of ['wasm', 'webgl', 'cpu']) {
    try {
      if (await tf.setBackend(name)) break;
    } catch {
      /* next */
    }
  }
  await tf.ready();
  let t = performance.now();
  await faceapi.nets.ssdMobilenetv1.loadFromUri('/face-api-model');
  const loadMs = performance.now() - t;
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5 });
  const warm = document.createElement('canvas');
  warm.width = 320;
  warm.height = 240;
  t = performance.now();
  await faceapi.detectAllFaces(warm, options);
  const warmUpMs = performance.now() - t;
  return {
    backend: tf.getBackend(),
    loadMs,
    warmUpMs,
    detect: async (source) => (await faceapi.detectAllFaces(source, options)).length,
  };
}
