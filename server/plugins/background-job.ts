// The mechanics every periodic server job shares: start once the app is ready, run at most one pass
// at a time per process (a slow pass skips ticks instead of piling up), never keep the process
// alive (unref'd timer), log failures instead of crashing, and wait for a running pass on close.
import type { FastifyInstance } from 'fastify';

export interface BackgroundJob {
  intervalMs: number;
  /** One pass; resolves to a log object when it did something worth a log line, else null. */
  run: () => Promise<Record<string, unknown> | null>;
  doneMessage: string;
  failedMessage: string;
}

export function registerBackgroundJob(app: FastifyInstance, job: BackgroundJob): void {
  if (job.intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = job.run()
      .then((fields) => { if (fields) app.log.info(fields, job.doneMessage); })
      .catch((err: unknown) => { app.log.error({ err }, job.failedMessage); })
      .finally(() => { running = undefined; });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, job.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
