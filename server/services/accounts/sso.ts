// Single sign-on links. The spec's /sso link carries uid (the e-mail) and name behind a fixed
// obfuscating prefix (SSO_PREFIX); we also require `exp` (unix seconds) and
//   sig = lowercase hex HMAC-SHA256(SSO_SECRET, `${uid}|${name}|${exp}`)
// over the raw values without the prefix, exactly as the SPA sends them back (email, fullname).
// The prefix is only obfuscation; the signature is what makes a link trustworthy.
import { createHmac, timingSafeEqual } from 'node:crypto';

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

export type SsoCheck = 'ok' | 'invalid' | 'expired';

/** Timing-safe signature check, then expiry. */
export function verifySso(secret: string, uid: string, name: string, exp: number, sig: string, now: Date): SsoCheck {
  if (!/^[0-9a-f]{64}$/.test(sig) || !Number.isSafeInteger(exp)) return 'invalid';
  const expected = Buffer.from(ssoSignature(secret, uid, name, exp), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return 'invalid';
  return exp > Math.floor(now.getTime() / 1000) ? 'ok' : 'expired';
}
