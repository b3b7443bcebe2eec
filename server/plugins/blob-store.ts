// Puts the one blob store on the instance (`app.blobs`): the S3-compatible bucket when S3_BUCKET is
// set, else DATA_DIR/media (outside the web root either way). Every stored file goes through it:
// proctoring photos, exam media, certificate PDFs, operator uploads.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createBlobStore, type BlobStore } from '../services/media/blob-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    blobs: BlobStore;
  }
}

export const blobStorePlugin = fp(async (app: FastifyInstance, opts: { config: Pick<Config, 's3' | 'dataDir'> }) => {
  app.decorate('blobs', createBlobStore(opts.config));
}, { name: 'epot-blob-store' });
