// The S3 blob store against a real S3-protocol server (s3rver from npm, started by this file):
// the store alone (upload, Range reads, missing objects, a bucket that is down), then the app with
// S3_* set — photos, exam media and certificate PDFs in the bucket behind the same signed URLs, a
// clear 503 and nothing half-written while the bucket is down — and the move command between
// DATA_DIR and the bucket (verified, resumable).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { blobsCommand } from '../../cli/commands/blobs.ts';
import { examCommand } from '../../cli/commands/exam.ts';
import { loadConfig } from '../../config.ts';
import { certificates, exams, media } from '../../db/schema/index.ts';
import { UNAVAILABLE_MESSAGE } from '../../http-error.ts';
import { completedOrder } from '../../../tests/server-helpers/certificates.ts';
import { getSection, startedOrder } from '../../../tests/server-helpers/exam-attempts.ts';
import { appWithFixtureExam, writeExamFixture } from '../../../tests/server-helpers/exam-fixture.ts';
import { bearer, createMember } from '../../../tests/server-helpers/members.ts';
import { startTestS3, type TestS3 } from '../../../tests/server-helpers/s3-server.ts';
import type { TestApp } from '../../../tests/server-helpers/test-app.ts';
import { pngBytes, upload } from '../../../tests/server-helpers/uploads.ts';
import { issueCertificate } from '../certificates/certificates.ts';
import { systemClock } from '../platform/clock.ts';
import { sweepOldPhotos } from '../proctoring/photo-retention.ts';
import { BlobNotFoundError, BlobStoreUnavailableError } from './blob-store.ts';
import { createDiskStore } from './disk-store.ts';
import { createS3Store } from './s3-store.ts';

let s3: TestS3;
beforeAll(async () => { s3 = await startTestS3(); });
afterAll(async () => { await s3?.close(); });

const storeAt = (prefix: string) => createS3Store(loadConfig(s3.env(prefix)).s3!);

