// The images the operator uploaded for the announcement and the maintenance screen, public like the
// test list that shows them (the company detail lists their site-relative URLs). Each route serves
// only media stored as its kind.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamSchema } from '../../../contracts/admin-operator.ts';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { HttpError } from '../../http-error.ts';
import { BlobNotFoundError } from '../../services/media/blob-store.ts';
import { companyImageFile, type CompanyImageKind } from '../../services/operator/announcement-images.ts';

const ROUTES: [CompanyImageKind, string, string][] = [
  ['announcement', apiPaths.public.announcementImage, 'An announcement image (public)'],
  ['maintenance', apiPaths.public.maintenanceImage, 'A maintenance screen image (public)'],
];

export const announcementImageRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [kind, path, summary] of ROUTES) {
    app.get(path, { schema: { summary, tags: ['organisation'], params: uuidParamSchema } }, async (req, reply) => {
      const row = await companyImageFile(app.db, kind, req.params.id);
      if (!row) throw HttpError.notFound();
      const body = await app.blobs.get(row.storage_key).catch((err: unknown) => {
        throw err instanceof BlobNotFoundError ? HttpError.notFound() : err;
      });
      // A new upload is a new id, so the bytes behind one never change.
      reply.headers({ 'content-type': row.mime, 'cache-control': 'public, max-age=86400, immutable', 'content-disposition': 'inline' });
      return reply.send(body);
    });
  }
};
