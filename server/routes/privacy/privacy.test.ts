// The candidate's data export (issue 19) on PGlite and PostgreSQL: the zip holds the member's own
// records and photos, never another member's, and never the password hash. The zip is read with
// Debian's unzip.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, violations } from '../../db/schema/index.ts';
import { startedOrder } from '../../../tests/server-helpers/exam-attempts.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';
import { jpegBytes, upload } from '../../../tests/server-helpers/uploads.ts';
import type { ExportManifest } from '../../services/privacy/export.ts';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  dir = mkdtempSync(join(tmpdir(), 'epot-export-'));
});
afterAll(async () => {
  await t?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

function unzip(zip: Buffer, entry: string): Buffer {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, zip);
  return execFileSync('unzip', ['-p', file, entry]);
}

describe('GET /users/v1/member/privacy/export', () => {
  it('streams a zip with the manifest and the member’s photos, and nothing of anyone else', async () => {
    const me = await startedOrder(t);
    const other = await startedOrder(t);
    const photo = jpegBytes(300);
    const mine = await upload(t, me.headers.authorization, { filename: 'x.jpg', contentType: 'image/jpeg', data: photo });
    expect(mine.code).toBe(200);
    await upload(t, other.headers.authorization, { filename: 'y.jpg', contentType: 'image/jpeg', data: jpegBytes(100) });
    await t.db.insert(violations).values({ order_id: me.orderId, section: 'reading', counter_type: 'speech', text_voice: 'Suara terdeteksi (±4 kata)', image_media_id: mine.body.data.id });
    await t.db.insert(consents).values({ order_id: me.orderId, user_id: me.userId, rules_version: 'v1', checks: {} as never });

    const res = await t.app.inject({ method: 'GET', url: '/api/users/v1/member/privacy/export', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="epot-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const text = unzip(res.rawPayload, 'manifest.json').toString('utf8');
    const manifest = JSON.parse(text) as ExportManifest;
    expect(manifest.format).toBe('epot-personal-data/1');
    expect(manifest.profile).toMatchObject({ id: me.userId });
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain(other.orderId);
    expect(manifest.orders.map((o) => o.id)).toEqual([me.orderId]);
    expect(manifest.violations).toEqual([expect.objectContaining({ counter_type: 'speech', text_voice: 'Suara terdeteksi (±4 kata)' })]);
    expect(manifest.consents).toEqual([expect.objectContaining({ order_id: me.orderId, rules_version: 'v1' })]);
    expect(manifest.photos).toEqual([expect.objectContaining({ id: mine.body.data.id, file: `photos/${mine.body.data.id}.jpg`, mime: 'image/jpeg' })]);
    expect(unzip(res.rawPayload, manifest.photos[0]!.file!).equals(photo)).toBe(true);
  });

  it('needs a logged-in member', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/v1/member/privacy/export' });
    expect(res.statusCode).toBe(401);
  });
});
