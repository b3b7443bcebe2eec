import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API origin used by `npm run dev` (the dev script starts the API there).
const devApi = process.env.EPOT_DEV_API ?? 'http://127.0.0.1:8081';

// Cross-origin isolation lets the WASM backend use threads; the production server sends the same headers.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: {
    headers: isolation,
    proxy: { '/api': { target: devApi, changeOrigin: false } },
  },
  preview: { headers: isolation },
});
