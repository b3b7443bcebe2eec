// The background job that deletes proctoring photos older than PHOTO_RETENTION_DAYS
// (services/proctoring/photo-retention.ts). Runs every `intervalMs` once the app is ready (0: never, as under
// NODE_ENV=test), stops on close; the timer is unref'd so it never keeps the process alive. Several
// processes may run it at once: deleting a row or file twice is harmless.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepOldPhotos } from '../services/proctoring/photo-retention.ts';
import { registerBackgroundJob } from './background-job.ts';

export const photoRetentionPlugin = fp(async (app: FastifyInstance, opts: { intervalMs: number; days: number }) => {
  if (opts.days <= 0) return;
  registerBackgroundJob(app, {
    intervalMs: opts.intervalMs,
    run: async () => {
      const deleted = await sweepOldPhotos(app.db, app.blobs, app.clock.now(), opts.days);
      return deleted > 0 ? { deleted, days: opts.days } : null;
    },
    doneMessage: 'old proctoring photos deleted',
    failedMessage: 'photo retention sweep failed',
  });
}, { name: 'epot-photo-retention', dependencies: ['epot-database', 'epot-blob-store'] });
