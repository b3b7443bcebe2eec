// The background job that applies the retention policy (services/retention: photos after
// PHOTO_RETENTION_DAYS, answers, violation details, logs … each after its own period). Runs every
// `intervalMs` once the app is ready (0: never, as under NODE_ENV=test), stops on close; the timer is
// unref'd so it never keeps the process alive. Several processes may run it at once: deleting or
// clearing a row twice is harmless.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RetentionPolicy } from '../services/retention/classes.ts';
import { runRetention } from '../services/retention/sweep.ts';
import { registerBackgroundJob } from './background-job.ts';

export const retentionPlugin = fp(async (app: FastifyInstance, opts: { intervalMs: number; policy: RetentionPolicy }) => {
  if (!Object.values(opts.policy).some((days) => days > 0)) return;
  registerBackgroundJob(app, {
    intervalMs: opts.intervalMs,
    run: async () => {
      const swept = (await runRetention(app.db, app.blobs, opts.policy, app.clock.now())).filter((o) => o.count > 0);
      return swept.length > 0 ? { swept: Object.fromEntries(swept.map((o) => [o.class, o.count])) } : null;
    },
    doneMessage: 'retention: old data deleted',
    failedMessage: 'retention sweep failed',
  });
}, { name: 'epot-retention', dependencies: ['epot-database', 'epot-blob-store'] });
