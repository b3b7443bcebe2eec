// The origin of the links in mails that a signed-in staff member's action sends (member invites,
// staff password-set links): PUBLIC_URL only. In production without it the mail carries no link and
// names the page instead, as a candidate's own forgot-password mail does; a request's Host, Origin or
// X-Forwarded-Host never chooses where our mails point (issue 29 item 13). Outside production the
// request's own origin is used, so a developer's mails work without configuration.
// docs/staff-console.md ("Links in mails") explains why.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

export function staffLinkOrigin(config: Pick<Config, 'publicUrl' | 'nodeEnv'>, req: FastifyRequest): string | null {
  if (config.publicUrl) return config.publicUrl;
  if (config.nodeEnv === 'production') return null;
  // As the URL standard spells an origin (no default port: inject()'s Host is localhost:80).
  return URL.canParse(`${req.protocol}://${req.host}`) ? new URL(`${req.protocol}://${req.host}`).origin : null;
}
