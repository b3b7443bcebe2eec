// Moving every stored file from one blob store to another (`npm run admin -- blobs move`), e.g.
// from DATA_DIR/media into a bucket before a second host starts. The database names the files
// (media.storage_key); keys stay the same, so no row changes and the switch is only configuration.
// Each file is copied, then read back from the destination and checked against the source by size
// and sha256. A file already at the destination with the same size and checksum is skipped, so a
// run that was stopped (or failed on some files) is resumed by running it again.
import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { asc } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';
import { mapLimit } from '../platform/map-limit.ts';
import type { BlobStore } from './blob-store.ts';

export type MoveOutcome = 'copied' | 'present' | 'missing' | 'failed';

export interface MoveEvent {
  /** 1-based position and the total, for "[12/340]". */
  index: number;
  total: number;
  key: string;
  bytes: number;
  outcome: MoveOutcome;
  /** Why it failed, or what is missing. */
  detail?: string;
}

export interface MoveSummary { total: number; bytes: number; copied: number; present: number; missing: number; failed: number; deleted: number }

export interface MoveOptions {
  /** Files copied at once. */
  concurrency?: number;
  /** Delete each file from the source once it is verified at the destination. */
  deleteSource?: boolean;
  onEvent?: (e: MoveEvent) => void;
}

async function sha256Of(stream: Readable): Promise<{ sha: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha: hash.digest('hex'), bytes };
}

/** Copies `from` → `to` hashing what passes; the source's sha256 and size. */
async function copyHashed(from: BlobStore, to: BlobStore, key: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  // A transform, not a 'data' listener: the bytes wait until the destination starts reading.
  const tee = new Transform({ transform(chunk: Buffer, _enc, done) { hash.update(chunk); done(null, chunk); } });
  const source = await from.read(key);
  // A failed write must not leave the source stream waiting for a reader.
  const put = to.putAt(key, tee, size).catch((err: unknown) => { source.destroy(); tee.destroy(); throw err; });
  await Promise.all([pipeline(source, tee), put]);
  return hash.digest('hex');
}

async function moveOne(from: BlobStore, to: BlobStore, key: string): Promise<{ outcome: MoveOutcome; bytes: number; detail?: string }> {
  const size = await from.size(key);
  const there = await to.size(key);
  if (size === null) {
    return there === null ? { outcome: 'missing', bytes: 0, detail: `not in ${from.location}` } : { outcome: 'present', bytes: there, detail: 'only at the destination' };
  }
  if (there === size) {
    const [a, b] = await Promise.all([sha256Of(await from.read(key)), sha256Of(await to.read(key))]);
    if (a.sha === b.sha) return { outcome: 'present', bytes: size };
  }
  const sha = await copyHashed(from, to, key, size);
  const back = await sha256Of(await to.read(key));
  if (back.bytes !== size) return { outcome: 'failed', bytes: size, detail: `destination holds ${back.bytes} bytes, source ${size}` };
  if (back.sha !== sha) return { outcome: 'failed', bytes: size, detail: 'checksum differs after the copy' };
  return { outcome: 'copied', bytes: size };
}

export async function moveBlobs(db: AppDb, from: BlobStore, to: BlobStore, opts: MoveOptions = {}): Promise<MoveSummary> {
  if (from.location === to.location) throw new Error(`source and destination are the same store (${from.location})`);
  const rows = await db.select({ key: media.storage_key }).from(media).orderBy(asc(media.created_at), asc(media.id));
  const summary: MoveSummary = { total: rows.length, bytes: 0, copied: 0, present: 0, missing: 0, failed: 0, deleted: 0 };
  let index = 0;
  await mapLimit(rows, opts.concurrency ?? 4, async ({ key }) => {
    let result: { outcome: MoveOutcome; bytes: number; detail?: string };
    try {
      result = await moveOne(from, to, key);
    } catch (err) {
      result = { outcome: 'failed', bytes: 0, detail: err instanceof Error ? err.message : String(err) };
    }
    summary[result.outcome]++;
    summary.bytes += result.bytes;
    const verified = result.outcome === 'copied' || (result.outcome === 'present' && result.detail === undefined);
    if (opts.deleteSource && verified) {
      await from.delete(key);
      summary.deleted++;
    }
    opts.onEvent?.({ index: ++index, total: rows.length, key, ...result });
  });
  return summary;
}
