// The candidate's rights (issue 19): download everything held about them, delete it, and see and
// withdraw their consents. Exports and deletions are logged for the staff console
// (services/privacy/requests.ts); the work is in services/privacy.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { PRIVACY_MESSAGES } from '../../../contracts/facts/index.ts';
import {
  consentLedgerResponseSchema, consentWithdrawRequestSchema, deletionRequestSchema, deletionResponseSchema,
} from '../../../contracts/privacy.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http-error.ts';
import { findUserById } from '../../services/accounts/members.ts';
import { verifyPassword } from '../../services/accounts/passwords.ts';
import { enforce, refund } from '../../services/platform/rate-limit.ts';
import { loadJwtSecret } from '../../services/accounts/tokens.ts';
import { consentLedger, withdrawConsent } from '../../services/privacy/consents.ts';
import { collectPersonalData, personalDataZip } from '../../services/privacy/export.ts';
import { logExport, processDeletion } from '../../services/privacy/requests.ts';

/**
 * Per member (issue 29 item 10): a stolen token must not guess the password at the deletion's
 * re-check (a correct one is not counted), and exports (a zip of every photo, a request row each)
 * are not a way to load the server.
 */
export const PRIVACY_LIMITS = {
  deletionPassword: { limit: 5, windowMs: 60 * 60_000 },
  export: { limit: 5, windowMs: 60 * 60_000 },
} as const;

export const privacyRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, opts) => {
  app.addHook('preHandler', app.authenticate);
  const secret = await loadJwtSecret(app.db, opts.config.jwtSecret);

  app.get(apiPaths.member.privacyExport, {
    schema: { summary: 'Everything EPOT holds about the member, as a zip with manifest.json and the photos', tags: ['accounts'] },
  }, async (req, reply) => {
    const now = app.clock.now();
    await enforce(app.db, reply, `privacy-export:${req.member.id}`, PRIVACY_LIMITS.export.limit, PRIVACY_LIMITS.export.windowMs, now);
    const user = await findUserById(app.db, req.member.id);
    const data = user && await collectPersonalData(app.db, user.id, now);
    if (!user || !data) throw HttpError.unauthorized();
    await logExport(app.db, user, now);
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
  }, async (req, reply) => {
    const user = await findUserById(app.db, req.member.id);
    if (!user) throw HttpError.unauthorized();
    if (user.password_hash) {
      if (!req.body.password) throw HttpError.badRequest(PRIVACY_MESSAGES.deletionNeedsPassword);
      const key = `privacy-delete:${user.id}`;
      await enforce(app.db, reply, key, PRIVACY_LIMITS.deletionPassword.limit, PRIVACY_LIMITS.deletionPassword.windowMs, app.clock.now());
      if (!(await verifyPassword(user.password_hash, req.body.password))) throw HttpError.badRequest(PRIVACY_MESSAGES.deletionWrongPassword);
      await refund(app.db, key);
    }
    const done = await processDeletion(app.db, app.blobs, app.mailer, secret, {
      userId: user.id, channel: 'account', now: app.clock.now(),
      onMailError: (error) => req.log.error({ err: error }, 'deletion confirmation mail failed'),
    });
    if (!done) throw HttpError.unauthorized();
    return { status: 200 as const, message: PRIVACY_MESSAGES.deletionDone, data: { removed: done.removed, kept: done.kept, receipt: done.receipt } };
  });

  app.get(apiPaths.member.consents, {
    schema: { summary: "The member's consent ledger: each consent's kind, version, time and withdrawal", tags: ['accounts'], response: { 200: consentLedgerResponseSchema } },
  }, async (req) => ({ status: 200 as const, message: 'OK', data: await consentLedger(app.db, req.member.id) }));

  app.post(apiPaths.member.consentWithdraw, {
    schema: {
      summary: 'Withdraw the biometric or the cloud-speech consent (a camera-proctored test then needs it again)', tags: ['accounts'],
      body: consentWithdrawRequestSchema, response: { 200: consentLedgerResponseSchema },
    },
  }, async (req) => {
    const n = await withdrawConsent(app.db, req.member.id, req.body.kind, app.clock.now());
    if (n === 0) throw HttpError.badRequest(PRIVACY_MESSAGES.nothingToWithdraw);
    req.log.info({ user: req.member.id, kind: req.body.kind, withdrawn: n }, 'consent withdrawn');
    return { status: 200 as const, message: PRIVACY_MESSAGES.consentWithdrawn, data: await consentLedger(app.db, req.member.id) };
  });
};
