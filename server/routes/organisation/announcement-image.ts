// The announcement's uploaded images, public like the test list that shows them (the company detail
// lists their site-relative URLs). Only media stored as announcement images are served here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamSchema } from '../../../contracts/admin-operator.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { HttpError } from '../../http-error.ts';
import { BlobNotFoundError } from '../../services/media/blob-store.ts';
import { announcementImageFile } from '../../services/operator/announcement-images.ts';

export const announcementImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(apiPaths.public.announcementImage, {
    schema: { summary: 'An announcement image (public)', tags: ['organisation'], params: uuidParamSchema },
  }, async (req, reply) => {
    const row = await announcementImageFile(app.db, req.params.id);
    if (!row) throw HttpError.notFound();
    const body = await app.blobs.get(row.storage_key).catch((err: unknown) => {
      throw err instanceof BlobNotFoundError ? HttpError.notFound() : err;
    });
    // A new upload is a new id, so the bytes behind one never change.
    reply.headers({ 'content-type': row.mime, 'cache-control': 'public, max-age=86400, immutable', 'content-disposition': 'inline' });
    return reply.send(body);
  });
};
