// Photo uploads: JPEG/PNG by content only, the size limit, names that try to leave the folder,
// server-chosen storage keys, per-member quotas, owner-only access through signed URLs, and the
// retention sweep (files and rows of old photos, never exam media).
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoCommand } from '../../cli/commands/photo.ts';
import { retentionCommand } from '../../cli/commands/retention.ts';
import { media } from '../../db/schema/index.ts';
import { createDiskStore } from '../../services/media/disk-store.ts';
import { sweepOldPhotos } from '../../services/proctoring/photo-retention.ts';
import { detectFileType, isAcceptableClientFilename, UPLOAD_MESSAGES } from '../../services/proctoring/uploads.ts';
import { bearer, createMember } from '../../../tests/server-helpers/members.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';
import { jpegBytes, multipartBody, pngBytes, upload, UPLOAD_URL } from '../../../tests/server-helpers/uploads.ts';

const MAX = 4096;
let t: TestApp;
const mediaDir = () => join(t.config.dataDir, 'media');
const storedFiles = async () => (existsSync(mediaDir()) ? (await readdir(mediaDir())).sort() : []);

beforeAll(async () => {
  t = await buildTestApp({ seed: true, env: { UPLOAD_MAX_BYTES: String(MAX), UPLOAD_QUOTA_FILES: '6', UPLOAD_QUOTA_BYTES: '16000' } });
});
afterAll(async () => { await t?.cleanup(); });

async function member() {
  const { user } = await createMember(t.db);
  return { user, auth: await bearer(t.app, user) };
}

