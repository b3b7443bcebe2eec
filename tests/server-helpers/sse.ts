// Reads a Server-Sent Events stream over real HTTP (the live view) with eventsource-parser, as the
// console does: every message kept in order, and a wait for the first one that matches.
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface SseStream {
  messages: EventSourceMessage[];
  /** Resolves with the first message (already received or coming) that matches; rejects after `timeoutMs`. */
  next(match: (m: EventSourceMessage) => boolean, timeoutMs?: number): Promise<EventSourceMessage>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  if (res.status !== 200 || !res.body) throw new Error(`SSE ${url}: ${res.status} ${await res.text()}`);
  const messages: EventSourceMessage[] = [];
  const waiters: { match: (m: EventSourceMessage) => boolean; resolve: (m: EventSourceMessage) => void }[] = [];
  const parser = createParser({
    onEvent(m) {
      messages.push(m);
      for (const w of [...waiters]) if (w.match(m)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(m); }
    },
  });
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch { /* closed */ }
  })();
  return {
    messages,
    next(match, timeoutMs = 5_000) {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const w = { match, resolve: (m: EventSourceMessage) => { clearTimeout(timer); resolve(m); } };
        const timer = setTimeout(() => { waiters.splice(waiters.indexOf(w), 1); reject(new Error(`no matching SSE message within ${timeoutMs} ms; got ${messages.map((m) => `${m.event}:${m.data.slice(0, 80)}`).join(' | ')}`)); }, timeoutMs);
        waiters.push(w);
      });
    },
    close: () => abort.abort(),
  };
}
