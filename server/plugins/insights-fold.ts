// The background job that folds the queued changes into the kept item analysis counts (issue 31,
// services/insights/item-counts.ts), every SWEEP_INTERVAL_MS, so that reading the analysis after a
// test day does not have to fold the day's completions itself. Folds are serialised by an advisory
// lock, so several processes may run it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { foldInsightCounts } from '../services/insights/item-counts.ts';
import { registerBackgroundJob } from './background-job.ts';

export const insightsFoldPlugin = fp(async (app: FastifyInstance, opts: { intervalMs: number }) => {
  registerBackgroundJob(app, {
    intervalMs: opts.intervalMs,
    run: async () => { const folded = await foldInsightCounts(app.db); return folded > 0 ? { folded } : null; },
    doneMessage: 'item analysis counts folded',
    failedMessage: 'item analysis fold failed',
  });
}, { name: 'epot-insights-fold', dependencies: ['epot-database'] });
