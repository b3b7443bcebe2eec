// Client error reporting (the spec says error reporting is present): uncaught errors and worker
// failures from the SPA land in the structured log. No login needed (errors happen logged out too);
// rate-limited per IP in the database, and scrubbed of anything that looks personal.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contracts/api-paths.ts';
import { clientErrorReportSchema, clientErrorResponseSchema } from '../../../contracts/client-errors.ts';
import { enforce } from '../../services/platform/rate-limit.ts';

const REPORTS_PER_IP = 30;
const WINDOW_MS = 60_000;

/** Masks e-mail addresses, bearer tokens/JWTs, licence codes, reset codes and long digit runs (phones, OTPs). */
export function scrub(text: string): string {
  return text
    .replace(/[^\s@"'<>]+@[^\s@"'<>]+\.[A-Za-z]{2,}/g, '[email]')
    .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token]')
    .replace(/Bearer\s+\S+/gi, 'Bearer [token]')
    .replace(/\b[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}\b/g, '[code]')
    .replace(/\d{6,}/g, '[digits]')
    // The reset link's code (half of a password reset, with the mailed OTP).
    .replace(/(\/password-reset\/)[^/?#\s]+/g, '$1[code]')
    .replace(/([?&][\w.-]+=)[^&\s#]*/g, '$1[redacted]');
}

export const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(apiPaths.clientErrors, {
    schema: { summary: 'Report an uncaught SPA error or worker failure', tags: ['system'],
      body: clientErrorReportSchema, response: { 200: clientErrorResponseSchema } },
    bodyLimit: 16 * 1024,
  }, async (req, reply) => {
    await enforce(app.db, reply, `client-errors:ip:${req.ip}`, REPORTS_PER_IP, WINDOW_MS, app.clock.now());
    const r = req.body;
    req.log.warn({
      client_error: {
        kind: r.kind, message: scrub(r.message), stack: r.stack ? scrub(r.stack) : undefined,
        path: scrub(r.path.split('?')[0] ?? ''), worker: r.worker, release: r.release,
        user_agent: req.headers['user-agent']?.slice(0, 200),
      },
    }, 'client error');
    return { status: 200 as const, message: 'OK', data: null };
  });
};
