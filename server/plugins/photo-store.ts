// Puts the store for proctoring photos on the instance (`app.photoStore`): an S3-compatible bucket
// when S3_* is configured, else DATA_DIR/media (outside the web root either way). The signed file
// route serves media with source 'upload' from it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { BlobStore } from '../services/media/media-store.ts';
import { createPhotoStore } from '../services/proctoring/uploads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    photoStore: BlobStore;
  }
}

export const photoStorePlugin = fp(async (app: FastifyInstance, opts: { config: Pick<Config, 's3' | 'dataDir'> }) => {
  app.decorate('photoStore', createPhotoStore(opts.config));
}, { name: 'epot-photo-store' });
