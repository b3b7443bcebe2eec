// The background job that closes sections past deadline + grace from their drafts, so an abandoned
// browser still gets scored. Runs every `intervalMs` once the app is ready (0: never), stops on
// close; the timer is unref'd so it never keeps the process alive. One sweep at a time per process;
// several processes may sweep at once (attempts.ts locks per order).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepOverdueSections } from '../services/attempts.ts';

export const sectionSweeperPlugin = fp(async (app: FastifyInstance, opts: { intervalMs: number }) => {
  if (opts.intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = sweepOverdueSections(app.db)
      .then((closed) => { if (closed > 0) app.log.info({ closed }, 'overdue sections swept'); })
      .catch((err: unknown) => { app.log.error({ err }, 'section sweep failed'); })
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
}, { name: 'epot-section-sweeper', dependencies: ['epot-database'] });
