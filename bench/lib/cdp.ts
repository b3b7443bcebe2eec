// A second Chrome DevTools Protocol connection beside Playwright's, over Chromium's
// --remote-debugging-port. Playwright's CDPSession drops the messages of sessions it did not open, so
// the flattened sessions that `Target.setAutoAttach` opens for a page's dedicated workers (CPU
// throttling, network accounting) need a connection of our own. Node 20 has no WebSocket client and
// the project no `ws` dependency: this is the small part of RFC 6455 that CDP needs (text frames,
// fragments, ping, close).
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Socket } from 'node:net';

type Handler = (params: Record<string, unknown>, sessionId: string | undefined) => void;

export interface Cdp {
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>, sessionId?: string): Promise<T>;
  on(method: string, handler: Handler): void;
  close(): void;
}

function frame(opcode: number, payload: Buffer): Buffer {
  const len = payload.length;
  const head = len < 126 ? Buffer.alloc(2) : len < 65_536 ? Buffer.alloc(4) : Buffer.alloc(10);
  head[0] = 0x80 | opcode;
  if (len < 126) head[1] = 0x80 | len;
  else if (len < 65_536) { head[1] = 0x80 | 126; head.writeUInt16BE(len, 2); }
  else { head[1] = 0x80 | 127; head.writeBigUInt64BE(BigInt(len), 2); }
  // Client frames are masked (RFC 6455 5.3).
  const mask = randomBytes(4);
  const body = Buffer.alloc(len);
  for (let i = 0; i < len; i++) body[i] = payload[i]! ^ mask[i & 3]!;
  return Buffer.concat([head, mask, body]);
}

function openSocket(wsUrl: string): Promise<{ socket: Socket; head: Buffer }> {
  const url = new URL(wsUrl);
  return new Promise((resolve, reject) => {
    const req = request({
      host: url.hostname, port: url.port, path: url.pathname + url.search,
      headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': randomBytes(16).toString('base64') },
    });
    req.once('upgrade', (_res, socket, head) => resolve({ socket, head }));
    req.once('response', (res) => reject(new Error(`CDP websocket: HTTP ${res.statusCode}`)));
    req.once('error', reject);
    req.end();
  });
}

/** The browser's websocket URL from `/json/version`, retried while Chromium opens its port. */
async function browserWsUrl(port: number): Promise<string> {
  for (let until = Date.now() + 10_000; ;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      return ((await res.json()) as { webSocketDebuggerUrl: string }).webSocketDebuggerUrl;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Connects to the browser target of a Chromium started with `--remote-debugging-port=<port>`. */
export async function connectCdp(port: number): Promise<Cdp> {
  const { socket, head } = await openSocket(await browserWsUrl(port));
  let buf = head;
  let fragments: Buffer[] = [];
  let lastId = 0;
  const pending = new Map<number, { resolve: (v: never) => void; reject: (e: Error) => void; method: string }>();
  const handlers = new Map<string, Handler[]>();
  const deliver = (text: string) => {
    const msg = JSON.parse(text) as { id?: number; method?: string; params?: Record<string, unknown>; result?: unknown; error?: { message: string }; sessionId?: string };
    if (msg.id !== undefined) {
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) p?.reject(new Error(`${p.method}: ${msg.error.message}`));
      else p?.resolve(msg.result as never);
      return;
    }
    for (const h of handlers.get(msg.method ?? '') ?? []) h(msg.params ?? {}, msg.sessionId);
  };
  const parse = () => {
    for (;;) {
      if (buf.length < 2) return;
      const fin = (buf[0]! & 0x80) !== 0;
      const opcode = buf[0]! & 0x0f;
      let len = buf[1]! & 0x7f;
      let off = 2;
      if (len === 126) { if (buf.length < 4) return; len = buf.readUInt16BE(2); off = 4; }
      else if (len === 127) { if (buf.length < 10) return; len = Number(buf.readBigUInt64BE(2)); off = 10; }
      if (buf.length < off + len) return;
      const payload = buf.subarray(off, off + len);
      buf = buf.subarray(off + len);
      if (opcode === 0x9) socket.write(frame(0xa, payload));
      else if (opcode === 0x8) socket.end();
      else if (opcode === 0x1 || opcode === 0x0) {
        fragments.push(Buffer.from(payload));
        if (fin) { const text = Buffer.concat(fragments).toString('utf8'); fragments = []; deliver(text); }
      }
    }
  };
  socket.on('data', (d: Buffer) => { buf = buf.length ? Buffer.concat([buf, d]) : d; parse(); });
  socket.on('close', () => {
    for (const p of pending.values()) p.reject(new Error(`${p.method}: CDP connection closed`));
    pending.clear();
  });
  socket.on('error', () => { /* 'close' follows */ });
  parse();
  return {
    send<T>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
      const id = ++lastId;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: never) => void, reject, method });
        socket.write(frame(0x1, Buffer.from(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }))));
      });
    },
    on(method: string, handler: Handler) {
      handlers.set(method, [...(handlers.get(method) ?? []), handler]);
    },
    close() {
      socket.end(frame(0x8, Buffer.alloc(0)));
    },
  };
}
