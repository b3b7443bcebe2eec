// A small round-robin HTTP proxy for tests and the load benchmark: every request goes to the next
// upstream in turn (no stickiness, as a plain load balancer in front of several server processes),
// with X-Forwarded-For / -Proto / -Host set as a real balancer would. It records which upstream
// answered each request, so a test can show that consecutive requests landed on different processes.
import { request as httpRequest, createServer, Agent, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const PIN_UPSTREAM_HEADER = 'x-test-upstream';

export interface ProxiedRequest { method: string; path: string; upstream: number; status: number }

export interface RoundRobinProxy {
  url: string;
  /** Every proxied request in the order they were sent on, with the upstream index that answered. */
  log: ProxiedRequest[];
  close(): Promise<void>;
}

/** `upstreams` is read at each request: a caller may start the proxy first and add the servers later. */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const log: ProxiedRequest[] = [];
  let next = 0;
  const server = createServer((req: IncomingMessage, res) => {
    // A test may pin a browser context to one process (header PIN_UPSTREAM_HEADER: its index) to show
    // that an event crosses processes; every other request goes round robin.
    const pinned = Number(req.headers[PIN_UPSTREAM_HEADER]);
    const upstream = Number.isInteger(pinned) && pinned >= 0 && pinned < upstreams.length ? pinned : next++ % upstreams.length;
    delete req.headers[PIN_UPSTREAM_HEADER];
    const target = new URL(upstreams[upstream]!);
    const entry: ProxiedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', upstream, status: 0 };
    log.push(entry);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const out = httpRequest({
      agent, host: target.hostname, port: target.port, method: req.method, path: req.url,
      headers: { ...req.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http', 'x-forwarded-host': req.headers.host ?? '' },
    }, (up) => {
      entry.status = up.statusCode ?? 0;
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on('error', () => {
      entry.status = 502;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 502, message: 'Bad gateway' }));
    });
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); agent.destroy(); server.close(() => r()); }),
  };
}
