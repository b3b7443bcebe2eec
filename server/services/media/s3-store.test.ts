// The S3-compatible photo store: SigV4 against AWS's published example, then PUT/GET/HEAD/DELETE
// against a local fake S3 that checks every signature, and the whole upload -> signed URL ->
// retention path of the app with S3_* pointing at it.
import { text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema/index.ts';
import { startFakeS3, type FakeS3 } from '../../../tests/server-helpers/fake-s3.ts';
import { bearer, createMember } from '../../../tests/server-helpers/members.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';
import { pngBytes, upload } from '../../../tests/server-helpers/uploads.ts';
import { sweepOldPhotos } from '../proctoring/photo-retention.ts';
import { createS3Store, EMPTY_SHA256, signV4 } from './s3-store.ts';
import { createPhotoStore } from '../proctoring/uploads.ts';

const creds = { region: 'us-east-1', accessKeyId: 'AKIAEPOTTEST', secretAccessKey: 'epot-test-secret-key' };
let s3: FakeS3;
beforeAll(async () => { s3 = await startFakeS3({ bucket: 'epot-photos', ...creds }); });
afterAll(async () => { await s3?.close(); });

describe('SigV4', () => {
  it("matches AWS's published GET Object example", () => {
    // docs.aws.amazon.com, "Signature Calculations for the Authorization Header", GET Object.
    const headers = signV4(
      { region: 'us-east-1', accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
      { method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), headers: { Range: 'bytes=0-9' }, payloadHash: EMPTY_SHA256, now: new Date('2013-05-24T00:00:00Z') },
    );
    expect(headers.authorization).toBe('AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,'
      + 'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });
});

describe('S3 store', () => {
  it('puts, sizes, reads (whole and a range) and deletes objects under a prefix', async () => {
    const store = createS3Store({ endpoint: s3.endpoint, bucket: 'epot-photos', prefix: 'proctoring/', ...creds });
    const key = await store.put(Buffer.from('0123456789abcdef'), '.PNG');
    expect(key).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect([...s3.objects.keys()]).toContain(`proctoring/${key}`);
    expect(await store.size(key)).toBe(16);
    expect((await store.get(key)).toString()).toBe('0123456789abcdef');
    expect(await text(await store.read(key, { start: 2, end: 5 }))).toBe('2345');
    await store.delete(key);
    expect(await store.size(key)).toBeNull();
    await store.delete(key); // already gone: fine
    expect(s3.refused).toBe(0);
  });

  it('fails loudly on a wrong secret, and refuses keys that are not storage keys', async () => {
    const wrong = createS3Store({ endpoint: s3.endpoint, bucket: 'epot-photos', ...creds, secretAccessKey: 'not-the-secret' });
    await expect(wrong.put(Buffer.from('x'), 'png')).rejects.toThrow(/HTTP 403 SignatureDoesNotMatch/);
    await expect(wrong.size('../etc/passwd')).rejects.toThrow(/invalid storage key/);
    expect(s3.refused).toBe(1);
  });
});

describe('the app with S3_* set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true, env: {
      S3_BUCKET: 'epot-photos', S3_ENDPOINT: s3.endpoint, S3_REGION: creds.region, S3_ACCESS_KEY_ID: creds.accessKeyId,
      S3_SECRET_ACCESS_KEY: creds.secretAccessKey, S3_PREFIX: 'app/',
    } });
  });
  afterAll(async () => { await t?.cleanup(); });

  it('stores photos in the bucket, serves them at the signed URL and the retention sweep deletes them there', async () => {
    const { user } = await createMember(t.db);
    const bytes = pngBytes(300);
    const sent = await upload(t, await bearer(t.app, user), { filename: 'foto.png', contentType: 'image/png', data: bytes });
    expect(sent.code).toBe(200);
    const [row] = await t.db.select().from(media).where(eq(media.id, sent.body.data.id));
    expect(s3.objects.get(`app/${row!.storage_key}`)).toEqual(bytes);
    const file = await t.app.inject({ method: 'GET', url: sent.body.data.public_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload).toEqual(bytes);
    const part = await t.app.inject({ method: 'GET', url: sent.body.data.public_url, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(bytes.subarray(0, 8));

    await t.db.update(media).set({ created_at: new Date(Date.now() - 200 * 86_400_000) }).where(eq(media.id, row!.id));
    expect(await sweepOldPhotos(t.db, createPhotoStore(t.config), new Date(), 180)).toBe(1);
    expect(s3.objects.has(`app/${row!.storage_key}`)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: sent.body.data.public_url })).statusCode).toBe(404);
  });
});
