// Serves the built SPA (dist/) and answers unknown paths: API paths get the JSON 404, page
// navigations outside the API get index.html (history fallback, the client router takes over).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const NOT_FOUND_MESSAGE = 'Endpoint tidak ditemukan';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface SpaStaticOptions {
  apiBase: string;
  /** The built SPA; ignored when it has no index.html. */
  staticDir?: string;
}

function isUnder(url: string, base: string): boolean {
  const path = url.split('?', 1)[0]!;
  return path === base || path.startsWith(base + '/');
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

/**
 * Cache policy by file: Vite's hashed /assets/* never change; index.html and sw.js must be revalidated.
 * `filePath` is the file sent, so a precompressed copy's .br/.gz is dropped first.
 */
function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  const name = filePath.replaceAll('\\', '/').replace(/\.(br|gz)$/, '');
  if (name.includes('/assets/')) reply.header('cache-control', IMMUTABLE);
  else if (name.endsWith('/index.html') || name.endsWith('/sw.js')) reply.header('cache-control', 'no-cache');
}

export const spaStaticPlugin = fp(async (app: FastifyInstance, opts: SpaStaticOptions) => {
  const spa = !!opts.staticDir && existsSync(join(opts.staticDir, 'index.html'));
  if (spa) {
    await app.register(fastifyStatic, {
      root: opts.staticDir!,
      wildcard: true, // resolve files per request: a rebuilt dist/ needs no restart
      // The build writes .br/.gz copies (server/cli/precompress.ts): sent by Accept-Encoding, with Vary.
      preCompressed: true,
      setHeaders: setCacheHeaders,
    });
  } else if (opts.staticDir) {
    app.log.debug({ staticDir: opts.staticDir }, 'no built SPA found: serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    if (spa && wantsHtml(request) && !isUnder(request.url, opts.apiBase)) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ status: 404, message: NOT_FOUND_MESSAGE });
  });
}, { name: 'epot-spa-static' });
