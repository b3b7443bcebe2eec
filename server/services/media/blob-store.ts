// One store for every file the server keeps: proctoring photos, exam media, certificate PDFs,
// operator uploads. Two implementations: DATA_DIR/media on a local disk (the embedded default,
// ./disk-store.ts) and an S3-compatible bucket (./s3-store.ts, when S3_BUCKET is set). Files are
// named by server-chosen `<uuid>.<ext>` storage keys, so no caller-supplied string reaches a path
// or an object key; the database (media.storage_key) says which keys exist.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import { HttpError, UNAVAILABLE_MESSAGE } from '../../http-error.ts';
import { createDiskStore } from './disk-store.ts';
import { createS3Store } from './s3-store.ts';

export interface BlobStore {
  /** Where the files are, for logs: a folder or s3://bucket/prefix. */
  readonly location: string;
  /** Stores bytes under a new key; returns it. */
  put(data: Uint8Array, ext: string): Promise<string>;
  /** Stores a copy of a local file under a new key (streamed); returns it. */
  putFile(sourcePath: string, ext: string): Promise<string>;
  /** Writes `size` bytes under an existing key, replacing what is there (moving stores). */
  putAt(key: string, body: Readable, size: number): Promise<void>;
  /** The whole file; BlobNotFoundError when there is none. */
  get(key: string): Promise<Buffer>;
  /** The size in bytes; null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** The bytes from start to end inclusive (the whole file without a range); BlobNotFoundError when missing. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8}$/;
const EXT = /^[a-z0-9]{1,8}$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

/** The key itself, or an error naming it (never let another string become a path or object key). */
export function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** A fresh `<uuid>.<ext>` key ('.PNG' and 'png' both give '….png'). */
export function newStorageKey(ext: string): string {
  const clean = ext.replace(/^\./, '').toLowerCase();
  if (!EXT.test(clean)) throw new Error(`invalid file extension: ${JSON.stringify(ext)}`);
  return `${randomUUID()}.${clean}`;
}

/** No file under this key. */
export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored file ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

/** The store cannot be reached (bucket down, timeouts, 5xx): the request answers 503, retry later. */
export class BlobStoreUnavailableError extends HttpError {
  constructor(readonly detail: string, options?: { cause?: unknown }) {
    super(503, UNAVAILABLE_MESSAGE);
    this.name = 'BlobStoreUnavailableError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** The store the configuration names: the S3 bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function createBlobStore(config: Pick<Config, 's3' | 'dataDir'>): BlobStore {
  return config.s3 ? createS3Store(config.s3) : createDiskStore(config.dataDir);
}
