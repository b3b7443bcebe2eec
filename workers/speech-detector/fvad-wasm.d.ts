// @echogarden/fvad-wasm ships JavaScript only: its Emscripten factory, typed as far as the worker
// uses it (vad-model.ts types the module it resolves to), and its .wasm as a Vite `?url` asset.
declare module '@echogarden/fvad-wasm' {
  /** Emscripten's module factory; `wasmBinary` hands it the bytes instead of a fetch of its own. */
  export default function createFvad(options?: { wasmBinary?: ArrayBuffer; locateFile?: (path: string) => string }): Promise<unknown>;
}

declare module '@echogarden/fvad-wasm/fvad.wasm?url' {
  const url: string;
  export default url;
}
