// Puts the opened database on the instance: routes use `app.db` (drizzle, driver-agnostic) and
// `app.database` for kind and migration facts. The caller owns the handle and closes it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb, Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: AppDb;
  }
}

export const databasePlugin = fp(async (app: FastifyInstance, opts: { database: Database }) => {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
}, { name: 'epot-database' });
