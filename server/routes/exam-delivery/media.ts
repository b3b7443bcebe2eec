// Media for candidates. <audio> and <img> cannot send a bearer token, so files are served at a
// signed, short-lived URL (services/media/media-urls.ts) with Range support for audio seeking. The
// member's own media (proctoring photos) are looked up by id and answered with such a URL. The
// bytes come from the one blob store (`app.blobs`: DATA_DIR/media or the S3 bucket), streamed by
// this route in both cases, so the URL, its expiry and Range behave the same on either store
// (docs/scaling.md says why there is no redirect to a presigned bucket URL).
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { mediaDetailResponseSchema, mediaFileQuerySchema } from '../../../contracts/exam-delivery.ts';
import { idParamSchema } from '../../../contracts/orders.ts';
import { HttpError } from '../../http-error.ts';
import { mediaFile, ownMedia, parseRange } from '../../services/media/media-files.ts';
import { BlobNotFoundError } from '../../services/media/blob-store.ts';
import { UUID } from '../../uuid.ts';

const LINK_INVALID = 'Tautan media tidak valid atau sudah kedaluwarsa';

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(apiPaths.media.file, {
    schema: { summary: 'A stored file at a signed URL (no bearer token; Range supported)', tags: ['media'],
      params: idParamSchema, querystring: mediaFileQuerySchema },
  }, async (req, reply) => {
    const { id } = req.params;
    if (!UUID.test(id) || !app.mediaUrls.verify(id, req.query.exp, req.query.sig)) throw new HttpError(403, LINK_INVALID);
    const row = await mediaFile(app.db, id);
    if (!row) throw HttpError.notFound();
    const blobs = app.blobs;
    const size = await blobs.size(row.storage_key);
    if (size === null) throw HttpError.notFound();
    // Cacheable by this browser only, until the URL expires.
    const maxAge = Math.max(0, req.query.exp - Math.floor(app.clock.now().getTime() / 1000));
    reply.headers({
      'content-type': row.mime,
      'accept-ranges': 'bytes',
      'cache-control': `private, max-age=${maxAge}`,
      'content-disposition': 'inline',
    });
    const range = parseRange(req.headers.range, size);
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${size}`);
      throw new HttpError(416, 'Rentang data tidak valid');
    }
    // Deleted between the size and the read (retention): a 404, not a 500.
    const body = await blobs.read(row.storage_key, range ?? undefined).catch((err: unknown) => {
      throw err instanceof BlobNotFoundError ? HttpError.notFound() : err;
    });
    if (range) reply.code(206).headers({ 'content-range': `bytes ${range.start}-${range.end}/${size}`, 'content-length': range.end - range.start + 1 });
    else reply.header('content-length', size);
    return reply.send(body);
  });

  await app.register(async (plain) => {
    const member = plain.withTypeProvider<ZodTypeProvider>();
    member.addHook('preHandler', member.authenticate);
    member.get(apiPaths.media.detail, {
      schema: { summary: "One of the member's own media, with a signed URL", tags: ['media'], params: idParamSchema,
        response: { 200: mediaDetailResponseSchema } },
    }, async (req) => {
      const { id } = req.params;
      if (!UUID.test(id)) throw HttpError.notFound();
      const row = await ownMedia(member.db, req.member.id, id);
      if (!row) throw HttpError.notFound();
      const { duration_ms, ...rest } = row;
      const url = member.mediaUrls.url(row.id);
      return { status: 200 as const, message: 'OK', data: { ...rest, public_url: url, url, duration: duration_ms == null ? null : duration_ms / 1000 } };
    });
  });
};
