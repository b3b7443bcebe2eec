// The live view's connection (issue 30): Server-Sent Events read with fetch (EventSource cannot send
// the staff token) and parsed by eventsource-parser. A dropped stream reconnects by itself with
// Last-Event-ID, so the server replays what was missed and the rows catch up without a reload.
import { createParser } from 'eventsource-parser';
import type { LiveSnapshot } from '../../../../contracts/admin-sessions.ts';
import { apiPaths, fillPath } from '../../../../contracts/api-paths.ts';
import type { LiveEvent } from '../../../../contracts/facts/index.ts';
import { apiBase } from '../../../lib/api-auth.ts';
import { appStore } from '../../../lib/store.ts';
import { staffSessionAtom } from '../../lib/staff-session.ts';

export type LiveConnection = 'connecting' | 'live' | 'reconnecting';

export interface LiveHandlers {
  snapshot(s: LiveSnapshot, receivedAt: number): void;
  event(e: LiveEvent): void;
  connection(c: LiveConnection): void;
  /** The server refused (404, 401): no retry. */
  failed(status: number, message: string): void;
}

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 15_000;

/** Opens the stream; returns the close. */
export function openLiveStream(sessionId: string, h: LiveHandlers): () => void {
  let lastId: string | null = null;
  let stopped = false;
  let abort: AbortController | null = null;
  let retryMs = RETRY_MIN_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const connect = async () => {
    abort = new AbortController();
    const token = appStore.get(staffSessionAtom)?.token ?? '';
    const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${token}` };
    if (lastId !== null) headers['last-event-id'] = lastId;
    const res = await fetch(`${apiBase}${fillPath(apiPaths.admin.sessionLive, { id: sessionId })}`, { headers, signal: abort.signal, cache: 'no-store' });
    if (!res.ok || !res.body) {
      const body = await res.json().catch(() => null) as { message?: string } | null;
      if (res.status >= 400 && res.status < 500 && res.status !== 429) {
        stopped = true;
        h.failed(res.status, body?.message ?? res.statusText);
        return;
      }
      throw new Error(`live ${res.status}`);
    }
    h.connection('live');
    retryMs = RETRY_MIN_MS;
    const parser = createParser({
      onEvent(m) {
        if (m.id) lastId = m.id;
        if (m.event === 'snapshot') h.snapshot(JSON.parse(m.data) as LiveSnapshot, Date.now());
        else if (m.event === 'live') h.event(JSON.parse(m.data) as LiveEvent);
      },
      onRetry(ms) { retryMs = Math.max(RETRY_MIN_MS, Math.min(RETRY_MAX_MS, ms)); },
    });
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  };

  const run = () => {
    if (stopped) return;
    connect().catch(() => undefined).finally(() => {
      if (stopped) return;
      h.connection('reconnecting');
      timer = setTimeout(run, retryMs);
      retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
    });
  };
  h.connection('connecting');
  run();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    abort?.abort();
  };
}
