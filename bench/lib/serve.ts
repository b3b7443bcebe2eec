// A tiny static server for the benchmark page: the built harness plus the model, the tfjs WASM
// binaries and face-api's weights, with the same cross-origin isolation headers as the app server.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.bin': 'application/octet-stream',
  '.css': 'text/css',
};

/** `mounts`: URL prefix -> folder, longest prefix first; '/' is the built page. */
export async function serveStatic(mounts: Record<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  const prefixes = Object.keys(mounts).sort((a, b) => b.length - a.length);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const prefix = prefixes.find((p) => path.startsWith(p))!;
    const base = mounts[prefix]!;
    const rel = path.slice(prefix.length) || 'index.html';
    const file = normalize(join(base, rel));
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    if (!file.startsWith(normalize(base) + sep) || !existsSync(file) || !statSync(file).isFile()) {
      if (process.env.BENCH_DEBUG) console.error(`[serve] 404 ${path}`);
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
