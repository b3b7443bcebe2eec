// Uploading an announcement or maintenance image (multipart `file`: JPEG or PNG, at most 2 MB). The
// answer's `url` is site-relative; put it in the images with PUT …/announcement or …/maintenance.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announcementImageResponseSchema, uuidParamSchema as params } from '../../../../contracts/admin-operator.ts';
import { apiPaths, fillPath } from '../../../../contracts/api-paths.ts';
import { ANNOUNCEMENT_IMAGE_MAX_BYTES, OPERATOR_MESSAGES } from '../../../../contracts/facts/index.ts';
import { actorOf } from '../../../plugins/staff-auth.ts';
import { storeCompanyImage, type CompanyImageKind } from '../../../services/operator/announcement-images.ts';
import { readUpload, uploadLimits } from './multipart-file.ts';

const ROUTES: [CompanyImageKind, string, string, string][] = [
  ['announcement', apiPaths.adminOperator.companyAnnouncementImages, apiPaths.public.announcementImage, 'Upload an announcement image (multipart file: JPEG or PNG; operator, audited)'],
  ['maintenance', apiPaths.adminOperator.companyMaintenanceImages, apiPaths.public.maintenanceImage, 'Upload a maintenance screen image (multipart file: JPEG or PNG; operator, audited)'],
];

export const announcementImageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, uploadLimits(ANNOUNCEMENT_IMAGE_MAX_BYTES));
  for (const [kind, path, publicPath, summary] of ROUTES) {
    app.post(path, {
      schema: { summary, tags: ['staff-operator'], consumes: ['multipart/form-data'], params, response: { 200: announcementImageResponseSchema } },
    }, async (req) => {
      const { bytes } = await readUpload(req, ANNOUNCEMENT_IMAGE_MAX_BYTES);
      const id = await storeCompanyImage(app.db, app.blobs, kind, { companyId: req.params.id, bytes: bytes!, actor: actorOf(req), now: app.clock.now() });
      return { status: 200 as const, message: OPERATOR_MESSAGES.imageUploaded, data: { id, url: app.prefix + fillPath(publicPath, { id }) } };
    });
  }
};
