// The server's whole configuration, read from the environment once and validated, so a typo in
// an env variable stops the start instead of surfacing later as odd behaviour.
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_API_BASE } from '../contracts/api-paths.ts';
import { PHOTO_UPLOAD_MAX_BYTES } from '../contracts/facts/index.ts';
import type { S3Options } from './services/media/s3-store.ts';
import { RETENTION_CLASSES, RETENTION_INFO, type RetentionPolicy } from './services/retention/classes.ts';

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** One variable per retention class: days, 0 = keep (defaults and reasons: docs/privacy.md). */
const retentionEnvSchema = z.object(Object.fromEntries(RETENTION_CLASSES.map((c) => [
  RETENTION_INFO[c].env,
  z.coerce.number().int().min(0).max(36_500).default(RETENTION_INFO[c].defaultDays)
    .refine((days) => days === 0 || days >= RETENTION_INFO[c].minDays, `must be 0 (keep) or at least ${RETENTION_INFO[c].minDays}`),
])));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  // A non-root path without a trailing slash: the SPA owns everything outside it.
  API_BASE: z.string().regex(/^(\/[A-Za-z0-9._~-]+)+$/, 'must look like /api').default(DEFAULT_API_BASE),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional()),
  // Connections each process keeps to PostgreSQL (N processes need N × this within max_connections).
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  STATIC_DIR: z.string().min(1).default('./dist'),
  // Origins (comma-separated, e.g. https://epot.example.id) whose pages may call the API from the
  // browser. Empty (default): no CORS headers at all, so only the SPA on the API's own origin can.
  CORS_ORIGINS: z.string().default('').transform((v) => v.split(',').map((s) => s.trim().replace(/\/+$/, '')).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s?#*]+$/, 'must be origins like https://epot.example.id, comma-separated'))),
  // Which hops may set X-Forwarded-*: by default only a proxy on this host or a private network
  // (so a client reaching the server directly cannot fake its IP or https).
  // Loopback only by default: any RFC 1918 peer could otherwise set the client address (issue 29 item 13).
  TRUST_PROXY: z.string().default('loopback'),
  // Accounts. JWT_SECRET is the HS256 key; unset, one is generated once and kept in the database
  // (app_meta), so every process on that database shares it.
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  // The public client key every guest call carries (spec 9); not a secret. The SPA's VITE_ACCESS_KEY must match.
  ACCESS_KEY: z.string().min(1).default('epot-public-demo-key'),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional()),
  MAIL_FROM: z.string().min(3).default('EPOT <no-reply@epot.local>'),
  GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  SSO_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  SSO_PREFIX: z.string().default('epot-sso-'),
  // Encrypts the certificate credential's private signing keys at rest (app_meta); unset: stored plain.
  CREDENTIAL_KEY_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  SUPPORT_EMAIL: z.string().default('support@epot.local'),
  // The public origin (e.g. https://epot.example.id): certificate QR codes and verify links, mailed
  // links. Required in production (requirePublicUrl); in development the server's own listen address.
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  // Exam delivery: how often overdue sections are closed from their drafts (0 = never; unset under
  // NODE_ENV=test, so tests call sweepOverdueSections themselves), and how long signed media URLs live.
  SWEEP_INTERVAL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(3_600_000).optional()),
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(6 * 3600),
  // Couriers sign their webhook calls with it (hex HMAC-SHA256 of the raw body); unset: the webhook is off.
  COURIER_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  // Proctoring photo uploads: the largest file, and each member's quota (files and bytes).
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(PHOTO_UPLOAD_MAX_BYTES),
  UPLOAD_QUOTA_FILES: z.coerce.number().int().min(1).max(100_000).default(200),
  UPLOAD_QUOTA_BYTES: z.coerce.number().int().min(1024).max(10 * 1024 ** 3).default(50 * 1024 * 1024),
  // Retention per data class in days, 0 = keep (services/retention/classes.ts: PHOTO_RETENTION_DAYS,
  // ANSWER_RETENTION_DAYS …, added below); how often the sweep runs (unset under NODE_ENV=test: off,
  // tests call runRetention themselves).
  RETENTION_INTERVAL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(7 * 24 * 3_600_000).optional()),
  // Optional S3-compatible bucket for every stored file (photos, exam media, certificates): set
  // S3_BUCKET to use it. The endpoint is for MinIO, Ceph, R2 … (unset: AWS); the keys go together
  // (unset: the SDK's default chain, e.g. an instance role).
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name').optional()),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_PREFIX: z.string().regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be empty or end with /, e.g. epot/').default(''),
  S3_PATH_STYLE: z.enum(['true', 'false']).default('true'),
}).superRefine((e, ctx) => {
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_ENDPOINT or S3 keys are set, but S3_BUCKET is not' });
  }
});

