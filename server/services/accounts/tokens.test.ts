import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/server-helpers/test-db.ts';
import { loadJwtSecret, signAccessToken, TOKEN_TTL_SECONDS, verifyAccessToken } from './tokens.ts';

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
    expect(await verifyAccessToken(secret, token, now)).toEqual({ sub: user.id, tv: 3 });
    expect(await verifyAccessToken(secret, token, later(TOKEN_TTL_SECONDS - 1))).toEqual({ sub: user.id, tv: 3 });
    expect(await verifyAccessToken(secret, token, later(TOKEN_TTL_SECONDS))).toBeNull();
    const exp = Math.floor(now.getTime() / 1000) + 3600;
    const hs512 = await new SignJWT({ tv: 3 }).setProtectedHeader({ alg: 'HS512' }).setSubject(user.id).setExpirationTime(exp).sign(secret);
    expect(await verifyAccessToken(secret, hs512, now)).toBeNull();
    const noExp = await new SignJWT({ tv: 3 }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).sign(secret);
    expect(await verifyAccessToken(secret, noExp, now)).toBeNull();
    const noTv = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setExpirationTime(exp).sign(secret);
    expect(await verifyAccessToken(secret, noTv, now)).toBeNull();
  });
});
