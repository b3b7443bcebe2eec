// Company (announcement, maintenance) and institution (proctoring rules) details. A member may read
// only their own company and institution: anything else is a 404, so ids cannot be probed.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { companyDetailResponseSchema, idParamSchema, institutionDetailResponseSchema } from '../../../contracts/orders.ts';
import { HttpError } from '../../http-error.ts';
import { findCompany, findInstitution } from '../../services/organisation/organisation.ts';

export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(apiPaths.company.detail, {
    schema: { summary: 'The member company: announcement and maintenance flag', tags: ['organisation'],
      params: idParamSchema, response: { 200: companyDetailResponseSchema } },
  }, async (req) => {
    if (req.params.id !== req.member.company_id) throw HttpError.notFound('Perusahaan tidak ditemukan');
    const c = await findCompany(app.db, req.params.id);
    if (!c) throw HttpError.notFound('Perusahaan tidak ditemukan');
    const { announcement } = c.settings;
    return {
      status: 200 as const, message: 'OK',
      data: {
        id: c.id, name: c.name, maintenance: c.maintenance,
        settings: {
          announcement: { is_active: announcement.is_active, images: announcement.images.map((url) => ({ url })) },
          maintenance: { images: (c.settings.maintenance_images ?? []).map((url) => ({ url })) },
        },
      },
    };
  });

  app.get(apiPaths.institution.detail, {
    schema: { summary: 'The member institution: camera and proctoring rules', tags: ['organisation'],
      params: idParamSchema, response: { 200: institutionDetailResponseSchema } },
  }, async (req) => {
    if (!req.member.institution_id || req.params.id !== req.member.institution_id) throw HttpError.notFound('Lembaga tidak ditemukan');
    const i = await findInstitution(app.db, req.params.id);
    if (!i) throw HttpError.notFound('Lembaga tidak ditemukan');
    return {
      status: 200 as const, message: 'OK',
      data: { id: i.id, name: i.name, active_camera: i.active_camera, setting: i.settings },
    };
  });
};
