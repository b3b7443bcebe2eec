// The candidate's rights (issue 19): download everything held about them, and delete it. The work is
// in services/privacy.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { PRIVACY_MESSAGES } from '../../../contracts/facts/index.ts';
import { deletionRequestSchema, deletionResponseSchema } from '../../../contracts/privacy.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http-error.ts';
import { findUserById } from '../../services/accounts/members.ts';
import { verifyPassword } from '../../services/accounts/passwords.ts';
import { loadJwtSecret } from '../../services/accounts/tokens.ts';
import { anonymiseMember, signDeletionReceipt } from '../../services/privacy/deletion.ts';
import { collectPersonalData, personalDataZip } from '../../services/privacy/export.ts';

export const privacyRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, opts) => {
  app.addHook('preHandler', app.authenticate);
  const secret = await loadJwtSecret(app.db, opts.config.jwtSecret);

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

  app.post(apiPaths.member.privacyDeletion, {
    schema: {
      summary: 'Anonymise the account now; a signed receipt is returned and mailed', tags: ['accounts'],
      body: deletionRequestSchema, response: { 200: deletionResponseSchema },
    },
  }, async (req) => {
    const user = await findUserById(app.db, req.member.id);
    if (!user) throw HttpError.unauthorized();
    if (user.password_hash) {
      if (!req.body.password) throw HttpError.badRequest(PRIVACY_MESSAGES.deletionNeedsPassword);
      if (!(await verifyPassword(user.password_hash, req.body.password))) throw HttpError.badRequest(PRIVACY_MESSAGES.deletionWrongPassword);
    }
    const result = await anonymiseMember(app.db, app.blobs, user.id, app.clock.now());
    if (!result) throw HttpError.unauthorized();
    const receipt = await signDeletionReceipt(secret, result);
    const when = result.at.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
    await app.mailer.send({ to: result.email, subject: PRIVACY_MESSAGES.mailSubject, text: PRIVACY_MESSAGES.mailBody(when, result.removed, result.kept, receipt) })
      .catch((error: unknown) => req.log.error({ err: error }, 'deletion confirmation mail failed'));
    return { status: 200 as const, message: PRIVACY_MESSAGES.deletionDone, data: { removed: result.removed, kept: result.kept, receipt } };
  });
};
