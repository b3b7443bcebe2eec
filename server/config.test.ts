import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { certificateOrigin, loadConfig, requirePublicUrl } from './config.ts';
import { DEFAULT_RETENTION } from './services/retention/classes.ts';

describe('config', () => {
  it('has working defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080, host: '0.0.0.0', apiBase: '/api', dataDir: resolve('data'), databaseUrl: undefined, databasePoolMax: 10,
      nodeEnv: 'development', logLevel: 'info', staticDir: resolve('dist'), trustProxy: ['loopback'], corsOrigins: [],
      jwtSecret: undefined, accessKey: 'epot-public-demo-key', smtpUrl: undefined, mailFrom: 'EPOT <no-reply@epot.local>',
      googleClientId: undefined, googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs', ssoSecret: undefined,
      ssoPrefix: 'epot-sso-', supportEmail: 'support@epot.local', credentialKeySecret: undefined, publicUrl: undefined,
      sweepIntervalMs: 30_000, mediaUrlTtlSeconds: 21_600,
      courierWebhookSecret: undefined,
      uploadMaxBytes: 2_097_152, uploadQuotaFiles: 200, uploadQuotaBytes: 52_428_800, retention: DEFAULT_RETENTION,
      retentionIntervalMs: 3_600_000, s3: undefined,
    });
  });

  it('takes the S3 bucket with its keys as a pair, and turns the retention sweep off under test', () => {
    const s3 = { S3_BUCKET: 'epot-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(loadConfig({ ...s3, S3_PREFIX: 'epot/files/' }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000', bucket: 'epot-files', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', prefix: 'epot/files/',
      pathStyle: true,
    });
    // On AWS with an instance role: the bucket alone.
    expect(loadConfig({ S3_BUCKET: 'epot-files', S3_PATH_STYLE: 'false' }).s3).toMatchObject({ bucket: 'epot-files', endpoint: undefined, accessKeyId: undefined, pathStyle: false });
    expect(() => loadConfig({ S3_BUCKET: 'epot-files', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_ACCESS_KEY_ID.*go together/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET is not/);
    expect(() => loadConfig({ ...s3, S3_PREFIX: '../x' })).toThrow(/S3_PREFIX/);
    expect(loadConfig({ NODE_ENV: 'test' }).retentionIntervalMs).toBe(0);
    expect(loadConfig({ PHOTO_RETENTION_DAYS: '0' }).retention.photos).toBe(0);
    expect(loadConfig({ PHOTO_RETENTION_DAYS: '30', ANSWER_RETENTION_DAYS: '730' }).retention).toMatchObject({ photos: 30, answers: 730, audit: 0 });
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '30' })).toThrow(/AUDIT_RETENTION_DAYS: must be 0 \(keep\) or at least 365/);
    expect(() => loadConfig({ MAIL_OUTBOX_RETENTION_DAYS: '-1' })).toThrow(/MAIL_OUTBOX_RETENTION_DAYS/);
  });

  it('reads the environment', () => {
    const c = loadConfig({
      PORT: '9000', API_BASE: '/v1/api', DATABASE_URL: 'postgres://u@h/db', NODE_ENV: 'test', TRUST_PROXY: 'true',
    });
    expect(c).toMatchObject({ port: 9000, apiBase: '/v1/api', databaseUrl: 'postgres://u@h/db', logLevel: 'silent', trustProxy: true });
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'http', API_BASE: 'api/', DATABASE_URL: 'mysql://x' }))
      .toThrow(/PORT[\s\S]*API_BASE[\s\S]*DATABASE_URL/);
  });

  it('refuses production without PUBLIC_URL, naming the variable; development points certificates at its own address', () => {
    expect(() => requirePublicUrl(loadConfig({ NODE_ENV: 'production' }))).toThrow(/PUBLIC_URL is not set.*NODE_ENV=production/);
    expect(() => requirePublicUrl(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://epot.example.id/' }))).not.toThrow();
    expect(() => requirePublicUrl(loadConfig({}))).not.toThrow();
    expect(certificateOrigin(loadConfig({ PUBLIC_URL: 'https://epot.example.id/' }))).toBe('https://epot.example.id');
    expect(certificateOrigin(loadConfig({}))).toBe('http://localhost:8080');
    expect(certificateOrigin(loadConfig({ HOST: '127.0.0.1', PORT: '0' }), 41234)).toBe('http://127.0.0.1:41234');
  });

  it('npm start (server/cli/start.ts) with NODE_ENV=production and no PUBLIC_URL exits before doing anything', () => {
    const root = resolve(import.meta.dirname, '..');
    const env = { ...process.env, NODE_ENV: 'production', PUBLIC_URL: '', DATA_DIR: join(root, 'no-such-data-dir') };
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'server', 'cli', 'start.ts')], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PUBLIC_URL is not set');
  }, 90_000); // one tsx start of a process: slow on a loaded machine
});
