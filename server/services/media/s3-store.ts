// An S3-compatible bucket as a BlobStore (proctoring photos when S3_BUCKET is set), without an SDK:
// path-style URLs (`<endpoint>/<bucket>/<prefix><key>`, which MinIO, Ceph, R2 and AWS all accept)
// and AWS Signature Version 4 with node:crypto. Only PUT, GET (with Range), HEAD and DELETE of
// single objects are needed. Keys are the server's own `<uuid>.<ext>` storage keys.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { BlobStore } from './media-store.ts';
import { isStorageKey } from './media-store.ts';

export interface S3Options {
  /** e.g. https://s3.ap-southeast-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every key, e.g. 'epot/photos/'. */
  prefix?: string;
}

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign and send (host and the x-amz-* ones are added). */
  headers?: Record<string, string>;
  /** Hex sha256 of the body ('' body for GET/HEAD/DELETE). */
  payloadHash: string;
  now: Date;
}

export const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');
const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The headers to send (authorization included) for a SigV4-signed S3 request. */
export function signV4(opts: Pick<S3Options, 'region' | 'accessKeyId' | 'secretAccessKey'>, input: SignInput): Record<string, string> {
  const amzDate = input.now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')])),
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const query = [...input.url.searchParams].map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1)).map(([k, v]) => `${k}=${v}`).join('&');
  const path = input.url.pathname.split('/').map((seg) => rfc3986(decodeURIComponent(seg))).join('/');
  const canonical = [
    input.method, path, query, ...names.map((n) => `${n}:${headers[n]}`), '', names.join(';'), input.payloadHash,
  ].join('\n');
  const scope = `${day}/${opts.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${opts.secretAccessKey}`, day), opts.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return { ...headers, authorization: `AWS4-HMAC-SHA256 Credential=${opts.accessKeyId}/${scope},SignedHeaders=${names.join(';')},Signature=${signature}` };
}

const EXT = /^[a-z0-9]{1,8}$/;

export function createS3Store(opts: S3Options, now: () => Date = () => new Date()): BlobStore {
  const base = opts.endpoint.replace(/\/+$/, '');
  const prefix = opts.prefix ?? '';
  const urlOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    return new URL(`${base}/${rfc3986(opts.bucket)}/${prefix.split('/').map(rfc3986).join('/')}${key}`);
  };
  const send = async (method: string, key: string, extra: { body?: Uint8Array; headers?: Record<string, string> } = {}) => {
    const url = urlOf(key);
    const headers = signV4(opts, { method, url, headers: extra.headers, payloadHash: extra.body ? sha256Hex(extra.body) : EMPTY_SHA256, now: now() });
    // host is set by fetch from the URL (a forbidden header name there).
    const { host: _host, ...sent } = headers;
    return fetch(url, { method, headers: sent, ...(extra.body ? { body: extra.body } : {}) });
  };
  const fail = async (what: string, res: Response): Promise<never> => {
    // The error body is S3's XML; keep only its <Code> (never the signature details).
    const code = (await res.text().catch(() => '')).match(/<Code>([^<]{1,64})<\/Code>/)?.[1] ?? '';
    throw new Error(`s3 ${what} failed: HTTP ${res.status} ${code}`.trim());
  };
  return {
    location: `s3://${opts.bucket}/${prefix}`,
    async put(data, ext) {
      const clean = ext.replace(/^\./, '').toLowerCase();
      if (!EXT.test(clean)) throw new Error(`invalid file extension: ${JSON.stringify(ext)}`);
      const key = `${randomUUID()}.${clean}`;
      const res = await send('PUT', key, { body: data, headers: { 'content-type': 'application/octet-stream' } });
      if (!res.ok) await fail('put', res);
      await res.arrayBuffer();
      return key;
    },
    async get(key) {
      const res = await send('GET', key);
      if (!res.ok) await fail('get', res);
      return Buffer.from(await res.arrayBuffer());
    },
    async size(key) {
      const res = await send('HEAD', key);
      if (res.status === 404) return null;
      if (!res.ok) await fail('head', res);
      return Number(res.headers.get('content-length'));
    },
    async read(key, range) {
      const res = await send('GET', key, range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {});
      if (!res.ok || !res.body) await fail('get', res);
      return Readable.fromWeb(res.body! as WebReadableStream);
    },
    async delete(key) {
      const res = await send('DELETE', key);
      // S3 answers 204 for a missing key too; some servers say 404.
      if (!res.ok && res.status !== 404) await fail('delete', res);
      await res.arrayBuffer();
    },
  };
}
