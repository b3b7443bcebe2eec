// The server's whole configuration, read from the environment once and validated, so a typo in
// an env variable stops the start instead of surfacing later as odd behaviour.
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_API_BASE } from '../contracts/api-paths.ts';

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  // A non-root path without a trailing slash: the SPA owns everything outside it.
  API_BASE: z.string().regex(/^(\/[A-Za-z0-9._~-]+)+$/, 'must look like /api').default(DEFAULT_API_BASE),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional()),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  STATIC_DIR: z.string().min(1).default('./dist'),
  // Which hops may set X-Forwarded-*: by default only a proxy on this host or a private network
  // (so a client reaching the server directly cannot fake its IP or https).
  TRUST_PROXY: z.string().default('loopback,uniquelocal'),
});

export interface Config {
  port: number;
  host: string;
  apiBase: string;
  dataDir: string;
  databaseUrl: string | undefined;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  staticDir: string;
  trustProxy: boolean | string[];
}

function parseTrustProxy(v: string): Config['trustProxy'] {
  if (v === 'true') return true;
  if (v === 'false') return false;
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/** Builds the config from an env-like object (tests pass their own). Throws listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    apiBase: e.API_BASE,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    staticDir: resolve(e.STATIC_DIR),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

let cached: Config | undefined;
/** The process's config, read from process.env on first use (not at import, so callers can set env first). */
export function getConfig(): Config {
  return (cached ??= loadConfig(process.env));
}
