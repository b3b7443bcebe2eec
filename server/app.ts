// The application as a plugin (server.ts only listens; tests build it and use inject()).
// Order: external plugins, app plugins, routes — so hooks, the error handler, the OpenAPI collector
// and every decoration (app.db, app.blobs, app.mediaUrls, app.certificates, …) exist before the first route is
// added. Every app plugin is registered here; route files register only routes (and the multipart
// parser, scoped to the upload route on purpose).
import { readFileSync } from 'node:fs';
import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod, type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { OUTBOX_QUEUED_HEADER } from '../contracts/facts/index.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './services/platform/clock.ts';
import { authPlugin } from './plugins/auth.ts';
import { blobStorePlugin } from './plugins/blob-store.ts';
import { staffAuthPlugin } from './plugins/staff-auth.ts';
import { certificatesPlugin } from './plugins/certificates.ts';
import { clockPlugin } from './plugins/clock.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { mailerPlugin } from './plugins/mailer.ts';
import { mediaUrlsPlugin } from './plugins/media-urls.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { retentionPlugin } from './plugins/retention.ts';
import { sectionSweeperPlugin } from './plugins/section-sweeper.ts';
import { insightsFoldPlugin } from './plugins/insights-fold.ts';
import { securityHeadersPlugin, type CspDirectives } from './plugins/security-headers.ts';
import { sessionLivePlugin } from './plugins/session-live.ts';
import { spaStaticPlugin } from './plugins/spa-static.ts';
import { installZodMessages } from './plugins/zod-messages.ts';
import { apiRoutes } from './routes/index.ts';

export interface AppOptions {
  config: Config;
  /** Opened and migrated by the caller, who also closes it. */
  database: Database;
  /** Extra CSP sources per directive (e.g. for Google sign-in). */
  csp?: CspDirectives;
  /** Where "now" comes from (default: the system clock); tests pin or move it. */
  clock?: Clock;
}

export interface BuildAppOptions extends AppOptions {
  /** Where log lines go (default stdout); tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
}

export const APP_VERSION: string = (JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
) as { version: string }).version;

// Secrets that must never reach a log line, wherever they sit in a logged object.
const SECRET_FIELDS = ['password', 'new_password', 'old_password', 'confirm_password', 'password_confirmation',
  'password_hash', 'token', 'access_token', 'refresh_token', 'id_token', 'credential', 'otp', 'code_plain',
  'current_password', 'conf_new_password', 'sig'];
const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie',
  'res.headers["set-cookie"]', 'headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_FIELDS.join('|')})=)[^&]*`, 'gi');

export function loggerOptions(config: Config, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Fastify's default request line, with secrets in the query string (reset links) masked.
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: req.url.replace(SECRET_QUERY, '$1[redacted]'),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

// Google Identity Services loads its script, styles and sign-in iframe from this origin.
const GOOGLE_ACCOUNTS = 'https://accounts.google.com';
const googleSignInCsp: CspDirectives = {
  'script-src': [GOOGLE_ACCOUNTS], 'frame-src': [GOOGLE_ACCOUNTS], 'connect-src': [GOOGLE_ACCOUNTS], 'style-src': [GOOGLE_ACCOUNTS],
};

function mergeCsp(...parts: (CspDirectives | undefined)[]): CspDirectives {
  const out: CspDirectives = {};
  for (const part of parts) for (const [d, s] of Object.entries(part ?? {})) out[d] = [...(out[d] ?? []), ...s];
  return out;
}

/** Everything the API needs, registered on an instance that already has the zod compilers. */
export const appPlugin: FastifyPluginAsyncZod<AppOptions> = async (app, opts) => {
  const { config } = opts;
  // External plugins.
  await app.register(openapiPlugin, { version: APP_VERSION });
  // CORS only for the allow-listed origins (exact match); none by default. Bearer tokens, no cookies.
  await app.register(fastifyCors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'x-company-id', 'cache-control', OUTBOX_QUEUED_HEADER],
    maxAge: 600,
  });
  // App plugins.
  await app.register(clockPlugin, { clock: opts.clock });
  await app.register(databasePlugin, { database: opts.database });
  // `app.live`: the session live events every process hears (LISTEN/NOTIFY).
  await app.register(sessionLivePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  await app.register(authPlugin, { jwtSecret: config.jwtSecret });
  await app.register(staffAuthPlugin, { jwtSecret: config.jwtSecret });
  await app.register(mailerPlugin, { smtpUrl: config.smtpUrl, from: config.mailFrom, production: config.nodeEnv === 'production' });
  await app.register(securityHeadersPlugin, { csp: mergeCsp(opts.csp, config.googleClientId ? googleSignInCsp : {}) });
  await app.register(spaStaticPlugin, { apiBase: config.apiBase, staticDir: config.staticDir });
  // `app.mediaUrls` (signed media URLs) and the overdue-section sweeper.
  await app.register(mediaUrlsPlugin, { apiBase: config.apiBase, ttlSeconds: config.mediaUrlTtlSeconds, jwtSecret: config.jwtSecret });
  await app.register(sectionSweeperPlugin, { intervalMs: config.sweepIntervalMs });
  await app.register(insightsFoldPlugin, { intervalMs: config.sweepIntervalMs });
  // `app.blobs` (every stored file: DATA_DIR/media or the S3 bucket) and the retention sweep.
  await app.register(blobStorePlugin, { config });
  await app.register(retentionPlugin, { intervalMs: config.retentionIntervalMs, policy: config.retention });
  // `app.certificates`: issuance when an order completes, and its catch-up job.
  await app.register(certificatesPlugin, { publicUrl: config.publicUrl, host: config.host, port: config.port, intervalMs: config.sweepIntervalMs, keySecret: config.credentialKeySecret });
  // Routes.
  await app.register(apiRoutes, { prefix: config.apiBase, config, version: APP_VERSION });
};

/** A configured instance, plugins loaded, not yet listening (call listen() or inject()). */
export async function buildApp(opts: BuildAppOptions) {
  installZodMessages();
  const app = Fastify({
    logger: loggerOptions(opts.config, opts.logStream),
    trustProxy: opts.config.trustProxy,
    bodyLimit: 1024 * 1024, // JSON only; uploads go through multipart with their own limit
    routerOptions: { ignoreTrailingSlash: true },
    // Router errors (bad percent-encoding, over-long path parameters) in our error shape too.
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // fp: the app's hooks and handlers apply to the root instance (and so to 404s and static files).
  await app.register(fp(appPlugin, { name: 'epot-app' }), opts);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
