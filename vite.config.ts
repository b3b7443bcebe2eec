import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The API origin used by `npm run dev` (the dev script starts the API there).
const devApi = process.env.EPOT_DEV_API ?? 'http://127.0.0.1:8081';

// Cross-origin isolation lets the WASM backend use threads; the production server sends the same headers.
// The staff console (/admin) loads lazily and never with the candidate app: every chunk holding a
// module of src/features/staff is named staff-*, and the service worker does not precache those
// (tests/unit/bundle-budget.test.ts proves both). Its stylesheet follows the chunk's name.
const STAFF_MODULE = /[\\/]src[\\/]features[\\/]staff[\\/]/;
const staffChunk = (moduleIds: string[]) => moduleIds.some((id) => STAFF_MODULE.test(id));

const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [
    react(),
    // Offline cache of the app shell; a new build shows the 'Perbarui' prompt (registerType prompt).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg}'],
        // Face model and WASM are large and change rarely: cached on first use, not precached.
        // Staff chunks are fetched by the console only (never offline for candidates).
        globIgnores: ['**/models/**', '**/tfjs-wasm/**', '**/audio/**', '**/assets/staff-*'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/models/') || url.pathname.startsWith('/tfjs-wasm/'),
            handler: 'CacheFirst',
            options: { cacheName: 'epot-models', expiration: { maxEntries: 20 } },
          },
        ],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  worker: { format: 'es' },
  // The manifest lets tests/unit/bundle-budget.test.ts find the login route's chunks.
  build: {
    outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000, manifest: true,
    rolldownOptions: {
      output: {
        // axios in a chunk of its own, always: left to automatic chunking, rolldown put its runtime
        // helpers (__toESM…) into the axios chunk once the console shared axios with the candidate's
        // lazy client, and the entry then loaded axios at once (tests/unit/bundle-budget.test.ts).
        codeSplitting: { groups: [{ name: 'axios', test: /node_modules[\\/]axios[\\/]/ }] },
        chunkFileNames: (chunk) => (staffChunk(chunk.moduleIds) && !chunk.name.startsWith('staff') ? 'assets/staff-[name]-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  server: {
    headers: isolation,
    proxy: { '/api': { target: devApi, changeOrigin: false } },
  },
  preview: { headers: isolation },
});
