// The exam's large static files (face model, the tfjs WASM binary the detector will use) fetched into
// the service worker's model cache before 'Mulai Test', with progress in `examAssetsAtom`. One run at
// a time for the whole app: the device check starts it (and aborts it when left), a later call joins
// it, and the camera check waits for it so the worker does not download the same files beside it. A
// failure never blocks the candidate: the worker then loads the files from the network as it always could.
import { atom } from 'jotai';
import { FACE_MODEL_FILES, MODEL_CACHE_NAME, tfjsWasmUrl } from '../../contracts/facts/static-assets.ts';
import { idleProgress, prefetchToCache, type PrefetchDeps, type PrefetchProgress } from './asset-prefetch.ts';
import { appStore } from './store.ts';

export const examAssetsAtom = atom<PrefetchProgress>(idleProgress);

// A module with one function using a v128 instruction (i32.const 0; i8x16.splat; drop): it validates
// only where WebAssembly SIMD is supported, which is what makes tfjs pick its SIMD binary.
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00, // type section: () -> ()
  0x03, 0x02, 0x01, 0x00, // function section: one function of type 0
  0x0a, 0x09, 0x01, 0x07, 0x00, 0x41, 0x00, 0xfd, 0x0f, 0x1a, 0x0b, // code: i32.const 0, i8x16.splat, drop, end
]);

/** WebAssembly as far as the probe needs it; null where there is none. */
type Wasm = Pick<typeof WebAssembly, 'validate'> | null;
const browserWasm = (): Wasm => (typeof WebAssembly === 'object' ? WebAssembly : null);

export function wasmSimdSupported(wasm: Wasm = browserWasm()): boolean {
  try {
    return Boolean(wasm?.validate(SIMD_PROBE));
  } catch {
    return false;
  }
}

export interface ExamAssetNeeds {
  /** Face detection will run (the order requires it and this is not the headset-only check). */
  face: boolean;
}

/**
 * What the exam will fetch from our static files. The listening audio is not here: its URLs are
 * signed when the section starts and expire, so the <audio> streams it then (preload="auto").
 */
export function examAssetUrls({ face }: ExamAssetNeeds, wasm: Wasm = browserWasm()): string[] {
  if (!face) return [];
  // The detector's warm-up tries WASM first and keeps it when it is fast (it is on every machine
  // measured); without WebAssembly it falls back to WebGL or CPU and needs no binary.
  return wasm ? [...FACE_MODEL_FILES, tfjsWasmUrl(wasmSimdSupported(wasm))] : [...FACE_MODEL_FILES];
}

interface Run { key: string; controller: AbortController; promise: Promise<PrefetchProgress>; result: PrefetchProgress | null }

export interface ExamAssetsDeps extends Pick<PrefetchDeps, 'caches' | 'fetch'> {
  store: typeof appStore;
  wasm?: Wasm;
}

export function createExamAssets({ store, wasm = browserWasm(), caches, fetch }: ExamAssetsDeps) {
  let run: Run | null = null;
  return {
    /** Starts (or joins) the prefetch; resolves with the final progress, never rejects. A run that failed or was aborted starts again. */
    prefetch(needs: ExamAssetNeeds): Promise<PrefetchProgress> {
      const urls = examAssetUrls(needs, wasm);
      const key = urls.join('\n');
      if (run && run.key === key && (run.result === null || run.result.status === 'done')) return run.promise;
      run?.controller.abort();
      const controller = new AbortController();
      const promise = prefetchToCache(urls, {
        cacheName: MODEL_CACHE_NAME,
        caches,
        fetch,
        signal: controller.signal,
        onProgress: (p) => {
          if (run?.controller === controller) store.set(examAssetsAtom, p);
        },
      });
      const current: Run = { key, controller, promise, result: null };
      void promise.then((result) => { current.result = result; });
      run = current;
      return promise;
    },
    /** Resolves when the current run has ended (at once when there is none). */
    settled(): Promise<void> {
      return run ? run.promise.then(() => undefined) : Promise.resolve();
    },
    /** Stops the current run (the candidate left the device check); what was stored stays, the next run fetches the rest. */
    abort(): void {
      if (!run) return;
      run.controller.abort();
      run = null;
      const progress = store.get(examAssetsAtom);
      if (progress.status === 'loading' || progress.status === 'idle') store.set(examAssetsAtom, { ...progress, status: 'aborted' });
    },
  };
}

const examAssets = createExamAssets({ store: appStore });

export const prefetchExamAssets = examAssets.prefetch;
export const examAssetsSettled = examAssets.settled;
export const abortExamAssetPrefetch = examAssets.abort;
