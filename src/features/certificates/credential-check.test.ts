// @vitest-environment node
// The verify page's rules for a QR credential (issue 28), without a network: a genuine credential
// is valid offline with revocation 'unknown'; online the signed status list or our record says
// revoked; a changed score is invalid (and shows what it claims); a compromised key is said so;
// no keys at all (offline, never cached) says the signature could not be checked.
import { CompactSign, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { credentialPayload, encodeStatusList, type CredentialFacts, type Jwks } from '../../../contracts/credential.ts';
import type { PublicCertificate } from '../../../contracts/certificates.ts';
import { checkCredential, type CheckDeps } from './credential-check.ts';

const facts: CredentialFacts = {
  number: 'EPOT-7KQ2M9XP4RTA', name: 'Siti Nurhaliza', test_date: '2026-11-20', scores: { listening: 51, structure: 52, reading: 58 },
  total: 537, level: 'Advanced', cefr: 'B1', valid_until: '2027-11-20', status_index: 9,
};
const record = (status: PublicCertificate['status'], revoked_reason: string | null = null): PublicCertificate => ({
  number: facts.number, name: facts.name, test_date: '2026-11-20T03:00:00Z', scores: facts.scores, total: 537, level: 'Advanced', cefr: 'B1',
  valid_until: '2027-11-20T03:00:00Z', status, revoked_reason,
});
const offline = () => Promise.reject(new Error('offline'));

async function issuer(status: 'active' | 'compromised' = 'active') {
  const { publicKey, privateKey } = await generateKeyPair('Ed25519', { extractable: true });
  const jwks: Jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA', use: 'sig', status }] };
  const jws = await new CompactSign(credentialPayload(facts)).setProtectedHeader({ alg: 'EdDSA', kid: 'k1' }).sign(privateKey);
  const list = async (revoked: number[]) => new SignJWT({ credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList: await encodeStatusList(revoked) } })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'k1', typ: 'vc+jwt' }).sign(privateKey);
  return { jwks, jws, list };
}
const deps = (d: Partial<CheckDeps>): CheckDeps => ({ jwks: offline, statusList: offline, record: offline, now: () => new Date('2026-12-01T00:00:00Z'), ...d });

describe('checkCredential', () => {
  it('offline with cached keys: signature valid, facts from the QR, revocation unknown', async () => {
    const { jwks, jws } = await issuer();
    expect(await checkCredential(jws, deps({ jwks: async () => jwks }))).toEqual({
      signature: 'valid', facts, kid: 'k1', revocation: 'unknown', revokedReason: null, expired: false,
    });
  });

  it('online: the signed list or the record decides revocation', async () => {
    const { jwks, jws, list } = await issuer();
    const online = { jwks: async () => jwks, record: async () => record('valid') };
    expect((await checkCredential(jws, deps({ ...online, statusList: async () => list([3]) }))).revocation).toBe('valid');
    expect((await checkCredential(jws, deps({ ...online, statusList: async () => list([9]) }))).revocation).toBe('revoked');
    // The list unreachable, the record says revoked (with its public reason).
    expect(await checkCredential(jws, deps({ jwks: async () => jwks, record: async () => record('revoked', 'dicabut setelah peninjauan') })))
      .toMatchObject({ revocation: 'revoked', revokedReason: 'dicabut setelah peninjauan' });
    // Past valid_until by the device's clock.
    expect((await checkCredential(jws, deps({ jwks: async () => jwks, now: () => new Date('2027-11-21T00:00:00Z') }))).expired).toBe(true);
  });

  it('a changed score is invalid and shows what it claims; a compromised key and missing keys are said so', async () => {
    const { jwks, jws } = await issuer();
    const [h, , s] = jws.split('.');
    const forged = `${h}.${Buffer.from(credentialPayload({ ...facts, total: 677 })).toString('base64url')}.${s}`;
    expect(await checkCredential(forged, deps({ jwks: async () => jwks, record: async () => record('valid') })))
      .toMatchObject({ signature: 'invalid', facts: { total: 677 }, revocation: 'unknown' });
    const bad = await issuer('compromised');
    expect((await checkCredential(bad.jws, deps({ jwks: async () => bad.jwks }))).signature).toBe('compromised');
    expect(await checkCredential(jws, deps({}))).toMatchObject({ signature: 'keys-unavailable', facts: { number: facts.number }, revocation: 'unknown' });
  });
});
