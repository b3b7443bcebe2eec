// The credential codec every verifier shares: URL in the QR, bare credentials, the status list's
// bit order (W3C Bitstring Status List v1.0: index 0 is the first byte's left-most bit) and its
// signature, and the unverified read a page shows beside "tampered".
import { CompactSign, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  credentialPayload, encodeStatusList, isStatusBitSet, parseVerifyUrl, readCredentialUnverified, STATUS_LIST_BITS, verifyCredential,
  verifyStatusList, verifyUrlFor, type CredentialFacts, type Jwks,
} from './credential.ts';

const facts: CredentialFacts = {
  number: 'EPOT-7KQ2M9XP4RTA', name: 'Siti Nurhaliza', test_date: '2026-11-20', scores: { listening: 51, structure: 52, reading: 58 },
  total: 537, level: 'Advanced', cefr: 'B1', valid_until: '2027-11-20', status_index: 42,
};

async function keyPair(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('Ed25519', { extractable: true });
  const jwks: Jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig', status: 'active' }] };
  return { privateKey, jwks };
}

describe('credential codec', () => {
  it('verifies, and reads what a tampered or unknown-key credential claims without trusting it', async () => {
    const { privateKey, jwks } = await keyPair('k1');
    const jws = await new CompactSign(credentialPayload(facts)).setProtectedHeader({ alg: 'EdDSA', kid: 'k1' }).sign(privateKey);
    expect(await verifyCredential(jws, jwks)).toEqual({ valid: true, facts, kid: 'k1', key_status: 'active' });
    const [h, , s] = jws.split('.');
    const forged = `${h}.${Buffer.from(credentialPayload({ ...facts, total: 600 })).toString('base64url')}.${s}`;
    expect(await verifyCredential(forged, jwks)).toMatchObject({ valid: false, reason: 'bad_signature', facts: { total: 600 } });
    expect(await verifyCredential(jws, { keys: [] })).toMatchObject({ valid: false, reason: 'unknown_key', facts: { number: facts.number } });
    expect(await verifyCredential('not.a-credential', jwks)).toEqual({ valid: false, reason: 'malformed' });
    expect(readCredentialUnverified(jws)).toEqual(facts);
  });

  it('puts the credential in the fragment and reads URLs and bare credentials back', async () => {
    const { privateKey } = await keyPair('k1');
    const jws = await new CompactSign(credentialPayload(facts)).setProtectedHeader({ alg: 'EdDSA', kid: 'k1' }).sign(privateKey);
    const url = verifyUrlFor('https://epot.example/', facts.number, jws);
    expect(url).toBe(`https://epot.example/verify/${facts.number}#${jws}`);
    expect(parseVerifyUrl(url)).toEqual({ number: facts.number, jws });
    expect(parseVerifyUrl(` ${jws}\n`)).toEqual({ number: facts.number, jws });
    expect(parseVerifyUrl(verifyUrlFor('https://epot.example', facts.number))).toEqual({ number: facts.number, jws: null });
    expect(parseVerifyUrl('https://epot.example/other/x')).toBeNull();
    expect(parseVerifyUrl('hello')).toBeNull();
  });

  it('sets exactly the listed bits, left-most first, in a list of the minimum size', async () => {
    const list = await encodeStatusList([0, 9, STATUS_LIST_BITS - 1]);
    expect(list.startsWith('u')).toBe(true);
    for (const [i, set] of [[0, true], [1, false], [8, false], [9, true], [42, false], [STATUS_LIST_BITS - 1, true]] as const) {
      expect(await isStatusBitSet(list, i)).toBe(set);
    }
    await expect(isStatusBitSet(list, STATUS_LIST_BITS)).rejects.toThrow(RangeError);
    await expect(encodeStatusList([-1])).rejects.toThrow(RangeError);
  });

  it('accepts a status list only when one of the keys signed it', async () => {
    const { privateKey, jwks } = await keyPair('k1');
    const other = await keyPair('k1');
    const encodedList = await encodeStatusList([42]);
    const vc = {
      '@context': ['https://www.w3.org/ns/credentials/v2'], id: 'https://epot.example/list', type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: 'https://epot.example', validFrom: '2026-11-28T00:00:00Z',
      credentialSubject: { id: 'https://epot.example/list#list', type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList },
    };
    const jwt = await new SignJWT(vc).setProtectedHeader({ alg: 'EdDSA', kid: 'k1', typ: 'vc+jwt' }).sign(privateKey);
    expect(await verifyStatusList(jwt, jwks)).toBe(encodedList);
    expect(await verifyStatusList(jwt, other.jwks)).toBeNull();
    expect(await isStatusBitSet(encodedList, facts.status_index!)).toBe(true);
  });
});