export interface Config {
  port: number;
  host: string;
  apiBase: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  staticDir: string;
  trustProxy: boolean | string[];
  /** Exact origins allowed to call the API cross-origin (empty: same-origin only). */
  corsOrigins: string[];
  jwtSecret: string | undefined;
  accessKey: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  ssoSecret: string | undefined;
  ssoPrefix: string;
  supportEmail: string;
  credentialKeySecret: string | undefined;
  publicUrl: string | undefined;
  sweepIntervalMs: number;
  mediaUrlTtlSeconds: number;
  courierWebhookSecret: string | undefined;
  uploadMaxBytes: number;
  uploadQuotaFiles: number;
  uploadQuotaBytes: number;
  /** Days each data class is kept (0 = kept), PHOTO_RETENTION_DAYS and the other *_RETENTION_DAYS. */
  retention: RetentionPolicy;
  retentionIntervalMs: number;
  /** Set when every stored file goes to an S3-compatible bucket (else DATA_DIR/media). */
  s3: S3Options | undefined;
}

function parseTrustProxy(v: string): Config['trustProxy'] {
  if (v === 'true') return true;
  if (v === 'false') return false;
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/** Builds the config from an env-like object (tests pass their own). Throws listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const retention = retentionEnvSchema.safeParse(env);
  if (!parsed.success || !retention.success) {
    const issues = [...(parsed.error?.issues ?? []), ...(retention.error?.issues ?? [])];
    const lines = issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const days = retention.data as Record<string, number>;
  return {
    port: e.PORT,
    host: e.HOST,
    apiBase: e.API_BASE,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    staticDir: resolve(e.STATIC_DIR),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    corsOrigins: e.CORS_ORIGINS,
    jwtSecret: e.JWT_SECRET,
    accessKey: e.ACCESS_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    ssoSecret: e.SSO_SECRET,
    ssoPrefix: e.SSO_PREFIX,
    supportEmail: e.SUPPORT_EMAIL,
    credentialKeySecret: e.CREDENTIAL_KEY_SECRET,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    sweepIntervalMs: e.SWEEP_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 30_000),
    mediaUrlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
    courierWebhookSecret: e.COURIER_WEBHOOK_SECRET,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadQuotaFiles: e.UPLOAD_QUOTA_FILES,
    uploadQuotaBytes: e.UPLOAD_QUOTA_BYTES,
    retention: Object.fromEntries(RETENTION_CLASSES.map((c) => [c, days[RETENTION_INFO[c].env]!])) as RetentionPolicy,
    retentionIntervalMs: e.RETENTION_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 3_600_000),
    s3: e.S3_BUCKET
      ? {
        bucket: e.S3_BUCKET, endpoint: e.S3_ENDPOINT, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY, prefix: e.S3_PREFIX, pathStyle: e.S3_PATH_STYLE === 'true',
      }
      : undefined,
  };
}

/**
 * Production must not start without PUBLIC_URL: the certificate's QR code and verify link would
 * otherwise need an origin, and no request may choose it (a forged Host would point a genuine
 * certificate at a look-alike site). Throws a message naming the variable.
 */
export function requirePublicUrl(config: Pick<Config, 'nodeEnv' | 'publicUrl'>): void {
  if (config.nodeEnv === 'production' && !config.publicUrl) {
    throw new Error('PUBLIC_URL is not set: in production (NODE_ENV=production) set PUBLIC_URL to the public origin, ' +
      'e.g. PUBLIC_URL=https://epot.example.id. Certificate QR codes and verify links use it; no request may choose it.');
  }
}

/** Where certificates point: PUBLIC_URL, else (development) the server's own listen address. */
export function certificateOrigin(config: Pick<Config, 'publicUrl' | 'host' | 'port'>, listenPort?: number): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return new URL(`http://${host.includes(':') ? `[${host}]` : host}:${listenPort ?? config.port}`).origin;
}

let cached: Config | undefined;
/** The process's config, read from process.env on first use (not at import, so callers can set env first). */
export function getConfig(): Config {
  return (cached ??= loadConfig(process.env));
}
