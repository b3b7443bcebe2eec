// Headers sent with every response (API, static files, errors). COOP + COEP make the page
// cross-origin isolated, which the face detector's threaded WASM needs (SharedArrayBuffer).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type CspDirectives = Record<string, string[]>;

const baseCsp: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'worker-src': ["'self'", 'blob:'],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The one place the Content-Security-Policy is built. `extra` adds sources per directive
 * (e.g. Google sign-in: script-src/connect-src/frame-src https://accounts.google.com).
 */
export function buildCsp(extra: CspDirectives = {}): string {
  const merged: CspDirectives = { ...baseCsp };
  for (const [directive, sources] of Object.entries(extra)) {
    merged[directive] = [...new Set([...(merged[directive] ?? []), ...sources])];
  }
  return Object.entries(merged).map(([d, s]) => `${d} ${s.join(' ')}`).join('; ');
}

export interface SecurityHeadersOptions { csp?: CspDirectives }

export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: SecurityHeadersOptions) => {
  const csp = buildCsp(opts.csp);
  // onRequest (not onSend) so the headers are already on the reply when a stream or an error is sent.
  app.addHook('onRequest', async (request, reply) => {
    reply.headers({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': csp,
    });
    // HSTS only over TLS: `protocol` honours X-Forwarded-Proto from a trusted proxy. Over plain
    // http it would be ignored by browsers anyway, and on localhost it would stick for every port.
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
  // API answers carry tokens, personal data and staff exports: no browser or proxy may keep them
  // (issue 29 item 14). A route that is meant to be cached (public announcement images, signed media
  // until their URL expires) sets its own Cache-Control and keeps it; errors of those routes get no-store.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && (!reply.hasHeader('cache-control') || reply.statusCode >= 400)) reply.header('cache-control', 'no-store');
    return payload;
  });
}, { name: 'epot-security-headers' });
