// The background job that deletes proctoring photos older than PHOTO_RETENTION_DAYS
// (services/photo-retention.ts). Runs every `intervalMs` once the app is ready (0: never, as under
// NODE_ENV=test), stops on close; the timer is unref'd so it never keeps the process alive. Several
// processes may run it at once: deleting a row or file twice is harmless.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepOldPhotos } from '../services/photo-retention.ts';

export const photoRetentionPlugin = fp(async (app: FastifyInstance, opts: { intervalMs: number; days: number }) => {
  if (opts.intervalMs <= 0 || opts.days <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = sweepOldPhotos(app.db, app.photoStore, new Date(), opts.days)
      .then((deleted) => { if (deleted > 0) app.log.info({ deleted, days: opts.days }, 'old proctoring photos deleted'); })
      .catch((err: unknown) => { app.log.error({ err }, 'photo retention sweep failed'); })
      .finally(() => { running = undefined; });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, opts.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}, { name: 'epot-photo-retention', dependencies: ['epot-database', 'epot-photo-store'] });