describe('S3 store', () => {
  it('puts, sizes, reads (whole and a range) and deletes objects under a prefix; missing objects are told apart', async () => {
    const store = storeAt('unit/');
    const key = await store.put(Buffer.from('0123456789abcdef'), '.PNG');
    expect(key).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(await s3.keys('unit/')).toEqual([`unit/${key}`]);
    expect(await store.size(key)).toBe(16);
    expect((await store.get(key)).toString()).toBe('0123456789abcdef');
    expect(await text(await store.read(key, { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await store.read(key))).toBe('0123456789abcdef');
    await store.delete(key);
    expect(await store.size(key)).toBeNull();
    await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.read(key, { start: 0, end: 1 })).rejects.toBeInstanceOf(BlobNotFoundError);
    await store.delete(key); // already gone: fine
    await expect(store.size('../etc/passwd')).rejects.toThrow(/invalid storage key/);
    await expect(store.put(Buffer.from('x'), '../x')).rejects.toThrow(/invalid file extension/);
  });

  it('streams a file in and writes at a given key (the move command)', async () => {
    const store = storeAt('unit/');
    const dir = mkdtempSync(join(tmpdir(), 'epot-s3-src-'));
    try {
      const big = Buffer.alloc(300_000, 7);
      writeFileSync(join(dir, 'a.webm'), big);
      const key = await store.putFile(join(dir, 'a.webm'), 'webm');
      expect(await s3.object(`unit/${key}`)).toEqual(big);
      await store.putAt(key, Readable.from([Buffer.from('new')]), 3);
      expect((await store.get(key)).toString()).toBe('new');
      await store.delete(key);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a bucket that is down fails fast with BlobStoreUnavailableError (a 503), and works again when it is back', async () => {
    const store = storeAt('unit/');
    const key = await store.put(Buffer.from('kept'), 'jpg');
    await s3.stop();
    try {
      for (const op of [() => store.put(Buffer.from('x'), 'jpg'), () => store.size(key), () => store.get(key), () => store.read(key), () => store.delete(key)]) {
        const err = await op().then(() => null, (e: unknown) => e);
        expect(err).toBeInstanceOf(BlobStoreUnavailableError);
        expect(err).toMatchObject({ status: 503, message: UNAVAILABLE_MESSAGE });
      }
    } finally {
      await s3.start();
    }
    expect((await store.get(key)).toString()).toBe('kept');
  });
});

describe('the app with S3_* set: every file in the bucket', () => {
  let t: TestApp;
  beforeAll(async () => { t = await appWithFixtureExam('epot-s3-app-', { env: s3.env('app/') }); });
  afterAll(async () => { await t?.cleanup(); });

  const bucketKeys = async () => (await s3.keys('app/')).map((k) => k.slice('app/'.length));
  const rowKeys = async () => (await t.db.select({ k: media.storage_key }).from(media)).map((r) => r.k).sort();

  it('imports exam media into the bucket (not DATA_DIR) and plays them at the signed URL with Range', async () => {
    expect(await readdir(join(t.config.dataDir, 'media')).catch(() => [])).toEqual([]);
    expect(await bucketKeys()).toEqual(await rowKeys());
    const o = await startedOrder(t);
    const audio = (await getSection(t, o, 'listening')).body.data.exam.parts[0]!.question_list[0]!.media!;
    const whole = await t.app.inject({ method: 'GET', url: audio.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/webm');
    const [row] = await t.db.select().from(media).where(eq(media.id, audio.id));
    expect(whole.rawPayload).toEqual(await s3.object(`app/${row!.storage_key}`));
    const size = whole.rawPayload.length;
    const part = await t.app.inject({ method: 'GET', url: audio.url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
    const tail = await t.app.inject({ method: 'GET', url: audio.url, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 10));
    expect((await t.app.inject({ method: 'GET', url: audio.url, headers: { range: `bytes=${size}-` } })).statusCode).toBe(416);
  });

  it('stores photos in the bucket, serves them at the signed URL; a missing object is a 404 in the spec shape', async () => {
    const { user } = await createMember(t.db);
    const bytes = pngBytes(300);
    const sent = await upload(t, await bearer(t.app, user), { filename: 'foto.png', contentType: 'image/png', data: bytes });
    expect(sent.code).toBe(200);
    const [row] = await t.db.select().from(media).where(eq(media.id, sent.body.data.id));
    expect(await s3.object(`app/${row!.storage_key}`)).toEqual(bytes);
    const file = await t.app.inject({ method: 'GET', url: sent.body.data.public_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload).toEqual(bytes);
    const part = await t.app.inject({ method: 'GET', url: sent.body.data.public_url, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(bytes.subarray(0, 8));

    // The retention sweep deletes the object; the URL then answers 404.
    await t.db.update(media).set({ created_at: new Date(t.clock.now().getTime() - 200 * 86_400_000) }).where(eq(media.id, row!.id));
    expect(await sweepOldPhotos(t.db, t.app.blobs, t.clock.now(), 180)).toBe(1);
    expect(await s3.object(`app/${row!.storage_key}`)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: sent.body.data.public_url })).statusCode).toBe(404);

    // A row whose object is gone (deleted by hand, a failed move): 404 with the spec's body, not a 500.
    const again = await upload(t, await bearer(t.app, user), { filename: 'foto.png', contentType: 'image/png', data: pngBytes(100) });
    const [row2] = await t.db.select().from(media).where(eq(media.id, again.body.data.id));
    await t.app.blobs.delete(row2!.storage_key);
    const gone = await t.app.inject({ method: 'GET', url: again.body.data.public_url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ status: 404, message: 'Data tidak ditemukan' });
  });

  it('issues certificate PDFs into the bucket', async () => {
    const { user } = await createMember(t.db, { fullname: 'Sari Wulandari' });
    const { orderId } = await completedOrder(t.db, user.id, { completedAt: t.clock.now() });
    const cert = await issueCertificate({ db: t.db, store: t.app.blobs, clock: t.clock }, orderId, 'https://epot.example.id');
    const [pdf] = await t.db.select().from(media).where(eq(media.id, cert!.media_id));
    expect((await s3.object(`app/${pdf!.storage_key}`))!.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('while the bucket is down: a clear 503 with Retry-After, and nothing half-written in the database', async () => {
    const { user } = await createMember(t.db, { fullname: 'Budi Santoso' });
    const auth = await bearer(t.app, user);
    const { orderId } = await completedOrder(t.db, user.id, { completedAt: t.clock.now() });
    const o = await startedOrder(t);
    const audio = (await getSection(t, o, 'listening')).body.data.exam.parts[0]!.question_list[0]!.media!;
    const mediaBefore = await rowKeys();
    const examsBefore = await t.db.select({ id: exams.id }).from(exams);
    const dir = mkdtempSync(join(tmpdir(), 'epot-s3-import-'));
    await s3.stop();
    try {
      const sent = await upload(t, auth, { filename: 'foto.png', contentType: 'image/png', data: pngBytes(200) });
      expect(sent.code).toBe(503);
      expect(sent.body).toEqual({ status: 503, message: UNAVAILABLE_MESSAGE });
      expect(sent.res.headers['retry-after']).toBe('5');
      const play = await t.app.inject({ method: 'GET', url: audio.url, headers: { range: 'bytes=0-99' } });
      expect(play.statusCode).toBe(503);
      expect(play.json()).toEqual({ status: 503, message: UNAVAILABLE_MESSAGE });
      // A certificate cannot be stored: no row points at a PDF that is not there.
      await expect(issueCertificate({ db: t.db, store: t.app.blobs, clock: t.clock }, orderId, 'https://epot.example.id')).rejects.toBeInstanceOf(BlobStoreUnavailableError);
      // The operator's exam import fails as a whole.
      const out: string[] = [];
      await expect(examCommand.run(['import', writeExamFixture(dir)], { config: t.config, database: t.database, clock: t.clock, out: (l) => out.push(l) }))
        .rejects.toBeInstanceOf(BlobStoreUnavailableError);
      expect(await rowKeys()).toEqual(mediaBefore);
      expect(await t.db.select({ id: exams.id }).from(exams)).toEqual(examsBefore);
      expect(await t.db.select().from(certificates).where(eq(certificates.order_id, orderId))).toEqual([]);
    } finally {
      await s3.start();
      rmSync(dir, { recursive: true, force: true });
    }
    // Back: the same calls succeed, and the certificate comes with the next request.
    expect((await upload(t, auth, { filename: 'foto.png', contentType: 'image/png', data: pngBytes(200) })).code).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: audio.url, headers: { range: 'bytes=0-99' } })).statusCode).toBe(206);
    const cert = await issueCertificate({ db: t.db, store: t.app.blobs, clock: t.clock }, orderId, 'https://epot.example.id');
    const [pdf] = await t.db.select().from(media).where(eq(media.id, cert!.media_id));
    expect(await bucketKeys()).toContain(pdf!.storage_key);
  });
});

describe('npm run admin -- blobs move', () => {
  let t: TestApp;
  let mediaUrl: string;
  // Exam media, a photo and a certificate on DATA_DIR (the default store).
  beforeAll(async () => {
    t = await appWithFixtureExam('epot-s3-move-');
    const { user } = await createMember(t.db);
    const sent = await upload(t, await bearer(t.app, user), { filename: 'foto.png', contentType: 'image/png', data: pngBytes(500) });
    mediaUrl = sent.body.data.public_url;
    const { orderId } = await completedOrder(t.db, user.id, { completedAt: t.clock.now() });
    await issueCertificate({ db: t.db, store: t.app.blobs, clock: t.clock }, orderId, 'https://epot.example.id');
  });
  afterAll(async () => { await t?.cleanup(); });

  const s3Config = () => loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, ...s3.env('moved/') });
  async function move(...args: string[]) {
    const out: string[] = [];
    const err = await blobsCommand.run(['move', ...args], { config: s3Config(), database: t.database, clock: systemClock, out: (l) => out.push(l) })
      .then(() => null, (e: unknown) => e as Error);
    return { out, err };
  }
  const keys = async () => (await t.db.select({ k: media.storage_key }).from(media)).map((r) => r.k).sort();
  const moved = async () => (await s3.keys('moved/')).map((k) => k.slice('moved/'.length));

  it('copies every file to the bucket and verifies each; the app then serves them from there', async () => {
    const all = await keys();
    expect(all.length).toBeGreaterThanOrEqual(6); // 4 exam media, a photo, a certificate
    const first = await move('--from', 'disk', '--to', 's3');
    expect(first.err).toBeNull();
    expect(first.out[0]).toMatch(/^moving stored files from .*\/media to s3:\/\/epot-files\/moved\/$/);
    expect(first.out.filter((l) => /^\[\d+\/\d+\] \S+ [\d.]+ KB copied, verified$/.test(l))).toHaveLength(all.length);
    expect(first.out.at(-1)).toBe(`done: ${all.length} file(s), ${first.out.at(-1)!.match(/, ([\d.]+ KB):/)![1]}: ${all.length} copied, 0 already there, 0 missing, 0 failed`);
    expect(await moved()).toEqual(all);
    for (const k of all) expect(await s3.object(`moved/${k}`)).toEqual(await createDiskStore(t.config.dataDir).get(k));

    // Another process configured for the bucket, on the same database, serves the same signed URL.
    const app2 = await buildApp({ config: s3Config(), database: t.database, clock: t.clock });
    try {
      const res = await app2.inject({ method: 'GET', url: mediaUrl });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(500);
    } finally {
      await app2.close();
    }
  });

  it('resumes: files already there are verified and skipped, missing or damaged ones are copied again', async () => {
    const all = await keys();
    const bucket = createS3Store(s3Config().s3!);
    await bucket.delete(all[0]!);
    const size = (await bucket.size(all[1]!))!;
    await bucket.putAt(all[1]!, Readable.from([Buffer.alloc(size, 0)]), size); // same size, other bytes
    const again = await move('--from', 'disk', '--to', 's3');
    expect(again.err).toBeNull();
    expect(again.out.filter((l) => l.endsWith(' copied, verified')).map((l) => l.split(' ')[1]).sort()).toEqual([all[0], all[1]].sort());
    expect(again.out.filter((l) => l.endsWith('already there, verified'))).toHaveLength(all.length - 2);
    expect(await s3.object(`moved/${all[1]}`)).toEqual(await createDiskStore(t.config.dataDir).get(all[1]!));
  });

  it('reports files it could not move, exits with an error, and a rerun finishes the job', async () => {
    const all = await keys();
    const bucket = createS3Store(s3Config().s3!);
    for (const k of all) await bucket.delete(k);
    await s3.stop();
    let failed;
    try {
      failed = await move('--from', 'disk', '--to', 's3', '--concurrency', '2');
    } finally {
      await s3.start();
    }
    expect(failed.err?.message).toMatch(new RegExp(`^${all.length} file\\(s\\) not moved; fix the cause and run the same command again`));
    expect(failed.out.filter((l) => / FAILED: /.test(l))).toHaveLength(all.length);
    const rerun = await move('--from', 'disk', '--to', 's3', '--delete-source');
    expect(rerun.err).toBeNull();
    expect(rerun.out.at(-1)).toMatch(new RegExp(`${all.length} copied, 0 already there, 0 missing, 0 failed, ${all.length} deleted from the source$`));
    expect(await moved()).toEqual(all);
    expect(await readdir(join(t.config.dataDir, 'media'))).toEqual([]);
    // And back to the disk (e.g. leaving the bucket), from a fresh folder.
    const back = await move('--from', 's3', '--to', `disk:${t.config.dataDir}`);
    expect(back.err).toBeNull();
    expect((await readdir(join(t.config.dataDir, 'media'))).sort()).toEqual(all);
  });

  it('refuses unknown stores and the same store twice', async () => {
    expect((await move('--from', 'disk', '--to', 'ftp')).err?.message).toMatch(/unknown store "ftp"/);
    expect((await move('--from', 'disk', '--to', 'disk')).err?.message).toMatch(/same store/);
    expect((await move('--from', 's3')).err?.message).toMatch(/--from and --to are required/);
  });
});
