// The candidate's rights (issue 19): download everything held about them. The work is in
// services/privacy.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { HttpError } from '../../http-error.ts';
import { collectPersonalData, personalDataZip } from '../../services/privacy/export.ts';

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(apiPaths.member.privacyExport, {
    schema: { summary: 'Everything EPOT holds about the member, as a zip with manifest.json and the photos', tags: ['accounts'] },
  }, async (req, reply) => {
    const now = app.clock.now();
    const data = await collectPersonalData(app.db, req.member.id, now);
    if (!data) throw HttpError.unauthorized();
    reply.header('content-type', 'application/zip');
    reply.header('content-disposition', `attachment; filename="epot-data-${now.toISOString().slice(0, 10)}.zip"`);
    reply.header('cache-control', 'no-store');
    return reply.send(personalDataZip(data.manifest, data.keys, app.blobs));
  });
};
