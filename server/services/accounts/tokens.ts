// Access tokens: HS256 JWTs with `sub` (user id), `tv` (the user's token_version) and a 12-hour
// `exp`. Bumping users.token_version (logout, password change) revokes every earlier token.
import { randomBytes, webcrypto } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { AppDb } from '../../db/client.ts';
import { appMeta } from '../../db/schema/index.ts';

export const TOKEN_TTL_SECONDS = 12 * 60 * 60;
const ALG = 'HS256';
const JWT_SECRET_KEY = 'jwt_secret';

export interface TokenSubject { id: string; token_version: number }
/** The raw secret, or the CryptoKey made from it once (jose imports raw bytes again on every call). */
export type TokenKey = Uint8Array | webcrypto.CryptoKey;
export interface TokenClaims { sub: string; tv: number }

/**
 * JWT_SECRET when set; otherwise a 256-bit secret generated once and kept in app_meta, so every
 * process on the same database (PGlite folder or PostgreSQL) signs and verifies with the same key.
 * The first process to insert wins; the others read its value.
 */
export async function loadJwtSecret(db: AppDb, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db.insert(appMeta)
    .values({ key: JWT_SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, JWT_SECRET_KEY));
  if (typeof row?.value !== 'string') throw new Error('app_meta.jwt_secret is missing or malformed');
  return Buffer.from(row.value, 'base64url');
}

/**
 * The HMAC key for jose, imported once: given raw bytes, jose runs WebCrypto's importKey on every
 * sign and verify, which was a tenth of the server's CPU under autosave load (bench/README.md).
 */
export function hmacKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** The audience of staff tokens; member tokens carry none, and each verifier refuses the other kind. */
export const STAFF_AUDIENCE = 'epot-staff';

export function signAccessToken(secret: TokenKey, user: TokenSubject, now: Date, audience?: string): Promise<string> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const jwt = new SignJWT({ tv: user.token_version });
  if (audience) jwt.setAudience(audience);
  return jwt
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + TOKEN_TTL_SECONDS)
    .sign(secret);
}

/** The claims of a valid token, or null (bad signature, other algorithm, expired, malformed). */
export async function verifyAccessToken(secret: TokenKey, token: string, now: Date, audience?: string): Promise<(TokenClaims & { exp: number }) | null> {
  try {
    // The allow-list rejects `alg: none` and any algorithm confusion; jose checks exp (and aud) itself.
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALG], requiredClaims: ['sub', 'exp'], currentDate: now, audience });
    // A member verifier never accepts a token made for another audience (a staff token).
    if (!audience && payload.aud !== undefined) return null;
    if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number' || !Number.isInteger(payload.tv)) return null;
    return { sub: payload.sub, tv: payload.tv, exp: payload.exp! };
  } catch {
    return null;
  }
}

/**
 * verifyAccessToken with a bounded memory of tokens it has verified, keyed by the whole token (its
 * signature included, so only a token this server signed can match). An autosaving candidate sends
 * the same token every 5 s, and each WebCrypto HMAC verification is an asynchronous job on the
 * thread pool: under autosave load that was the largest single item of the server's CPU profile
 * (bench/README.md). Expiry is checked against `now` on every use, as jose does; revocation
 * (token_version) is the caller's database check, made on every request as before.
 */
export function createTokenVerifier(secret: TokenKey, audience?: string, max = 20_000) {
  const verified = new Map<string, TokenClaims & { exp: number }>();
  return async (token: string, now: Date): Promise<TokenClaims | null> => {
    let claims = verified.get(token);
    if (!claims) {
      const fresh = await verifyAccessToken(secret, token, now, audience);
      if (!fresh) return null;
      // Oldest first out: a Map iterates in insertion order.
      if (verified.size >= max) verified.delete(verified.keys().next().value!);
      verified.set(token, claims = fresh);
    }
    if (claims.exp <= Math.floor(now.getTime() / 1000)) {
      verified.delete(token);
      return null;
    }
    return { sub: claims.sub, tv: claims.tv };
  };
}
