// A real S3-protocol server for tests: s3rver (from npm, started in-process on a free port with its
// files in a temporary folder), with one bucket. The app reaches it through the AWS SDK, exactly as
// it would reach MinIO or AWS. `stop()` takes it down (a bucket that is down: connections refused),
// `start()` brings it back on the same port with the same objects.
//
// s3rver checks the access key id of every request but does not verify SigV4 signatures (it
// accepts any V4 signature from a known key): signing is the SDK's job and is not ours to test.
//
// s3rver answers a PUT when its md5 stream has finished, which can be before the object's file is
// flushed: a GET right after could read an empty or short file (a clean-clone run under libfaketime
// read '' after an overwrite). Real S3 has read-after-write consistency, so the helper completes
// each PUT only once the file on disk has the size written.
import { mkdtempSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** s3rver's built-in account. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point the server at this bucket (under `prefix`). */
  env(prefix?: string): Record<string, string>;
  /** Object keys in the bucket (all, or under a prefix). */
  keys(prefix?: string): Promise<string[]>;
  /** An object's bytes, or null when there is none. */
  object(key: string): Promise<Buffer | null>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

interface S3rverStore {
  putObject(object: { bucket: string; key: string }): Promise<{ size: number; md5: string }>;
  getResourcePath(bucket: string, key: string, resource: string): string;
}

/** Wraps the store's putObject so a PUT's answer waits until its bytes are on disk (see above). */
function readAfterWrite(server: S3rver): void {
  const store = (server as unknown as { store: S3rverStore }).store;
  const put = store.putObject.bind(store);
  store.putObject = async (object) => {
    const written = await put(object);
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    // The flush is the write stream's next few ticks: wait on the file's size, not on a timer.
    for (let i = 0; i < 10_000 && (await stat(file)).size !== written.size; i++) await new Promise((r) => setImmediate(r));
    return written;
  };
}

export async function startTestS3(bucket = 'epot-files'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'epot-s3-'));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
    readAfterWrite(server);
    ({ port } = await server.run());
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED', maxAttempts: 1,
  });
  const stop = async () => {
    const s = server;
    server = null;
    await s?.close();
  };
  return {
    endpoint,
    bucket,
    env: (prefix = '') => ({
      S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY, S3_PREFIX: prefix,
    }),
    async keys(prefix = '') {
      const res = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (res.Contents ?? []).map((o) => o.Key!).sort();
    },
    async object(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      } catch {
        return null;
      }
      const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await res.Body!.transformToByteArray());
    },
    stop,
    start: async () => { if (!server) await start(); },
    async close() {
      await stop();
      client.destroy();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
