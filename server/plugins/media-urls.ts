// Puts the media URL signer on the instance (`app.mediaUrls`) for every route registered after it:
// section content, the member's media, later proctoring photos and certificates.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadMediaUrlSigner, type MediaUrlSigner } from '../services/media/media-urls.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mediaUrls: MediaUrlSigner;
  }
}

export interface MediaUrlsPluginOptions { apiBase: string; ttlSeconds: number; jwtSecret: string | undefined }

export const mediaUrlsPlugin = fp(async (app: FastifyInstance, opts: MediaUrlsPluginOptions) => {
  app.decorate('mediaUrls', await loadMediaUrlSigner(app.db, opts.jwtSecret, { apiBase: opts.apiBase, ttlSeconds: opts.ttlSeconds, clock: app.clock }));
}, { name: 'epot-media-urls', dependencies: ['epot-database', 'epot-clock'] });
