import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/server-helpers/test-db.ts';
import { createTokenVerifier, hmacKey, loadJwtSecret, signAccessToken, STAFF_AUDIENCE, TOKEN_TTL_SECONDS, verifyAccessToken } from './tokens.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.cleanup(); });

const user = { id: '6f1c1f52-7a51-4c55-9d5e-0b8e8e1f2a11', token_version: 3 };

describe('access tokens', () => {
  it('generates the secret once and shares it through the database', async () => {
    const a = await loadJwtSecret(t.database.db, undefined);
    const b = await loadJwtSecret(t.database.db, undefined);
    expect(a).toHaveLength(32);
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
    // JWT_SECRET wins when set.
    const configured = await loadJwtSecret(t.database.db, 'c'.repeat(40));
    expect(Buffer.from(configured).toString()).toBe('c'.repeat(40));
  });

  it('round-trips sub and tv, expires after 12 hours, and accepts HS256 only', async () => {
    const secret = await loadJwtSecret(t.database.db, undefined);
    const now = new Date('2026-11-28T16:30:00Z');
    const later = (s: number) => new Date(now.getTime() + s * 1000);
    const token = await signAccessToken(secret, user, now);
    const exp12h = Math.floor(now.getTime() / 1000) + TOKEN_TTL_SECONDS;
    expect(await verifyAccessToken(secret, token, now)).toEqual({ sub: user.id, tv: 3, exp: exp12h });
    expect(await verifyAccessToken(secret, token, later(TOKEN_TTL_SECONDS - 1))).toEqual({ sub: user.id, tv: 3, exp: exp12h });
    expect(await verifyAccessToken(secret, token, later(TOKEN_TTL_SECONDS))).toBeNull();
    const exp = Math.floor(now.getTime() / 1000) + 3600;
    const hs512 = await new SignJWT({ tv: 3 }).setProtectedHeader({ alg: 'HS512' }).setSubject(user.id).setExpirationTime(exp).sign(secret);
    expect(await verifyAccessToken(secret, hs512, now)).toBeNull();
    const noExp = await new SignJWT({ tv: 3 }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).sign(secret);
    expect(await verifyAccessToken(secret, noExp, now)).toBeNull();
    const noTv = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setExpirationTime(exp).sign(secret);
    expect(await verifyAccessToken(secret, noTv, now)).toBeNull();
  });

  it('the remembering verifier answers as verifyAccessToken does: expiry on every use, other keys and audiences refused', async () => {
    const secret = await loadJwtSecret(t.database.db, undefined);
    const key = await hmacKey(secret);
    const now = new Date('2026-11-28T16:30:00Z');
    const later = (s: number) => new Date(now.getTime() + s * 1000);
    const verify = createTokenVerifier(key, undefined, 2);
    const token = await signAccessToken(key, user, now);
    expect(await verify(token, now)).toEqual({ sub: user.id, tv: 3 });
    // Remembered now, yet still expires at its exp.
    expect(await verify(token, later(TOKEN_TTL_SECONDS - 1))).toEqual({ sub: user.id, tv: 3 });
    expect(await verify(token, later(TOKEN_TTL_SECONDS))).toBeNull();
    // Another key's token, a tampered one and a staff token never pass, remembered or not.
    const foreign = await signAccessToken(new TextEncoder().encode('x'.repeat(32)), user, now);
    expect(await verify(foreign, now)).toBeNull();
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verify(tampered, now)).toBeNull();
    const staffToken = await signAccessToken(key, user, now, STAFF_AUDIENCE);
    expect(await verify(staffToken, now)).toBeNull();
    expect(await createTokenVerifier(key, STAFF_AUDIENCE)(staffToken, now)).toEqual({ sub: user.id, tv: 3 });
    // Bounded: more tokens than it keeps still verify (the oldest is forgotten, then verified again).
    const others = await Promise.all([4, 5, 6].map((tv) => signAccessToken(key, { ...user, token_version: tv }, now)));
    for (const [i, other] of others.entries()) expect(await verify(other, now)).toEqual({ sub: user.id, tv: 4 + i });
    expect(await verify(token, now)).toEqual({ sub: user.id, tv: 3 });
  });
});
