// Development only (registered when NODE_ENV is not production): the mail kept in mail_outbox
// when no SMTP_URL is set, newest first, so a developer or an e2e test can read an OTP.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { devOutboxResponseSchema } from '../../../contracts/dev-outbox.ts';
import { latestOutboxMail } from '../../services/platform/mailer.ts';

export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(apiPaths.dev.outbox, {
    schema: { summary: 'Dev mail outbox (not in production)', tags: ['dev'], response: { 200: devOutboxResponseSchema } },
  }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const rows = await latestOutboxMail(app.db);
    return {
      status: 200 as const,
      message: 'OK',
      data: {
        list: rows.map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, text: r.text, created_at: r.created_at.toISOString() })),
      },
    };
  });
};
