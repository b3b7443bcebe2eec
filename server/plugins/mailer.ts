// Puts the mailer on the instance (`app.mailer.send(...)`) and closes its SMTP pool with the app.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../services/platform/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance { mailer: Mailer }
}

export interface MailerPluginOptions { smtpUrl: string | undefined; from: string; production: boolean }

export const mailerPlugin = fp(async (app: FastifyInstance, opts: MailerPluginOptions) => {
  const mailer = createMailer({ ...opts, db: app.db, log: app.log });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
}, { name: 'epot-mailer', dependencies: ['epot-database'] });
