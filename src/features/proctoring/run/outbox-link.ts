// The run's hold on the page's outbox: it hears every answer (also to reports sent before a reload),
// and what waits is sent again on a timer and whenever the network comes back.
import type { SendOutcome } from '../../../lib/offline-queue.ts';
import type { OutboxJob } from '../proctoring-outbox.ts';
import type { RunContext } from './run-context.ts';

/** Waiting photos and reports are sent again this often (and whenever the network comes back). */
export const OUTBOX_RETRY_MS = 15_000;

/** Returns the disconnect. */
export function connectOutbox(ctx: RunContext, onResult: (job: OutboxJob, outcome: SendOutcome) => void): () => void {
  const { outbox } = ctx.deps;
  const unsubscribe = outbox.subscribe(onResult);
  const flush = () => void outbox.flush().catch(() => undefined);
  const retry = setInterval(flush, OUTBOX_RETRY_MS);
  const events = ctx.deps.events ?? window;
  events.addEventListener('online', flush);
  return () => {
    unsubscribe();
    clearInterval(retry);
    events.removeEventListener('online', flush);
  };
}
