// POST media.upload (spec test-sections 7: multipart title, source 'upload', file) for proctoring
// photos. Multipart is parsed only in this scope, with tight limits (one file, a few short fields);
// authentication and the rate limit run before a byte of the body is read.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { UPLOAD_FIELDS, uploadResponseSchema } from '../../../contracts/proctoring.ts';
import { HttpError } from '../../http-error.ts';
import { NUL_MESSAGE, wellFormed } from '../../plugins/input-guard.ts';
import { enforce } from '../../services/platform/rate-limit.ts';
import { consentStatus } from '../../services/privacy/consents.ts';
import { PRIVACY_MESSAGES } from '../../../contracts/facts/index.ts';
import { isAcceptableClientFilename, storeUpload, UPLOAD_MESSAGES, type UploadLimits } from '../../services/proctoring/uploads.ts';

// At most 5 periodic photos a section plus one per tab/face violation (themselves rate-limited).
const UPLOADS_PER_MINUTE = 30;
const TITLE_MAX = 200;

export const uploadRoutes: FastifyPluginAsyncZod<{ limits: UploadLimits }> = async (app, opts) => {
  const { limits } = opts;
  await app.register(multipart, {
    // One byte over the limit is enough to know the file is too large.
    limits: { fileSize: limits.maxBytes, files: 1, fields: 4, fieldNameSize: 32, fieldSize: 1024, parts: 6, headerPairs: 50 },
    throwFileSizeLimit: true,
    // Keep the name as sent (busboy would cut it to its basename), so one with a path is refused.
    preservePath: true,
  });
  app.addHook('preHandler', app.authenticate);

  app.post(apiPaths.media.upload, {
    schema: {
      summary: 'Upload a proctoring photo (multipart: title, source=upload, file: JPEG or PNG)', tags: ['media'],
      consumes: ['multipart/form-data'], response: { 200: uploadResponseSchema },
    },
  }, async (req, reply) => {
    await enforce(app.db, reply, `upload:${req.member.id}`, UPLOADS_PER_MINUTE, 60_000, app.clock.now());
    if (!req.isMultipart()) throw new HttpError(415, UPLOAD_MESSAGES.notMultipart);
    // The member withdrew the biometric consent (issue 19): no photo is processed until it is given again.
    if ((await consentStatus(app.db, req.member.id, 'biometric')) === 'withdrawn') throw HttpError.forbidden(PRIVACY_MESSAGES.biometricWithdrawn);
    const fields: Record<string, string> = {};
    let bytes: Buffer | undefined;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          // The input guard sees JSON bodies only; PostgreSQL refuses NUL in text (a 500 otherwise).
          if (String(part.value).includes('\u0000')) throw new HttpError(400, `${part.fieldname}: ${NUL_MESSAGE}`);
          fields[part.fieldname] = wellFormed(String(part.value));
          continue;
        }
        // Read every file to the end (or the limit) before refusing, so the request is drained.
        const data = await part.toBuffer();
        if (part.fieldname !== UPLOAD_FIELDS.file || bytes) throw new HttpError(400, UPLOAD_MESSAGES.oneFile);
        // The name is never used; one with path separators is refused so no caller relies on it.
        if (!isAcceptableClientFilename(part.filename ?? '')) throw new HttpError(400, UPLOAD_MESSAGES.badName);
        bytes = data;
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
    // A second file trips the multipart plugin's `files: 1` limit (its 413): it is the wrong request, not too large.
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, UPLOAD_MESSAGES.oneFile);
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, UPLOAD_MESSAGES.tooLarge(limits.maxBytes));
      // busboy reports broken framing (no boundary, a body that ends mid-part) as plain Errors
      // without a status: the client's fault, not a 500.
      if (!(err instanceof HttpError) && typeof (err as { statusCode?: unknown }).statusCode !== 'number') {
        req.log.info({ reason: (err as Error).message }, 'malformed multipart body');
        throw new HttpError(400, UPLOAD_MESSAGES.notMultipart);
      }
      throw err;
    }
    if (!bytes || bytes.length === 0) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
    const source = fields[UPLOAD_FIELDS.source]?.trim() || 'upload';
    if (source !== 'upload') throw new HttpError(400, UPLOAD_MESSAGES.badSource);
    const title = fields[UPLOAD_FIELDS.title]?.trim() || 'Foto';
    if (title.length > TITLE_MAX) throw new HttpError(400, UPLOAD_MESSAGES.badTitle);
    const row = await storeUpload(app.db, app.blobs, { ownerId: req.member.id, title, bytes, now: app.clock.now() }, limits);
    req.log.info({ media: row.id, bytes: row.byte_size, mime: row.mime }, 'photo uploaded');
    const url = app.mediaUrls.url(row.id);
    return {
      status: 200 as const, message: 'OK',
      data: { id: row.id, title: row.title, source: 'upload' as const, type: 'image' as const, mime: row.mime as 'image/jpeg' | 'image/png', public_url: url, url, duration: null },
    };
  });
};
