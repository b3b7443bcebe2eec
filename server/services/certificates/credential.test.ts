// The signed credential's core: sign, verify against the JWKS alone, tampering, rotation (old
// certificates keep verifying), a compromised key, and the private key encrypted at rest.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta } from '../../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/server-helpers/test-db.ts';
import { markCompromised, publicJwks, rotateKey } from './credential-keys.ts';
import { signCredential, verifyCredential, type CredentialFacts } from './credential.ts';

let tdb: TestDatabase;
beforeAll(async () => { tdb = await createTestDatabase(); });
afterAll(async () => { await tdb?.cleanup(); });
const db = () => tdb.database.db;
const NOW = new Date('2026-11-28T09:00:00Z');
const SECRET = 'kunci-enkripsi-rahasia-0123456789';

const facts: CredentialFacts = {
  number: 'EPOT-7KQ2M9XP4RTA', name: 'Siti Nurhaliza Binti Ahmad', test_date: '2026-11-20',
  scores: { listening: 51, structure: 52, reading: 58 }, total: 537, level: 'Advanced', cefr: 'B1', valid_until: '2028-11-20', status_index: 7,
};

/** Re-signs nothing: swaps the payload for one with a changed score, keeping header and signature. */
function tamper(jws: string): string {
  const [h, p, s] = jws.split('.');
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString('utf8')) as { s: number[] };
  claims.s[0] = 60;
  return `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
}

describe('certificate credential', () => {
  it('signs the facts compactly; the JWKS alone verifies them; a changed score is invalid', async () => {
    const jws = await signCredential(db(), facts, NOW, SECRET);
    expect(jws.length).toBeLessThan(345);
    const jwks = await publicJwks(db(), NOW, SECRET);
    expect(JSON.stringify(jwks)).not.toMatch(/"d"/); // no private part published
    expect(await verifyCredential(jws, jwks)).toMatchObject({ valid: true, facts, key_status: 'active' });
    expect(await verifyCredential(tamper(jws), jwks)).toMatchObject({ valid: false, reason: 'bad_signature', facts: { scores: { listening: 60 } } });
    expect(await verifyCredential('not.a-credential', jwks)).toMatchObject({ valid: false });
    expect(await verifyCredential(jws, { keys: [] })).toMatchObject({ valid: false, reason: 'unknown_key' });
    // The private key is stored encrypted under the secret.
    const [row] = await db().select().from(appMeta).where(eq(appMeta.key, 'credential_signing_keys'));
    expect(JSON.stringify(row!.value)).toContain('"private_jwk":"enc:');
  });

  it('after a rotation, a credential signed before and one signed after both verify; a compromised key is marked', async () => {
    const before = await signCredential(db(), facts, NOW, SECRET);
    const oldKid = (await publicJwks(db(), NOW, SECRET)).keys.find((k) => k.status === 'active')!.kid;
    const newKid = await rotateKey(db(), NOW, SECRET);
    const after = await signCredential(db(), { ...facts, number: 'EPOT-AB2CD3EF4GH5' }, NOW, SECRET);
    let jwks = await publicJwks(db(), NOW, SECRET);
    expect(await verifyCredential(before, jwks)).toMatchObject({ valid: true, kid: oldKid, key_status: 'retired' });
    expect(await verifyCredential(after, jwks)).toMatchObject({ valid: true, kid: newKid, key_status: 'active' });
    expect(await markCompromised(db(), oldKid, NOW, SECRET)).toBe(true);
    jwks = await publicJwks(db(), NOW, SECRET);
    expect(await verifyCredential(before, jwks)).toMatchObject({ valid: true, key_status: 'compromised' });
    expect(await markCompromised(db(), 'k-nope', NOW)).toBe(false);
    // Compromising the signing key itself replaces it at once.
    await markCompromised(db(), newKid, NOW, SECRET);
    jwks = await publicJwks(db(), NOW, SECRET);
    expect(jwks.keys.filter((k) => k.status === 'active')).toHaveLength(1);
    expect(await verifyCredential(await signCredential(db(), facts, NOW, SECRET), jwks)).toMatchObject({ valid: true, key_status: 'active' });
  });
});
