// A tiny S3-compatible server for tests: path-style PUT, GET (with a single Range), HEAD and DELETE
// of objects in one bucket, kept in memory. Every request must carry a SigV4 signature that
// verifies (recomputed from what actually arrived, with the shared secret), and the body must
// match x-amz-content-sha256, so a client that signs one thing and sends another fails here.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signV4 } from '../../server/services/media/s3-store.ts';

export interface FakeS3 {
  endpoint: string;
  objects: Map<string, Buffer>;
  /** Requests refused for a bad signature or body hash. */
  refused: number;
  close(): Promise<void>;
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

export async function startFakeS3(opts: { bucket: string; region: string; accessKeyId: string; secretAccessKey: string }): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const state = { refused: 0 };
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      const auth = String(req.headers.authorization ?? '');
      const signedNames = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
      const amzDate = String(req.headers['x-amz-date'] ?? '');
      const when = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
      const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
      const headers = Object.fromEntries(signedNames.filter((n) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(n))
        .map((n) => [n, String(req.headers[n] ?? '')]));
      const expected = Number.isNaN(when.getTime()) ? '' : signV4(opts, { method: req.method!, url, headers, payloadHash, now: when }).authorization;
      const bodyHash = createHash('sha256').update(body).digest('hex');
      if (!auth || auth !== expected || bodyHash !== payloadHash || !auth.includes(`Credential=${opts.accessKeyId}/`)) {
        state.refused++;
        res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const prefix = `/${opts.bucket}/`;
      if (!url.pathname.startsWith(prefix)) { res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>'); return; }
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      const obj = objects.get(key);
      switch (req.method) {
        case 'PUT': objects.set(key, body); res.writeHead(200).end(); return;
        case 'DELETE': objects.delete(key); res.writeHead(204).end(); return;
        case 'HEAD':
          if (!obj) { res.writeHead(404).end(); return; }
          res.writeHead(200, { 'content-length': obj.length }).end(); return;
        case 'GET': {
          if (!obj) { res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>'); return; }
          const m = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
          if (m) {
            const part = obj.subarray(Number(m[1]), Number(m[2]) + 1);
            res.writeHead(206, { 'content-length': part.length, 'content-range': `bytes ${m[1]}-${m[2]}/${obj.length}` }).end(part);
            return;
          }
          res.writeHead(200, { 'content-length': obj.length }).end(obj); return;
        }
        default: res.writeHead(405).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    get refused() { return state.refused; },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
