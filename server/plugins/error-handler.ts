// One body for every failure: { status, message }. Client errors say what was wrong (in
// Indonesian, naming the field for validation); server errors are logged in full and answered
// with a generic text so no internals (SQL, stack, paths) reach the client.
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../contracts/error.ts';
import { isHttpError, STORAGE_FULL_MESSAGE, UNAVAILABLE_MESSAGE } from '../http-error.ts';

export const SERVER_ERROR_MESSAGE = 'Terjadi kesalahan pada server';
const MAX_LISTED_ISSUES = 3;

const contextNames: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/** "email: E-mail tidak valid" — the field as a dotted path, or the request part for whole-part errors. */
function describeIssue(issue: ZodFastifySchemaValidationError, context: string | undefined): string {
  const field = issue.instancePath.split('/').filter(Boolean).join('.');
  return `${field || contextNames[context ?? ''] || 'data'}: ${issue.message}`;
}

// Fastify's own client errors, by code, in the texts the SPA shows.
const clientMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Format JSON tidak valid',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Body JSON tidak boleh kosong',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Ukuran data terlalu besar',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Jenis konten tidak didukung',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Panjang data tidak sesuai',
  FST_ERR_BAD_URL: 'Alamat URL tidak valid',
  FST_ERR_MAX_PARAM_LENGTH: 'Parameter pada alamat URL terlalu panjang',
};
const statusMessages: Record<number, string> = {
  400: 'Permintaan tidak valid',
  404: 'Endpoint tidak ditemukan',
  405: 'Metode tidak diizinkan',
  414: 'Alamat URL terlalu panjang',
  413: 'Ukuran data terlalu besar',
  415: 'Jenis konten tidak didukung',
  429: 'Terlalu banyak permintaan, coba lagi nanti',
};

export { UNAVAILABLE_MESSAGE };
// Connection-level failures (the database restarting or unreachable), as node-postgres and
// PostgreSQL report them: refused/reset sockets, admin shutdown, "starting up", class 08.
const UNAVAILABLE_CODES = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|57P0[123]|08\d{3})$/;
const UNAVAILABLE_TEXT = /Connection terminated|not queryable|timeout exceeded when trying to connect/i;

/** The database is down or restarting (anywhere in the cause chain): a 503 the client may retry, not a 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if ((typeof code === 'string' && UNAVAILABLE_CODES.test(code)) || (typeof message === 'string' && UNAVAILABLE_TEXT.test(message))) return true;
  }
  return false;
}

// A full disk (the file store's or PGlite's: ENOSPC, a quota: EDQUOT) or PostgreSQL's disk_full.
const STORAGE_FULL_CODES = /^(ENOSPC|EDQUOT|53100)$/;
const STORAGE_FULL_TEXT = /no space left on device|could not extend file/i;

/** The disk is full (anywhere in the cause chain): a 507 with a clear message, not a generic 500. */
export function isStorageFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if ((typeof code === 'string' && STORAGE_FULL_CODES.test(code)) || (typeof message === 'string' && STORAGE_FULL_TEXT.test(message))) return true;
  }
  return false;
}

/** How long health reports the storage as full after the last request that found it full. */
export const STORAGE_FULL_HEALTH_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** When a request last failed on a full disk (health reports degraded for a while after it). */
    storageFullAt: Date | null;
  }
}

export function toErrorBody(err: unknown): ErrorBody {
  if (isHttpError(err)) return { status: err.status, message: err.message, ...err.extra };
  if (isStorageFull(err)) return { status: 507, message: STORAGE_FULL_MESSAGE };
  if (isDatabaseUnavailable(err)) return { status: 503, message: UNAVAILABLE_MESSAGE };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const context = (err as { validationContext?: string }).validationContext;
    const lines = [...new Set(err.validation.map((i) => describeIssue(i, context)))];
    return { status: 400, message: lines.slice(0, MAX_LISTED_ISSUES).join('; ') };
  }
  const e = err as Partial<FastifyError>;
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    // JSON.parse's SyntaxError arrives with statusCode 400 and no code.
    if (err instanceof SyntaxError) return { status, message: clientMessages.FST_ERR_CTP_INVALID_JSON_BODY! };
    const message = (e.code && clientMessages[e.code]) || statusMessages[status] || e.message || 'Permintaan tidak valid';
    return { status, message };
  }
  return { status: status >= 500 && status < 600 ? status : 500, message: SERVER_ERROR_MESSAGE };
}

/**
 * Fastify's `frameworkErrors` option: errors the router raises before any route or hook runs
 * (a malformed percent-encoding, a path parameter over the length limit). Without it they answer
 * Fastify's own body, not ours.
 */
export function frameworkErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const body = toErrorBody(err);
  request.log.info({ status: body.status, reason: body.message }, 'client error');
  // No hooks run here (security-headers' no-store included): an error is never worth caching.
  void reply.code(body.status).headers({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' }).send(body);
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('storageFullAt', null);
  app.setErrorHandler((err, request, reply) => {
    const body = toErrorBody(err);
    if (body.status === 507) app.storageFullAt = app.clock.now();
    if (body.status === 503) reply.header('retry-after', '5');
    if (body.status >= 500) {
      // A failed query's message lists its parameters (e-mails, hashes): log the SQL and the cause only.
      if (err instanceof DrizzleQueryError) request.log.error({ err: err.cause ?? err.name, query: err.query }, 'query failed');
      else request.log.error({ err }, 'request failed');
    }
    else request.log.info({ status: body.status, reason: body.message }, 'client error');
    return reply.code(body.status).send(body);
  });
}, { name: 'epot-error-handler' });
