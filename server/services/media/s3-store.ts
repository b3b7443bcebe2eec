// The blob store in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …) through the AWS SDK v3.
// Path-style addressing by default (`<endpoint>/<bucket>/<key>`), which every S3-compatible server
// accepts. Keys are the server's own `<uuid>.<ext>` storage keys under an optional prefix.
//
// Bodies are sent from memory (the files are photos, PDFs and exam audio of a few MB at most), so
// the SDK can retry a PUT on a dropped keep-alive connection; a stream body cannot be sent twice.
//
// Checksums: since 2025 the SDK adds CRC32 checksums (aws-chunked bodies) to every upload by
// default, which several S3-compatible servers do not understand; we ask for them only where S3
// requires them. Integrity of a move is checked end to end by the move command (sha256 of both ends).
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException,
} from '@aws-sdk/client-s3';
import { BlobNotFoundError, BlobStoreUnavailableError, checkedKey, newStorageKey, type BlobStore } from './blob-store.ts';

export interface S3Options {
  bucket: string;
  /** e.g. http://127.0.0.1:9000 (MinIO); unset: AWS's endpoint for the region. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's default chain (AWS_* variables, instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Prepended to every key, e.g. 'epot/'. */
  prefix?: string;
  /** `<endpoint>/<bucket>/<key>` (default) instead of `<bucket>.<endpoint>/<key>`. */
  pathStyle?: boolean;
}

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * An SDK failure as our errors: a missing object is BlobNotFoundError; no answer at all (refused,
 * reset, timed out) or a 5xx / 429 is BlobStoreUnavailableError (a 503 for the client); anything
 * else (access denied, no such bucket) is a configuration fault and stays a plain error.
 */
function translate(err: unknown, what: string, key: string): Error {
  const status = statusOf(err);
  const name = (err as { name?: string }).name ?? '';
  if (status === 404 && (name === 'NoSuchKey' || name === 'NotFound')) return new BlobNotFoundError(key);
  const code = (err as { code?: string }).code ?? name;
  if (status === undefined || status >= 500 || status === 429) {
    return new BlobStoreUnavailableError(`s3 ${what} ${key}: ${status ? `HTTP ${status} ` : ''}${code}`, { cause: err });
  }
  return new Error(`s3 ${what} ${key} failed: HTTP ${status} ${err instanceof S3ServiceException ? err.name : code}`, { cause: err });
}

export function createS3Store(opts: S3Options): BlobStore {
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    forcePathStyle: opts.pathStyle ?? true,
    ...(opts.accessKeyId && opts.secretAccessKey ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that does not answer fails the request within seconds (a 503), never hangs it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const prefix = opts.prefix ?? '';
  /** Runs an SDK call for a checked key; its failures translated. */
  const call = async <T>(what: string, key: string, run: (objectKey: string) => Promise<T>): Promise<T> => {
    const objectKey = `${prefix}${checkedKey(key)}`;
    try {
      return await run(objectKey);
    } catch (err) {
      throw translate(err, what, key);
    }
  };
  const putObject = (key: string, body: Uint8Array) => call('put', key, async (Key) => {
    await client.send(new PutObjectCommand({ Bucket: opts.bucket, Key, Body: body, ContentLength: body.byteLength, ContentType: 'application/octet-stream' }));
  });
  const getObject = (key: string, range?: { start: number; end: number }) => call('get', key, async (Key) => {
    const res = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
    if (!res.Body) throw new BlobNotFoundError(key);
    return res.Body as Readable & { transformToByteArray(): Promise<Uint8Array> };
  });
  return {
    location: `s3://${opts.bucket}/${prefix}`,
    async put(data, ext) {
      const key = newStorageKey(ext);
      await putObject(key, data);
      return key;
    },
    async putFile(sourcePath, ext) {
      const key = newStorageKey(ext);
      await putObject(key, await readFile(sourcePath));
      return key;
    },
    async putAt(key, body, size) {
      checkedKey(key);
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      if (data.length !== size) throw new Error(`${key}: got ${data.length} bytes to write, expected ${size}`);
      await putObject(key, data);
    },
    async get(key) {
      const body = await getObject(key);
      return call('get', key, async () => Buffer.from(await body.transformToByteArray()));
    },
    size: (key) => call('head', key, async (Key) => {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: opts.bucket, Key }));
        return head.ContentLength ?? null;
      } catch (err) {
        if (statusOf(err) === 404) return null;
        throw err;
      }
    }),
    read: (key, range) => getObject(key, range),
    // S3 answers 204 for a missing key too.
    delete: (key) => call('delete', key, async (Key) => { await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key })); }),
  };
}
