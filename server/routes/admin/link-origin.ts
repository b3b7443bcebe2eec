// The origin of the links in mails that a signed-in staff member's action sends (member invites,
// staff password-set links). Without PUBLIC_URL the request's Origin header is used, but only when
// it names this server itself (the host as the trusted-proxy rules give it) or one of CORS_ORIGINS:
// browsers always send it with a POST, and the caller is authenticated and audited. Candidates'
// own mails (forgot password) keep the stricter rule: no link from a request in production.
// docs/staff-console.md ("Links in mails") explains why.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

/** An http(s) origin as the URL standard spells it (lowercase host, no default port), or null. */
function normalised(value: string | undefined): string | null {
  if (typeof value !== 'string' || !/^https?:\/\/[^/\s?#@]+$/i.test(value)) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

export function staffLinkOrigin(config: Pick<Config, 'publicUrl' | 'corsOrigins' | 'nodeEnv'>, req: FastifyRequest): string | null {
  if (config.publicUrl) return config.publicUrl;
  const own = normalised(`${req.protocol}://${req.host}`);
  const origin = normalised(req.headers.origin);
  if (origin && (origin === own || config.corsOrigins.some((o) => normalised(o) === origin))) {
    // Visible in the logs next to the audit entry of the same staff member.
    req.log.info({ staff_id: req.staff?.id, link_origin: origin }, 'mailed link from the request origin (PUBLIC_URL unset)');
    return origin;
  }
  return config.nodeEnv === 'production' ? null : own;
}
