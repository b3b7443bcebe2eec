// Builds the face-detection benchmark harness (bench/harness/) into .tmp/bench-face-detection.
// A separate build from the SPA: its main-thread baselines load TensorFlow.js on the page, which the
// app itself never does. `tsx bench/face-detection.ts` runs this build when its inputs changed.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('./harness'),
  publicDir: false,
  logLevel: 'warn',
  worker: { format: 'es' },
  build: {
    outDir: here('../.tmp/bench-face-detection'),
    emptyOutDir: true,
    sourcemap: false,
    minify: process.env.BENCH_MINIFY !== '0',
    chunkSizeWarningLimit: 5000,
    reportCompressedSize: false,
  },
});
