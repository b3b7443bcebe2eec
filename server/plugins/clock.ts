// `app.clock`: the one clock every route and background job reads (services take the time as an
// argument). Production uses the system clock; tests pass their own to pin or move time.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock, type Clock } from '../services/platform/clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

export const clockPlugin = fp(async (app: FastifyInstance, opts: { clock?: Clock }) => {
  app.decorate('clock', opts.clock ?? systemClock);
}, { name: 'epot-clock' });
