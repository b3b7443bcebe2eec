// Uploading an announcement image (multipart `file`: JPEG or PNG, at most 2 MB). The answer's `url`
// is site-relative; put it in the announcement's images with PUT …/announcement.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announcementImageResponseSchema, uuidParamSchema as params } from '../../../../contracts/admin-operator.ts';
import { apiPaths, fillPath } from '../../../../contracts/api-paths.ts';
import { ANNOUNCEMENT_IMAGE_MAX_BYTES, OPERATOR_MESSAGES } from '../../../../contracts/facts/index.ts';
import { actorOf } from '../../../plugins/staff-auth.ts';
import { storeAnnouncementImage } from '../../../services/operator/announcement-images.ts';
import { readUpload, uploadLimits } from './multipart-file.ts';

export const announcementImageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, uploadLimits(ANNOUNCEMENT_IMAGE_MAX_BYTES));
  app.post(apiPaths.adminOperator.companyAnnouncementImages, {
    schema: {
      summary: 'Upload an announcement image (multipart file: JPEG or PNG; operator, audited)', tags: ['staff-operator'],
      consumes: ['multipart/form-data'], params, response: { 200: announcementImageResponseSchema },
    },
  }, async (req) => {
    const { bytes } = await readUpload(req, ANNOUNCEMENT_IMAGE_MAX_BYTES);
    const id = await storeAnnouncementImage(app.db, app.blobs, { companyId: req.params.id, bytes: bytes!, actor: actorOf(req), now: app.clock.now() });
    return { status: 200 as const, message: OPERATOR_MESSAGES.imageUploaded, data: { id, url: app.prefix + fillPath(apiPaths.public.announcementImage, { id }) } };
  });
};
