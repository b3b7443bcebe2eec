// The background job that closes sections past deadline + grace from their drafts, so an abandoned
// browser still gets scored. Runs every `intervalMs` once the app is ready (0: never), stops on
// close; the timer is unref'd so it never keeps the process alive. One sweep at a time per process;
// several processes may sweep at once (attempts.ts locks per order).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepOverdueSections } from '../services/exam/attempts.ts';
import { registerBackgroundJob } from './background-job.ts';

export const sectionSweeperPlugin = fp(async (app: FastifyInstance, opts: { intervalMs: number }) => {
  registerBackgroundJob(app, {
    intervalMs: opts.intervalMs,
    run: async () => { const closed = await sweepOverdueSections(app.db, app.clock.now()); return closed > 0 ? { closed } : null; },
    doneMessage: 'overdue sections swept',
    failedMessage: 'section sweep failed',
  });
}, { name: 'epot-section-sweeper', dependencies: ['epot-database'] });
