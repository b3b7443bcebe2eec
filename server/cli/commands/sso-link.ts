// `npm run admin -- sso-link --email E --name N [--ttl 600] [--base-url URL]`: prints a signed
// single sign-on link (needs SSO_SECRET; the link logs that person in, creating the account if new).
import { z } from 'zod';
import { signSsoLink, SSO_MAX_TTL_SECONDS } from '../../services/accounts/sso.ts';
import { parseFlags, UsageError, type AdminCommand } from '../admin-command.ts';


export const ssoLinkCommand: AdminCommand = {
  name: 'sso-link',
  summary: 'print a signed /sso link for a member (SSO_SECRET must be set)',
  usage: ['sso-link --email EMAIL --name NAME [--ttl SECONDS (600)] [--base-url URL (PUBLIC_URL, else http://localhost:PORT)]'],
  async run(args, ctx) {
    const { values } = parseFlags(args, { values: ['email', 'name', 'ttl', 'base-url'] });
    const email = values.email?.trim();
    const name = values.name?.trim();
    if (!email || !z.email().safeParse(email).success) throw new UsageError('--email must be an e-mail address');
    if (!name) throw new UsageError('--name is required');
    const ttl = Number(values.ttl ?? 600);
    if (!Number.isInteger(ttl) || ttl < 1 || ttl > SSO_MAX_TTL_SECONDS) throw new UsageError(`--ttl must be 1..${SSO_MAX_TTL_SECONDS} seconds`);
    const baseUrl = values['base-url'] ?? ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
    if (!z.url({ protocol: /^https?$/ }).safeParse(baseUrl).success) throw new UsageError('--base-url must be an http(s) URL');
    if (!ctx.config.ssoSecret) throw new Error('SSO_SECRET is not set');
    ctx.out(signSsoLink({ email, name, ttlSeconds: ttl, baseUrl }, ctx.config, ctx.clock.now()));
  },
};
