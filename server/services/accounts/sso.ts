// Single sign-on links. The spec's /sso link carries uid (the e-mail) and name behind a fixed
// obfuscating prefix (SSO_PREFIX); we also require `exp` (unix seconds) and
//   sig = lowercase hex HMAC-SHA256(SSO_SECRET, `${uid}|${name}|${exp}`)
// over the raw values without the prefix, exactly as the SPA sends them back (email, fullname).
// The prefix is only obfuscation; the signature is what makes a link trustworthy.
// A link signs in once (sso_link_uses), lives at most SSO_MAX_TTL_SECONDS, and never signs into an
// account that has a password unless SSO was there first (users.sso_linked_at): issue 29 item 11.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { ssoLinkUses } from '../../db/schema/index.ts';

/** The longest a link may live: long enough to click it from a portal, too short to collect. */
export const SSO_MAX_TTL_SECONDS = 10 * 60;

export interface SsoConfig { ssoSecret: string | undefined; ssoPrefix: string }
export interface SsoLinkInput { email: string; name: string; ttlSeconds: number; baseUrl: string }

export function ssoSignature(secret: string, uid: string, name: string, exp: number): string {
  return createHmac('sha256', secret).update(`${uid}|${name}|${exp}`).digest('hex');
}

/** The full `<baseUrl>/sso?uid=…&name=…&exp=…&sig=…` link. */
export function signSsoLink(input: SsoLinkInput, config: SsoConfig, now: Date): string {
  if (!config.ssoSecret) throw new Error('SSO_SECRET is not set');
  const exp = Math.floor(now.getTime() / 1000) + input.ttlSeconds;
  const url = new URL('sso', input.baseUrl.endsWith('/') ? input.baseUrl : `${input.baseUrl}/`);
  url.searchParams.set('uid', config.ssoPrefix + input.email);
  url.searchParams.set('name', config.ssoPrefix + input.name);
  url.searchParams.set('exp', String(exp));
  url.searchParams.set('sig', ssoSignature(config.ssoSecret, input.email, input.name, exp));
  return url.toString();
}

export type SsoCheck = 'ok' | 'invalid' | 'expired' | 'too_long';

/** Timing-safe signature check, then expiry and the lifetime cap. */
export function verifySso(secret: string, uid: string, name: string, exp: number, sig: string, now: Date): SsoCheck {
  if (!/^[0-9a-f]{64}$/.test(sig) || !Number.isSafeInteger(exp)) return 'invalid';
  const expected = Buffer.from(ssoSignature(secret, uid, name, exp), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return 'invalid';
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (exp <= nowSeconds) return 'expired';
  return exp - nowSeconds > SSO_MAX_TTL_SECONDS ? 'too_long' : 'ok';
}

/** Marks a verified link used; false when it was used before (a replay). */
export async function spendSsoLink(db: AppDb, sig: string, exp: number, now: Date): Promise<boolean> {
  await db.delete(ssoLinkUses).where(lt(ssoLinkUses.expires_at, now));
  const rows = await db.insert(ssoLinkUses).values({ sig_hash: createHash('sha256').update(sig).digest('hex'), expires_at: new Date(exp * 1000) })
    .onConflictDoNothing().returning({ sig_hash: ssoLinkUses.sig_hash });
  return rows.length === 1;
}
