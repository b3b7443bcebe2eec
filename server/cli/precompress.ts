// Writes brotli (.br) and gzip (.gz) copies of the built SPA's compressible files next to them, for
// @fastify/static's `preCompressed` (server/plugins/spa-static.ts): a slow mobile link then gets the
// JavaScript, CSS and WASM compressed without the server compressing on every request. A copy is kept
// only when it saves at least a tenth (images, audio and the face weights barely shrink). Run as the
// last step of `vite build` (vite.config.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|wasm|vtt|txt)$/;
const MIN_BYTES = 1024;
/** Brotli's best level is slow (about 1 MB/s); large files (the speech detector's WASM) get a faster one. */
const BEST_UP_TO = 2 * 1024 * 1024;

function files(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) files(p, out);
    else if (entry.isFile()) out.push(p);
  }
  return out;
}

export interface PrecompressStats { files: number; bytes: number; brotliBytes: number; gzipBytes: number }

export function precompressDir(dir: string): PrecompressStats {
  const stats: PrecompressStats = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: body.length <= BEST_UP_TO ? constants.BROTLI_MAX_QUALITY : 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    let kept = false;
    if (br.length <= body.length * 0.9) { writeFileSync(`${file}.br`, br); kept = true; }
    if (gz.length <= body.length * 0.9) { writeFileSync(`${file}.gz`, gz); kept = true; }
    if (!kept) continue;
    stats.files++;
    stats.bytes += body.length;
    stats.brotliBytes += Math.min(br.length, body.length);
    stats.gzipBytes += Math.min(gz.length, body.length);
  }
  return stats;
}
