// Puts the media URL signer on the instance (`app.mediaUrls`) for every route registered after it:
// section content, the member's media, later proctoring photos and certificates.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadMediaUrlSigner, loadStaffPhotoSigner, type MediaUrlSigner } from '../services/media/media-urls.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mediaUrls: MediaUrlSigner;
    /** Proctor review photos for staff in scope (issue 17): its own key and a short lifetime. */
    staffPhotoUrls: MediaUrlSigner;
  }
}

export interface MediaUrlsPluginOptions { apiBase: string; ttlSeconds: number; jwtSecret: string | undefined }

export const mediaUrlsPlugin = fp(async (app: FastifyInstance, opts: MediaUrlsPluginOptions) => {
  const signerOptions = { apiBase: opts.apiBase, ttlSeconds: opts.ttlSeconds, clock: app.clock };
  app.decorate('mediaUrls', await loadMediaUrlSigner(app.db, opts.jwtSecret, signerOptions));
  app.decorate('staffPhotoUrls', await loadStaffPhotoSigner(app.db, opts.jwtSecret, signerOptions));
}, { name: 'epot-media-urls', dependencies: ['epot-database', 'epot-clock'] });