describe('type detection', () => {
  it('knows JPEG and PNG by their magic bytes, and PDF only when asked', () => {
    expect(detectFileType(jpegBytes())?.mime).toBe('image/jpeg');
    expect(detectFileType(pngBytes())?.mime).toBe('image/png');
    const pdf = Buffer.from('%PDF-1.7\n…');
    expect(detectFileType(pdf)).toBeNull();
    expect(detectFileType(pdf, { allowPdf: true })?.mime).toBe('application/pdf');
    expect(detectFileType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectFileType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });

  it('refuses client names with path separators', () => {
    for (const bad of ['../x.jpg', '..\\x.jpg', 'a/b.png', '..', '.', 'x\u0000.png']) expect(isAcceptableClientFilename(bad), bad).toBe(false);
    for (const ok of ['foto.jpg', 'Foto Ujian (1).PNG', '']) expect(isAcceptableClientFilename(ok), ok).toBe(true);
  });
});

describe('POST media.upload', () => {
  it('accepts a PNG and a JPEG under server-chosen keys, typed by their bytes', async () => {
    const { user, auth } = await member();
    // A PNG sent as image/jpeg named .jpg is stored as what it is.
    const png = pngBytes(500);
    const a = await upload(t, auth, { filename: 'kamera.jpg', contentType: 'image/jpeg', data: png });
    expect(a.code).toBe(200);
    expect(a.body.data).toMatchObject({ source: 'upload', type: 'image', mime: 'image/png', duration: null });
    expect(a.body.data.public_url).toMatch(new RegExp(`^/api/storage/v1/media/file/${a.body.data.id}\\?exp=\\d+&sig=`));
    const jpeg = jpegBytes(700);
    const b = await upload(t, auth, { filename: 'foto.jpeg', contentType: 'image/jpeg', data: jpeg });
    expect(b.code).toBe(200);
    expect(b.body.data.mime).toBe('image/jpeg');

    const rows = await t.db.select().from(media).where(inArray(media.id, [a.body.data.id, b.body.data.id]));
    for (const r of rows) {
      expect(r.owner_user_id).toBe(user.id);
      expect(r.storage_key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/);
      expect(r.storage_key).not.toContain('kamera');
      expect(r.title).toBe('foto');
    }
    expect(rows.find((r) => r.id === a.body.data.id)!.storage_key).toMatch(/\.png$/);
    // Outside the web root, in DATA_DIR/media, byte for byte.
    const store = createDiskStore(t.config.dataDir);
    expect(await store.get(rows.find((r) => r.id === b.body.data.id)!.storage_key)).toEqual(jpeg);

    // The owner's signed URL serves it with the detected type.
    const file = await t.app.inject({ method: 'GET', url: a.body.data.public_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload).toEqual(png);
  });

  it('refuses a text file renamed .jpg, an oversized file and a ../ name, storing nothing', async () => {
    const { user, auth } = await member();
    const before = await storedFiles();
    const text = await upload(t, auth, { filename: 'foto.jpg', contentType: 'image/jpeg', data: Buffer.from('just some text, not a photo') });
    expect(text.code).toBe(400);
    expect(text.body.message).toBe(UPLOAD_MESSAGES.notImage);
    const big = await upload(t, auth, { filename: 'big.jpg', contentType: 'image/jpeg', data: jpegBytes(MAX + 1) });
    expect(big.code).toBe(413);
    expect(big.body.message).toBe('Ukuran file maksimal 4 KB');
    expect(UPLOAD_MESSAGES.tooLarge(2 * 1024 * 1024)).toBe('Ukuran file maksimal 2 MB');
    // Exactly at the limit is fine.
    expect((await upload(t, auth, { filename: 'max.jpg', data: jpegBytes(MAX) })).code).toBe(200);
    for (const filename of ['../../escape.png', '..\\..\\escape.png', 'sub/dir.png']) {
      const r = await upload(t, auth, { filename, contentType: 'image/png', data: pngBytes() });
      expect(r.code, filename).toBe(400);
      expect(r.body.message).toBe(UPLOAD_MESSAGES.badName);
    }
    expect(existsSync(join(t.config.dataDir, 'escape.png'))).toBe(false);
    expect(existsSync(join(t.config.dataDir, '..', 'escape.png'))).toBe(false);
    const after = await storedFiles();
    expect(after.filter((f) => !before.includes(f))).toHaveLength(1); // only the one at the limit
    expect(await t.db.select({ id: media.id }).from(media).where(eq(media.owner_user_id, user.id))).toHaveLength(1);
  });

  it('refuses requests that are not a proper upload', async () => {
    const { auth } = await member();
    expect((await upload(t, undefined, { filename: 'a.png', data: pngBytes() })).code).toBe(401);
    const json = await t.app.inject({ method: 'POST', url: UPLOAD_URL, headers: { authorization: auth }, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    // Broken framing (no boundary, a body that is not multipart) is the client's fault, not a 500.
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=x']) {
      const broken = await t.app.inject({ method: 'POST', url: UPLOAD_URL, headers: { authorization: auth, 'content-type': contentType }, payload: '{}' });
      expect(broken.statusCode, contentType).toBe(400);
    }
    expect((await upload(t, auth, { filename: 'a.png', data: pngBytes() }, { title: 'x', source: 'certificate' })).body.message).toBe(UPLOAD_MESSAGES.badSource);
    expect((await upload(t, auth, [])).body.message).toBe(UPLOAD_MESSAGES.noFile);
    expect((await upload(t, auth, { field: 'photo', filename: 'a.png', data: pngBytes() })).body.message).toBe(UPLOAD_MESSAGES.oneFile);
    const two = multipartBody({ title: 't' }, [{ filename: 'a.png', data: pngBytes() }, { filename: 'b.png', data: pngBytes() }]);
    const twoRes = await t.app.inject({ method: 'POST', url: UPLOAD_URL, headers: { authorization: auth, 'content-type': two.contentType }, payload: two.payload });
    // Issue 29 item 15: two files is a malformed request (400), not a too-large one (413).
    expect([twoRes.statusCode, twoRes.json<{ message: string }>().message]).toEqual([400, UPLOAD_MESSAGES.oneFile]);
  });

  it("never serves one member's photo to another", async () => {
    const owner = await member();
    const other = await member();
    const photo = (await upload(t, owner.auth, { filename: 'a.png', data: pngBytes() })).body.data;
    const detail = (auth: string) => t.app.inject({ method: 'GET', url: `/api/storage/v1/media/user/detail/${photo.id}`, headers: { authorization: auth } });
    expect((await detail(owner.auth)).statusCode).toBe(200);
    expect((await detail(other.auth)).statusCode).toBe(404);
    // The other member's own signed URL does not open this photo: the signature binds the id.
    const theirs = (await upload(t, other.auth, { filename: 'b.png', data: pngBytes() })).body.data;
    const forged = theirs.public_url.replace(theirs.id, photo.id);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/storage/v1/media/file/${photo.id}` })).statusCode).toBe(400);
  });

  it('enforces the per-member quota of files and of bytes', async () => {
    const files = await member();
    for (let i = 0; i < 6; i++) expect((await upload(t, files.auth, { filename: `${i}.png`, data: pngBytes(100) })).code).toBe(200);
    const seventh = await upload(t, files.auth, { filename: '7.png', data: pngBytes(100) });
    expect(seventh.code).toBe(409);
    expect(seventh.body.message).toBe(UPLOAD_MESSAGES.quota);

    const bytes = await member();
    for (let i = 0; i < 4; i++) expect((await upload(t, bytes.auth, { filename: `${i}.jpg`, data: jpegBytes(4000) })).code).toBe(200);
    expect((await upload(t, bytes.auth, { filename: '5.jpg', data: jpegBytes(100) })).code).toBe(409);
    // Parallel uploads cannot overshoot the quota together.
    const racer = await member();
    const results = await Promise.all(Array.from({ length: 9 }, (_, i) => upload(t, racer.auth, { filename: `${i}.png`, data: pngBytes(100) })));
    expect(results.filter((r) => r.code === 200)).toHaveLength(6);
    expect(await t.db.select({ id: media.id }).from(media).where(eq(media.owner_user_id, racer.user.id))).toHaveLength(6);
  });
});

describe('operators', () => {
  it("list a member's photos and export one with the CLI", async () => {
    const { user, auth } = await member();
    const bytes = jpegBytes(300);
    const photo = (await upload(t, auth, { filename: 'a.jpg', data: bytes })).body.data;
    const out: string[] = [];
    const ctx = { config: t.config, database: t.database, clock: t.clock, out: (l: string) => out.push(l) };
    await photoCommand.run(['list', '--email', user.email.toUpperCase()], ctx);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(new RegExp(`^${photo.id}  \\S+  image/jpeg  300 B  foto$`));
    const file = join(t.config.dataDir, 'export.jpg');
    await photoCommand.run(['export', photo.id, '--out', file], ctx);
    expect(await readFile(file)).toEqual(bytes);
    // Never overwrites a file.
    await expect(photoCommand.run(['export', photo.id, '--out', file], ctx)).rejects.toThrow(/EEXIST/);
  });
});

describe('photo retention', () => {
  it('deletes old photos (file and row), keeps new ones, exam media and certificates', async () => {
    const { auth } = await member();
    const old = (await upload(t, auth, { filename: 'old.png', data: pngBytes() })).body.data;
    const fresh = (await upload(t, auth, { filename: 'new.png', data: pngBytes() })).body.data;
    const store = createDiskStore(t.config.dataDir);
    const importKey = await store.put(Buffer.from('exam audio'), 'webm');
    const longAgo = new Date(t.clock.now().getTime() - 181 * 86_400_000);
    const [exam] = await t.db.insert(media).values({ title: 'audio', source: 'import', type: 'audio', mime: 'audio/webm', storage_key: importKey, byte_size: 10, created_at: longAgo }).returning();
    await t.db.update(media).set({ created_at: longAgo }).where(eq(media.id, old.id));
    const [oldRow] = await t.db.select().from(media).where(eq(media.id, old.id));

    expect(await sweepOldPhotos(t.db, store, t.clock.now(), 180)).toBe(1);
    expect(await store.size(oldRow!.storage_key)).toBeNull();
    expect(await t.db.select().from(media).where(eq(media.id, old.id))).toHaveLength(0);
    expect(await t.db.select().from(media).where(inArray(media.id, [fresh.id, exam!.id]))).toHaveLength(2);
    expect(await store.size(importKey)).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: old.public_url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: fresh.public_url })).statusCode).toBe(200);
    // Nothing left to do; 0 days means keep everything.
    expect(await sweepOldPhotos(t.db, store, t.clock.now(), 180)).toBe(0);
    expect(await sweepOldPhotos(t.db, store, new Date(t.clock.now().getTime() + 10 * 86_400_000), 0)).toBe(0);
  });

  it('runs from the CLI with --days', async () => {
    const { auth } = await member();
    const photo = (await upload(t, auth, { filename: 'a.png', data: pngBytes() })).body.data;
    await t.db.update(media).set({ created_at: new Date(t.clock.now().getTime() - 31 * 86_400_000) }).where(eq(media.id, photo.id));
    const out: string[] = [];
    await retentionCommand.run(['run', '--days', '30'], { config: t.config, database: t.database, clock: t.clock, out: (l) => out.push(l) });
    expect(out.join('\n')).toMatch(/^deleted [1-9]\d* proctoring photo\(s\) older than 30 day\(s\)/);
    expect(await t.db.select().from(media).where(eq(media.id, photo.id))).toHaveLength(0);
    await expect(retentionCommand.run(['run', '--days', '0'], { config: t.config, database: t.database, clock: t.clock, out: () => undefined })).rejects.toThrow(/at least 1/);
  });
});
