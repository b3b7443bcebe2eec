import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { MODEL_CACHE_NAME } from './contracts/facts/static-assets.ts';
import { precompressDir } from './server/cli/precompress.ts';

// The API origin used by `npm run dev` (the dev script starts the API there).
const devApi = process.env.EPOT_DEV_API ?? 'http://127.0.0.1:8081';

// Cross-origin isolation lets the WASM backend use threads; the production server sends the same headers.
// The staff console (/admin) loads lazily and never with the candidate app: every chunk holding a
// module of src/console is named staff-*, and the service worker does not precache those
// (tests/unit/bundle-budget.test.ts proves both). Its stylesheet follows the chunk's name.
const STAFF_MODULE = /[\\/]src[\\/]console[\\/]/;
const staffChunk = (moduleIds: string[]) => moduleIds.some((id) => STAFF_MODULE.test(id));

const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** .br/.gz copies of the finished build (after the service worker is written) for the server's preCompressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  let log = (line: string) => console.log(line);
  return {
    name: 'epot-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      log = (line) => config.logger.info(line);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const s = precompressDir(outDir);
        const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
        log(`precompressed ${s.files} files: ${kb(s.bytes)} -> brotli ${kb(s.brotliBytes)}, gzip ${kb(s.gzipBytes)}`);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    // Offline cache of the app shell; a new build shows the 'Perbarui' prompt (registerType prompt).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        // The speech detector's WASM (libfvad, 20 KB) is precached with the shell: small, and speech
        // detection then starts offline too.
        globPatterns: ['**/*.{js,css,html,svg}', 'assets/fvad-*.wasm'],
        // Face model and WASM are large and change rarely: not precached (every candidate would get
        // them with the app shell); the device check fetches them into this cache with progress
        // (src/lib/exam-assets.ts), and whatever is missing is cached on first use.
        // Staff chunks are fetched by the console only (never offline for candidates).
        globIgnores: ['**/models/**', '**/tfjs-wasm/**', '**/audio/**', '**/assets/staff-*'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/models/') || url.pathname.startsWith('/tfjs-wasm/'),
            handler: 'CacheFirst',
            options: { cacheName: MODEL_CACHE_NAME, expiration: { maxEntries: 20 } },
          },
          {
            // Issue 28: the issuer's public keys, so /verify checks a QR's signature offline too
            // (the network first: a key newly marked compromised shows as soon as it is reachable).
            urlPattern: ({ url }) => url.pathname === '/.well-known/jwks.json',
            handler: 'NetworkFirst',
            options: { cacheName: 'epot-issuer-keys', networkTimeoutSeconds: 4, expiration: { maxEntries: 2 } },
          },
        ],
        cleanupOutdatedCaches: true,
      },
    }),
    precompress(),
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
