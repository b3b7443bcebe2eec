// The tfjs backends a browser thread can try, in the order the warm-up tries them. WASM first: on
// the machines measured so far it wins (~9 ms) while WebGL in a worker is SwiftShader (software) and
// far slower; the warm-up measures rather than trusts that. Only WASM is in the worker's bundle: WebGL
// and CPU are imported (and so registered) when the warm-up gets to them, so a worker where WASM
// wins never parses or holds their code.
import * as tf from '@tensorflow/tfjs-core';
import { getThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import type * as TfWebgl from '@tensorflow/tfjs-backend-webgl';
import type { BackendCandidate } from './face-detector.ts';

/** Where the server serves the tfjs .wasm binaries (public/tfjs-wasm/, filled by `npm run models`). */
export const WASM_PATH = '/tfjs-wasm/';

let wasmPathsSet = false;

/**
 * Points tfjs at our .wasm files and keeps it on the single-threaded build. The threaded build
 * (picked when cross-origin isolated) starts its pthread workers from the source text of its own
 * factory function (Function.prototype.toString). Minified by our production build, that text refers
 * to names of the bundle that do not exist in the new worker ("e is not defined") and the whole
 * face-detector worker dies. Unminified it loads, but XNNPACK ran 1 thread on these 2-core machines and
 * was no faster (bench/README.md, face detection), so we use the single-threaded SIMD build everywhere.
 */
export function configureWasm(): void {
  if (wasmPathsSet || typeof self === 'undefined' || !self.location) return;
  // An absolute URL: a relative one would resolve against the worker script's URL.
  setWasmPaths(new URL(WASM_PATH, self.location.origin).href);
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  wasmPathsSet = true;
}

// When this module loads, not only in the candidate's `prepare`: any tf.* call made before the warm-up
// that makes tfjs initialise a backend on its own (a tensor count, say) then gets this build too, not
// the threaded one with its 8 pthread workers (issue 26).
configureWasm();

/** Loses a WebGL context now instead of whenever it is collected: it holds GPU and driver memory. */
function loseContext(gl: WebGLRenderingContext | WebGL2RenderingContext | null | undefined): void {
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
}

function canUseWebgl(): boolean {
  if (typeof OffscreenCanvas === 'undefined') return false;
  try {
    const canvas = new OffscreenCanvas(1, 1);
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    loseContext(gl); // a probe only; tfjs makes its own
    return Boolean(gl);
  } catch {
    return false;
  }
}

/** A WebGL renderer that runs on the CPU: SwiftShader (Chromium's fallback without a usable GPU), Mesa's llvmpipe/softpipe/lavapipe. */
export function isSoftwareRenderer(renderer: string): boolean {
  return /swiftshader|llvmpipe|softpipe|lavapipe|software/i.test(renderer);
}

/**
 * Why the automatic warm-up leaves WebGL out, or null: on a software renderer it is never faster than
 * WASM (bench/README, face detection: 92 ms against ~10 ms), and its trial compiles every shader on
 * the CPU, which on a busy machine kept the camera check at 'Menyambungkan kamera…' for over a minute
 * (the warm-up's time budget is only checked between backends). A laptop without a usable GPU is such
 * a machine.
 */
function softwareWebgl(): string | null {
  if (typeof OffscreenCanvas === 'undefined') return null;
  try {
    const canvas = new OffscreenCanvas(1, 1);
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return null;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
    loseContext(gl);
    return isSoftwareRenderer(renderer) ? `software WebGL (${renderer.slice(0, 80)}): WASM is faster` : null;
  } catch {
    return null;
  }
}

let webglModule: typeof TfWebgl | null = null;

export const browserBackends: BackendCandidate[] = [
  {
    name: 'wasm',
    available: () => typeof WebAssembly === 'object',
    prepare: configureWasm,
    async describe() {
      // Threads need cross-origin isolation (SharedArrayBuffer); the server sends COOP/COEP.
      return { simd: Boolean(await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT')), threads: getThreadsCount() };
    },
  },
  {
    name: 'webgl',
    available: canUseWebgl,
    notWorthTrying: softwareWebgl,
    async prepare() {
      webglModule ??= await import('@tensorflow/tfjs-backend-webgl');
    },
    release() {
      const gpgpu = (tf.findBackend('webgl') as { gpgpu?: { gl?: WebGLRenderingContext } } | null)?.gpgpu;
      tf.removeBackend('webgl'); // programs and textures
      // tfjs caches the context for a later WebGL backend; drop it and lose it.
      for (const version of [1, 2]) webglModule?.setWebGLContext(version, null as unknown as WebGLRenderingContext);
      loseContext(gpgpu?.gl);
    },
  },
  {
    name: 'cpu',
    async prepare() {
      await import('@tensorflow/tfjs-backend-cpu');
    },
  },
];
