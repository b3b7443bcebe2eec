// `app.live`: this process's end of the live events (issue 30). One LISTEN per process on the
// database's own publish/subscribe (PostgreSQL: a dedicated connection; PGlite: in-process); each
// open live view subscribes here and filters by its session. After a lost connection comes back,
// subscribers are told to catch up from the stored events (NOTIFY does not queue for the absent).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LIVE_CHANNEL, type LiveEvent } from '../../contracts/facts/index.ts';
import { parseLivePayload } from '../services/sessions/live.ts';

export interface LiveSubscriber {
  event(e: LiveEvent): void;
  /** The LISTEN connection was lost and is back: events may have been missed. */
  resync(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: { subscribe(s: LiveSubscriber): () => void; subscribers(): number };
  }
}

export const sessionLivePlugin = fp(async (app: FastifyInstance) => {
  const subs = new Set<LiveSubscriber>();
  let stop: (() => Promise<void>) | null = null;
  app.decorate('live', {
    subscribe(s: LiveSubscriber) {
      subs.add(s);
      return () => { subs.delete(s); };
    },
    subscribers: () => subs.size,
  });
  app.addHook('onReady', async () => {
    stop = await app.database.listen(LIVE_CHANNEL, (payload) => {
      const e = parseLivePayload(payload);
      if (!e) return;
      for (const s of subs) {
        try { s.event(e); } catch (err) { app.log.warn({ err }, 'live subscriber failed'); }
      }
    }, () => { for (const s of subs) s.resync(); });
  });
  app.addHook('onClose', async () => { await stop?.(); });
}, { name: 'epot-session-live', dependencies: ['epot-database'] });
